import { z } from 'zod';
import { plainToHtml } from './escape';
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

const jobSchema = z.object({
  id: z.string(),
  title: z.string(),
  location: z.string().nullish(),
  secondaryLocations: z
    .array(z.object({ location: z.string().nullish() }))
    .nullish()
    .catch(null),
  isRemote: z.boolean().nullish(),
  isListed: z.boolean().nullish(),
  workplaceType: z.string().nullish(),
  employmentType: z.string().nullish(),
  descriptionHtml: z.string().nullish(),
  descriptionPlain: z.string().nullish(),
  jobUrl: z.string().nullish(),
  applyUrl: z.string().nullish(),
  compensation: z
    .object({
      scrapeableCompensationSalarySummary: z.string().nullish(),
      compensationTierSummary: z.string().nullish(),
      summaryComponents: z
        .array(
          z.object({
            compensationType: z.string().nullish(),
            interval: z.string().nullish(),
            currencyCode: z.string().nullish(),
            minValue: z.number().nullish(),
            maxValue: z.number().nullish(),
          }),
        )
        .nullish(),
    })
    .nullish()
    .catch(null),
});

/** GET {ASHBY_API_URL}/{organization}?includeCompensation=true (Ashby public job postings API): the whole board. */
const payloadSchema = z.object({ jobs: z.array(z.unknown()) });

const PUBLIC_API = 'https://api.ashbyhq.com/posting-api/job-board';

type Job = z.infer<typeof jobSchema>;

/** One Ashby job of a board's answer as job fields. */
function mapPosting(p: Job, org: string): MappedJob {
  const body = readBody(p.descriptionHtml || plainToHtml(p.descriptionPlain ?? ''));
  const job = emptyJob();
  job.title = line(p.title);
  job.company = companyFromText(`${p.descriptionPlain ?? ''}\n${htmlToText(p.descriptionHtml ?? '')}`, org);
  const places = [p.location, ...(p.secondaryLocations ?? []).map((s) => s.location)]
    .map((l) => line(l))
    .filter(Boolean);
  const workplace = (p.workplaceType ?? '').toLowerCase();
  job.location = withRemote(
    [...new Set(places)].join('; '),
    !!p.isRemote || workplace === 'remote',
    workplace === 'hybrid',
  );
  job.job_type = mapEmploymentType(p.employmentType ?? '');
  job.description = body.description;
  job.responsibilities = body.responsibilities;
  job.requirements = body.requirements;
  const salary = p.compensation?.summaryComponents?.find(
    (c) => /salary/i.test(c.compensationType ?? '') && (c.minValue != null || c.maxValue != null),
  );
  job.salary_range =
    (salary
      ? formatSalary(
          salary.minValue ?? undefined,
          salary.maxValue ?? undefined,
          salary.currencyCode ?? 'USD',
          intervalUnit(salary.interval),
        )
      : '') ||
    line(p.compensation?.scrapeableCompensationSalarySummary) ||
    body.salary;
  job.application_url = p.applyUrl ?? p.jobUrl ?? '';
  job.contact_email = body.email;
  return job;
}

const boardUrl = (apis: { ashby: string }, org: string) =>
  `${apis.ashby}/${encodeURIComponent(org)}?includeCompensation=true`;

export const ashby: AtsAdapter = {
  name: 'ashby',
  match(url, apis) {
    if (url.hostname.toLowerCase() !== 'jobs.ashbyhq.com') return null;
    const [org, id] = segments(url);
    if (!org || !id || !SLUG.test(org) || !/^[0-9a-f-]{8,64}$/i.test(id)) return null;
    return {
      ats: 'ashby',
      apiUrl: boardUrl(apis, org),
      map(raw) {
        const board = payloadSchema.safeParse(raw);
        if (!board.success) return null;
        const found = board.data.jobs.find(
          (j) => typeof j === 'object' && j !== null && (j as { id?: unknown }).id === id,
        );
        const parsed = jobSchema.safeParse(found);
        return parsed.success ? mapPosting(parsed.data, org) : null;
      },
    };
  },
  matchBoard(url, apis) {
    const parts = segments(url);
    // jobs.ashbyhq.com/{organization}, or the board's posting API address
    const org =
      url.hostname.toLowerCase() === 'jobs.ashbyhq.com'
        ? parts.length === 1
          ? parts[0]
          : null
        : apiSlug(url, [apis.ashby, PUBLIC_API]);
    if (!org || !SLUG.test(org)) return null;
    const list = (raw: unknown): BoardPosting[] | null => {
      const board = payloadSchema.safeParse(raw);
      if (!board.success) return null;
      return board.data.jobs.flatMap((item): BoardPosting[] => {
        const p = jobSchema.safeParse(item);
        if (!p.success) return [{ url: '', job: null }];
        if (p.data.isListed === false) return [];
        return [{ url: p.data.jobUrl || `https://jobs.ashbyhq.com/${org}/${p.data.id}`, job: mapPosting(p.data, org) }];
      });
    };
    return {
      ats: 'ashby',
      slug: org,
      apiUrl: boardUrl(apis, org),
      list,
      // Ashby's board names no company: as the first posting spells it.
      company: (raw) => list(raw)?.find((p) => p.job)?.job?.company ?? '',
    };
  },
};
