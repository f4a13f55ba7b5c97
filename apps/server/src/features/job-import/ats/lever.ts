import { z } from 'zod';
import { escapeHtml, plainToHtml } from './escape';
import { formatSalary, htmlToText, mapEmploymentType, type MappedJob } from '@referwell/page-reader';
import {
  apiSlug,
  companyFromText,
  type BoardPosting,
  emptyJob,
  intervalUnit,
  line,
  readBody,
  SLUG,
  segments,
  withRemote,
  type AtsAdapter,
} from './common';

/** GET {LEVER_API_URL}/{company}/{postingId} (Lever Postings API, public). */
const payloadSchema = z.object({
  id: z.string(),
  text: z.string(),
  categories: z
    .object({
      commitment: z.string().nullish(),
      location: z.string().nullish(),
      team: z.string().nullish(),
      department: z.string().nullish(),
      allLocations: z.array(z.string()).nullish(),
    })
    .nullish(),
  description: z.string().nullish(),
  descriptionPlain: z.string().nullish(),
  lists: z
    .array(z.object({ text: z.string().nullish(), content: z.string().nullish() }))
    .nullish()
    .catch(null),
  additional: z.string().nullish(),
  additionalPlain: z.string().nullish(),
  hostedUrl: z.string().nullish(),
  applyUrl: z.string().nullish(),
  workplaceType: z.string().nullish(),
  salaryRange: z
    .object({
      min: z.number().nullish(),
      max: z.number().nullish(),
      currency: z.string().nullish(),
      interval: z.string().nullish(),
    })
    .nullish()
    .catch(null),
  salaryDescriptionPlain: z.string().nullish(),
});

const HOSTS = /^jobs(?:\.eu)?\.lever\.co$/i;
const PUBLIC_APIS = ['https://api.lever.co/v0/postings', 'https://api.eu.lever.co/v0/postings'];

type Payload = z.infer<typeof payloadSchema>;

/** One Lever posting (a single posting's answer, or one of a site's list) as job fields. */
function mapPosting(p: Payload, company: string): MappedJob {
  // One HTML document in reading order: the description, each list under its own heading, then 'additional'.
  const html = [
    p.description || (p.descriptionPlain ? plainToHtml(p.descriptionPlain) : ''),
    ...(p.lists ?? []).map((l) => `<h3>${escapeHtml(l.text ?? '')}</h3><ul>${l.content ?? ''}</ul>`),
    p.additional || (p.additionalPlain ? plainToHtml(p.additionalPlain) : ''),
  ].join('\n');
  const body = readBody(html);
  const job = emptyJob();
  job.title = line(p.text);
  job.company = companyFromText(`${p.descriptionPlain ?? ''}\n${htmlToText(html)}`, company);
  const workplace = (p.workplaceType ?? '').toLowerCase();
  job.location = withRemote(line(p.categories?.location), workplace === 'remote', workplace === 'hybrid');
  job.job_type = mapEmploymentType(p.categories?.commitment ?? '');
  job.description = body.description;
  job.responsibilities = body.responsibilities;
  job.requirements = body.requirements;
  const pay = p.salaryRange;
  job.salary_range =
    (pay && (pay.min != null || pay.max != null)
      ? formatSalary(pay.min ?? undefined, pay.max ?? undefined, pay.currency ?? 'USD', intervalUnit(pay.interval))
      : '') ||
    line(p.salaryDescriptionPlain) ||
    body.salary;
  job.application_url = p.applyUrl ?? p.hostedUrl ?? '';
  job.contact_email = body.email;
  return job;
}

/** GET {LEVER_API_URL}/{site}?mode=json: every published posting of the site, as an array of postings. */
const listSchema = z.array(z.unknown());

export const lever: AtsAdapter = {
  name: 'lever',
  match(url, apis) {
    if (!HOSTS.test(url.hostname)) return null;
    const [company, id] = segments(url);
    if (!company || !id || !SLUG.test(company) || !/^[0-9a-f-]{8,64}$/i.test(id)) return null;
    return {
      ats: 'lever',
      apiUrl: `${apis.lever}/${encodeURIComponent(company)}/${id}`,
      map(raw) {
        const parsed = payloadSchema.safeParse(raw);
        return parsed.success ? mapPosting(parsed.data, company) : null;
      },
    };
  },
  matchBoard(url, apis) {
    const parts = segments(url);
    // jobs.lever.co/{site}, or the site's postings API address
    const site = HOSTS.test(url.hostname)
      ? parts.length === 1
        ? parts[0]
        : null
      : apiSlug(url, [apis.lever, ...PUBLIC_APIS]);
    if (!site || !SLUG.test(site)) return null;
    const list = (raw: unknown): BoardPosting[] | null => {
      const parsed = listSchema.safeParse(raw);
      if (!parsed.success) return null;
      return parsed.data.map((item) => {
        const p = payloadSchema.safeParse(item);
        if (!p.success) return { url: '', job: null };
        return {
          url: p.data.hostedUrl || `https://jobs.lever.co/${site}/${p.data.id}`,
          job: mapPosting(p.data, site),
        };
      });
    };
    return {
      ats: 'lever',
      slug: site,
      apiUrl: `${apis.lever}/${encodeURIComponent(site)}?mode=json`,
      list,
      // Lever names no company: as the first posting spells it.
      company: (raw) => list(raw)?.find((p) => p.job)?.job?.company ?? '',
    };
  },
};
