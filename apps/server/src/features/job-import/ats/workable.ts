import { z } from 'zod';
import { mapEmploymentType, parseDate, type MappedJob } from '@referwell/page-reader';
import { apiSlug, emptyJob, line, readBody, SLUG, segments, withRemote, type AtsAdapter } from './common';

const jobSchema = z.object({
  title: z.string(),
  shortcode: z.string(),
  employment_type: z.string().nullish(),
  telecommuting: z.boolean().nullish(),
  url: z.string().nullish(),
  shortlink: z.string().nullish(),
  application_url: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  country: z.string().nullish(),
  locations: z
    .array(z.object({ city: z.string().nullish(), region: z.string().nullish(), country: z.string().nullish() }))
    .nullish()
    .catch(null),
  description: z.string().nullish(),
  requirements: z.string().nullish(),
  benefits: z.string().nullish(),
  closing_date: z.string().nullish(),
});

/** GET {WORKABLE_API_URL}/{account}?details=true (Workable jobs widget API, public): the account's published jobs. */
const payloadSchema = z.object({ name: z.string().nullish(), jobs: z.array(z.unknown()) });

const place = (p: { city?: string | null; region?: string | null; state?: string | null; country?: string | null }) =>
  [p.city, p.region ?? p.state, p.country]
    .map((v) => line(v))
    .filter(Boolean)
    .join(', ');

const PUBLIC_APIS = ['https://apply.workable.com/api/v1/widget/accounts', 'https://www.workable.com/api/accounts'];

type Job = z.infer<typeof jobSchema>;

/** One job of a Workable account's answer as job fields, under the account's name. */
function mapPosting(p: Job, company: string): MappedJob {
  const html = [
    p.description ?? '',
    p.requirements ? `<h3>Requirements</h3>${p.requirements}` : '',
    p.benefits ? `<h3>Benefits</h3>${p.benefits}` : '',
  ].join('\n');
  const body = readBody(html);
  const job = emptyJob();
  job.title = line(p.title);
  job.company = company;
  const places = (p.locations?.length ? p.locations.map(place) : [place(p)]).filter(Boolean);
  job.location = withRemote([...new Set(places)].join('; '), !!p.telecommuting);
  job.job_type = mapEmploymentType(p.employment_type ?? '');
  job.description = body.description;
  job.responsibilities = body.responsibilities;
  job.requirements = body.requirements;
  job.salary_range = body.salary;
  job.application_url = p.application_url ?? p.url ?? p.shortlink ?? '';
  job.contact_email = body.email;
  job.deadline = parseDate(p.closing_date ?? '');
  return job;
}

const accountUrl = (apis: { workable: string }, account: string) =>
  `${apis.workable}/${encodeURIComponent(account)}?details=true`;

export const workable: AtsAdapter = {
  name: 'workable',
  match(url, apis) {
    const host = url.hostname.toLowerCase();
    const parts = segments(url);
    let account: string | undefined;
    let shortcode: string | undefined;
    // apply.workable.com/{account}/j/{shortcode}/
    if (host === 'apply.workable.com' && parts[1] === 'j') [account, , shortcode] = parts;
    // {account}.workable.com/j/{shortcode} (older career pages)
    else if (/^[a-z0-9-]+\.workable\.com$/.test(host) && host !== 'www.workable.com' && parts[0] === 'j') {
      account = host.split('.')[0];
      shortcode = parts[1];
    }
    if (!account || !shortcode || !SLUG.test(account) || !/^[A-Za-z0-9]{4,20}$/.test(shortcode)) return null;
    const code = shortcode.toUpperCase();
    const name = account;
    return {
      ats: 'workable',
      apiUrl: accountUrl(apis, name),
      map(raw) {
        const board = payloadSchema.safeParse(raw);
        if (!board.success) return null;
        const found = board.data.jobs.find(
          (j) =>
            typeof j === 'object' &&
            j !== null &&
            String((j as { shortcode?: unknown }).shortcode).toUpperCase() === code,
        );
        const parsed = jobSchema.safeParse(found);
        return parsed.success ? mapPosting(parsed.data, line(board.data.name) || name) : null;
      },
    };
  },
  matchBoard(url, apis) {
    const host = url.hostname.toLowerCase();
    const parts = segments(url);
    // The account's widget API address, apply.workable.com/{account}, or {account}.workable.com (older career pages)
    let account = apiSlug(url, [apis.workable, ...PUBLIC_APIS]);
    if (!account && host === 'apply.workable.com' && parts.length === 1 && parts[0] !== 'api') account = parts[0]!;
    else if (!account && /^[a-z0-9-]+\.workable\.com$/.test(host) && !['www', 'apply'].includes(host.split('.')[0]!))
      account = parts.length === 0 ? host.split('.')[0]! : null;
    if (!account || !SLUG.test(account)) return null;
    const slug = account;
    return {
      ats: 'workable',
      slug: slug,
      apiUrl: accountUrl(apis, slug),
      list(raw) {
        const board = payloadSchema.safeParse(raw);
        if (!board.success) return null;
        const company = line(board.data.name) || slug;
        return board.data.jobs.map((item) => {
          const p = jobSchema.safeParse(item);
          if (!p.success) return { url: '', job: null };
          const url = p.data.url || p.data.shortlink || `https://apply.workable.com/${slug}/j/${p.data.shortcode}/`;
          return { url, job: mapPosting(p.data, company) };
        });
      },
      company: (raw) => line(payloadSchema.safeParse(raw).data?.name),
    };
  },
};
