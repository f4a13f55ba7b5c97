import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { COMPANY_MESSAGES, EMPLOYMENT_TYPE_LABELS, type EmploymentType, type Job } from '@referwell/shared';
import { BRAND } from '@referwell/shared/constants';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { notFound } from '../../lib/errors';
import { cdata, escapeXml } from '../../lib/xml';
import { payOfRow } from '../jobs/port';
import { descriptionHtml } from './job-posting';
import { placeParts, remoteCountry } from './location';

/** The job types job boards read in the XML feed. */
const FEED_JOB_TYPE: Record<EmploymentType, string> = {
  'full-time': 'fulltime',
  'part-time': 'parttime',
  contract: 'contract',
  internship: 'internship',
  freelance: 'contract',
};
const BATCH = 1_000;

/** An open job as the feeds need it (times as ISO text in UTC). */
export interface FeedJob extends Pick<
  Job,
  | 'id'
  | 'title'
  | 'companyName'
  | 'location'
  | 'workplace'
  | 'employmentType'
  | 'description'
  | 'responsibilities'
  | 'requirements'
  | 'salaryRange'
> {
  payMin: number | null;
  payMax: number | null;
  payCurrency: string | null;
  payPeriod: string | null;
  createdAt: string;
  updatedAt: string;
}

const FEED_COLUMNS = sql`j.id, j.title, j.company_name as "companyName", j.location, j.workplace,
  j.job_type as "employmentType", j.description, j.responsibilities, j.requirements, j.salary_range as "salaryRange",
  j.pay_min as "payMin", j.pay_max as "payMax", j.pay_currency as "payCurrency", j.pay_period as "payPeriod",
  to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
  to_char(j.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"`;

/** Every open job, read in batches along the primary key. */
async function* openJobs(db: Db): AsyncGenerator<FeedJob> {
  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const rows = await preparedRows<FeedJob>(
      db,
      sql`select ${FEED_COLUMNS} from job_postings j
          where j.status = 'OPEN' and j.id > ${after} order by j.id limit ${BATCH}`,
    );
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/** One <job> of the XML job feed (the format job boards ingest: title, date, referencenumber, url, company, …). */
export function feedJobXml(job: FeedJob, origin: string): string {
  const remote = job.workplace === 'remote';
  const place = placeParts(job.location);
  const country = (remote ? remoteCountry(job.location) : place.country) ?? '';
  const pay = payOfRow(job);
  const fields: [string, string][] = [
    ['title', job.title],
    ['date', new Date(job.createdAt).toUTCString()],
    ['referencenumber', job.id],
    ['url', `${origin}/job/${job.id}`],
    ['company', job.companyName],
    ['city', remote ? '' : (place.city ?? '')],
    ['state', remote ? '' : (place.region ?? '')],
    ['country', country],
    ['description', descriptionHtml(job)],
    ['salary', job.salaryRange ?? ''],
    // The range as structured fields (issue 36: pay transparency), as JSON-LD baseSalary states it.
    ['salarymin', pay ? String(pay.min) : ''],
    ['salarymax', pay ? String(pay.max) : ''],
    ['salarycurrency', pay?.currency ?? ''],
    ['salaryperiod', pay?.period ?? ''],
    ['jobtype', FEED_JOB_TYPE[job.employmentType]],
    ['remotetype', remote ? 'Fully remote' : job.workplace === 'hybrid' ? 'Hybrid remote' : ''],
  ];
  return `<job>\n${fields.map(([name, value]) => `  <${name}>${cdata(value)}</${name}>`).join('\n')}\n</job>\n`;
}

async function* jobFeed(db: Db, origin: string): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<source>\n<publisher>${escapeXml(BRAND.name)}</publisher>\n`;
  yield `<publisherurl>${escapeXml(`${origin}/`)}</publisherurl>\n<lastBuildDate>${new Date().toUTCString()}</lastBuildDate>\n`;
  for await (const job of openJobs(db)) yield feedJobXml(job, origin);
  yield '</source>\n';
}

/** The newest open jobs a careers feed lists. */
export const COMPANY_FEED_JOBS = 100;

/** An Atom feed of a company's open jobs: its careers page for feed readers and job boards. */
export function companyAtom(
  company: { name: string; slug: string; updatedAt: string },
  jobs: FeedJob[],
  origin: string,
): string {
  const page = `${origin}/company/${encodeURIComponent(company.slug)}`;
  const updated = jobs.reduce((latest, job) => (job.updatedAt > latest ? job.updatedAt : latest), company.updatedAt);
  const entries = jobs.map((job) => {
    const url = `${origin}/job/${job.id}`;
    const facts = [job.location, EMPLOYMENT_TYPE_LABELS[job.employmentType], job.salaryRange].filter(Boolean);
    return `<entry>
  <id>${escapeXml(url)}</id>
  <title>${escapeXml(job.title)}</title>
  <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>
  <published>${job.createdAt}</published>
  <updated>${job.updatedAt}</updated>
  <summary>${escapeXml(facts.join(' · '))}</summary>
  <content type="html">${escapeXml(descriptionHtml(job))}</content>
</entry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${escapeXml(page)}</id>
<title>${escapeXml(`${company.name} jobs`)}</title>
<subtitle>${escapeXml(`Open positions at ${company.name} on ${BRAND.name}`)}</subtitle>
<link rel="self" type="application/atom+xml" href="${escapeXml(`${page}/jobs.atom`)}"/>
<link rel="alternate" type="text/html" href="${escapeXml(page)}"/>
<updated>${updated}</updated>
<author><name>${escapeXml(company.name)}</name></author>
${entries.join('\n')}
</feed>
`;
}

/** GET /jobs.xml (every open job, streamed) and GET /company/{slug}/jobs.atom (one company's careers feed). */
export function registerFeeds(app: FastifyInstance) {
  const origin = new URL(app.config.publicUrl).origin;
  app.get('/jobs.xml', { config: { access: 'visitor' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=900')
      .send(Readable.from(jobFeed(app.db, origin))),
  );
  app.get<{ Params: { slug: string } }>(
    '/company/:slug/jobs.atom',
    { config: { access: 'visitor' }, schema: { hide: true } },
    async (request, reply) => {
      const [company] = await preparedRows<{ id: string; name: string; slug: string; updatedAt: string }>(
        app.db,
        sql`select id, name, slug, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"
            from companies where slug = ${request.params.slug.toLowerCase()}`,
      );
      if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
      const jobs = await preparedRows<FeedJob>(
        app.db,
        sql`select ${FEED_COLUMNS} from job_postings j where j.company_id = ${company.id} and j.status = 'OPEN'
            order by j.created_at desc, j.id desc limit ${COMPANY_FEED_JOBS}`,
      );
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=900')
        .send(companyAtom(company, jobs, origin));
    },
  );
}
