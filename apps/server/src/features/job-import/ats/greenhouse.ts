import { load } from 'cheerio';
import { z } from 'zod';
import { decodeEntities, formatSalary, mapEmploymentType, parseDate } from '@referwell/page-reader';
import type { MappedJob } from '@referwell/page-reader';
import { apiSlug, emptyJob, line, readBody, SLUG, segments, withRemote, type AtsAdapter } from './common';

/** GET {GREENHOUSE_API_URL}/{board}/jobs/{id}?pay_transparency=true (Greenhouse Job Board API, public). */
const payloadSchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  absolute_url: z.string().nullish(),
  content: z.string().nullish(),
  company_name: z.string().nullish(),
  location: z.object({ name: z.string().nullish() }).nullish(),
  offices: z.array(z.object({ name: z.string().nullish(), location: z.string().nullish() })).nullish(),
  metadata: z
    .array(z.object({ name: z.string().nullish(), value: z.unknown() }))
    .nullish()
    .catch(null),
  pay_input_ranges: z
    .array(
      z.object({
        min_cents: z.number().nullish(),
        max_cents: z.number().nullish(),
        currency_type: z.string().nullish(),
        title: z.string().nullish(),
      }),
    )
    .nullish()
    .catch(null),
});

const HOSTS = /^(?:boards|job-boards)(?:\.eu)?\.greenhouse\.io$/i;

function metadataValue(metadata: z.infer<typeof payloadSchema>['metadata'], name: RegExp): string {
  const entry = metadata?.find((m) => m.name && name.test(m.name));
  const value = entry?.value;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(', ');
  return '';
}

/** Greenhouse sends the posting HTML entity-escaped; its pay-transparency block is read from pay_input_ranges instead. */
function contentHtml(content: string): string {
  const html = /<[a-z]/i.test(content) ? content : decodeEntities(content);
  const $ = load(html, null, false);
  $('.content-pay-transparency').remove();
  return $.html();
}

type Payload = z.infer<typeof payloadSchema>;

/** One Greenhouse job (a single job's answer, or one of a board's list) as job fields. */
function mapPosting(p: Payload, board: string): MappedJob {
  const body = readBody(contentHtml(p.content ?? ''));
  const job = emptyJob();
  job.title = line(p.title);
  job.company = line(p.company_name) || line(board);
  const location = line(p.location?.name) || (p.offices ?? []).map((o) => line(o.location ?? o.name)).join('; ');
  job.location = withRemote(location, false);
  job.job_type = mapEmploymentType(metadataValue(p.metadata, /employment|job type|commitment/i));
  job.description = body.description;
  job.responsibilities = body.responsibilities;
  job.requirements = body.requirements;
  const pay = p.pay_input_ranges?.find((r) => r.min_cents != null || r.max_cents != null);
  job.salary_range = pay
    ? formatSalary(
        pay.min_cents != null ? pay.min_cents / 100 : undefined,
        pay.max_cents != null ? pay.max_cents / 100 : undefined,
        pay.currency_type ?? 'USD',
        /hour/i.test(pay.title ?? '') ? 'HOUR' : 'YEAR',
      )
    : body.salary;
  job.application_url = p.absolute_url ?? '';
  job.contact_email = body.email;
  job.deadline = parseDate(metadataValue(p.metadata, /deadline|closing date|apply by/i));
  return job;
}

/** GET {GREENHOUSE_API_URL}/{board}/jobs?content=true: every published job of the board, with its content. */
const listSchema = z.object({ jobs: z.array(z.unknown()) });
/** GET {GREENHOUSE_API_URL}/{board}: the board's name (the company) and intro. */
const boardSchema = z.object({ name: z.string().nullish() });

const PUBLIC_API = 'https://boards-api.greenhouse.io/v1/boards';

export const greenhouse: AtsAdapter = {
  name: 'greenhouse',
  match(url, apis) {
    if (!HOSTS.test(url.hostname)) return null;
    const parts = segments(url);
    let board: string | undefined;
    let id: string | undefined;
    // boards.greenhouse.io/{board}/jobs/{id} and job-boards.greenhouse.io/{board}/jobs/{id}
    if (parts.length >= 3 && parts[1] === 'jobs') [board, , id] = parts;
    // boards.greenhouse.io/embed/job_app?for={board}&token={id}
    else if (parts[0] === 'embed') {
      board = url.searchParams.get('for') ?? undefined;
      id = url.searchParams.get('token') ?? url.searchParams.get('gh_jid') ?? undefined;
    }
    if (!board || !id || !SLUG.test(board) || !/^\d{1,20}$/.test(id)) return null;
    return {
      ats: 'greenhouse',
      apiUrl: `${apis.greenhouse}/${encodeURIComponent(board)}/jobs/${id}?pay_transparency=true`,
      map(raw) {
        const parsed = payloadSchema.safeParse(raw);
        return parsed.success ? mapPosting(parsed.data, board) : null;
      },
    };
  },
  matchBoard(url, apis) {
    const parts = segments(url);
    let board: string | null | undefined;
    if (HOSTS.test(url.hostname)) {
      // boards.greenhouse.io/{board}, job-boards.greenhouse.io/{board}, boards.greenhouse.io/embed/job_board?for={board}
      if (parts.length === 1 && parts[0] !== 'embed') board = parts[0];
      else if (parts[0] === 'embed' && parts[1] === 'job_board') board = url.searchParams.get('for');
    } else board = apiSlug(url, [apis.greenhouse, PUBLIC_API], ['/jobs']);
    if (!board || !SLUG.test(board)) return null;
    const slug = board;
    const base = `${apis.greenhouse}/${encodeURIComponent(slug)}`;
    return {
      ats: 'greenhouse',
      slug: slug,
      apiUrl: `${base}/jobs?content=true`,
      nameUrl: base,
      list(raw) {
        const parsed = listSchema.safeParse(raw);
        if (!parsed.success) return null;
        return parsed.data.jobs.map((item) => {
          const p = payloadSchema.safeParse(item);
          if (!p.success) return { url: '', job: null };
          const url = p.data.absolute_url || `https://boards.greenhouse.io/${slug}/jobs/${p.data.id}`;
          return { url, job: mapPosting(p.data, slug) };
        });
      },
      company: (raw) => line(boardSchema.safeParse(raw).data?.name),
    };
  },
};
