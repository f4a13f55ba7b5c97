import { z } from 'zod';
import { plainToHtml } from './escape';
import { formatSalary, htmlToText, mapEmploymentType } from '@referwell/page-reader';
import {
  companyFromText,
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

export const ashby: AtsAdapter = {
  name: 'ashby',
  match(url, apis) {
    if (url.hostname.toLowerCase() !== 'jobs.ashbyhq.com') return null;
    const [org, id] = segments(url);
    if (!org || !id || !SLUG.test(org) || !/^[0-9a-f-]{8,64}$/i.test(id)) return null;
    return {
      ats: 'ashby',
      apiUrl: `${apis.ashby}/${encodeURIComponent(org)}?includeCompensation=true`,
      map(raw) {
        const board = payloadSchema.safeParse(raw);
        if (!board.success) return null;
        const found = board.data.jobs.find(
          (j) => typeof j === 'object' && j !== null && (j as { id?: unknown }).id === id,
        );
        const parsed = jobSchema.safeParse(found);
        if (!parsed.success) return null;
        const p = parsed.data;
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
      },
    };
  },
};
