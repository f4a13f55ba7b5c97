import { aliasedTable, and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  JOB_MESSAGES,
  workplaceOf,
  type Job,
  type JobApplication,
  type JobInput,
  type JobSearchResponse,
  type JobSummary,
} from '@referwell/shared';
import { matchScore, skillKey } from '@referwell/shared/rules/match';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { selectRows, textArray, type Executor } from '../../db/repository';
import { candidatePipelines, companies, jobPostings, referrals, talentProfiles, users } from '../../db/schema';
import { openPipeline } from '../referrals/pipeline';
import type { AuthContext } from '../auth/sessions';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { requireCompanyUser, type CompanyAuth } from '../auth/guards';

type JobRow = typeof jobPostings.$inferSelect;

/** The weighted search document: title first, then company and skills, then the description. */
function searchDocument(input: Pick<JobInput, 'title' | 'company' | 'skills' | 'description'>): SQL {
  return sql`setweight(to_tsvector('english', ${input.title}), 'A')
    || setweight(to_tsvector('english', ${`${input.company} ${input.skills.join(' ')}`}), 'B')
    || setweight(to_tsvector('english', ${input.description}), 'C')`;
}

function columnsFrom(input: JobInput) {
  const bonus = input.referralBonusAmount;
  return {
    title: input.title,
    companyName: input.company,
    location: input.location,
    workplace: workplaceOf(input.location),
    jobType: input.employmentType,
    description: input.description,
    responsibilities: input.responsibilities ?? null,
    requirements: input.requirements,
    skills: input.skills,
    skillKeys: [...new Set(input.skills.map(skillKey).filter(Boolean))],
    salaryRange: input.salary ?? null,
    deadline: input.deadline ?? null,
    applicationUrl: input.applicationUrl ?? null,
    contactEmail: input.contactEmail ?? null,
    referralBonusAmount: bonus ?? null,
    referralBonusCurrency: bonus === undefined ? null : (input.referralBonusCurrency ?? 'USD'),
    search: searchDocument(input),
  };
}

/** Only a company's referrers and admins post jobs, for their own company (SPEC §6). */
export function requirePoster(auth: AuthContext | null): CompanyAuth {
  return requireCompanyUser(auth, JOB_MESSAGES.notAllowedToPost, JOB_MESSAGES.notLoggedIn);
}

const canEdit = (auth: AuthContext | null, job: Pick<JobRow, 'companyId' | 'createdBy'>) =>
  !!auth &&
  auth.company?.id === job.companyId &&
  (auth.company.role === 'companyAdmin' || job.createdBy === auth.user.id);

/** Stores a new OPEN job for a company (used by posting, the seed and tests). */
export async function insertJob(
  db: Executor,
  job: { companyId: string; createdBy: string | null; input: JobInput },
): Promise<string> {
  const [row] = await db
    .insert(jobPostings)
    .values({ ...columnsFrom(job.input), companyId: job.companyId, createdBy: job.createdBy, status: 'OPEN' })
    .returning({ id: jobPostings.id });
  return row!.id;
}

export async function createJob(db: Db, auth: AuthContext | null, input: JobInput): Promise<Job> {
  const poster = requirePoster(auth);
  const id = await insertJob(db, { companyId: poster.company.id, createdBy: poster.user.id, input });
  return getJob(db, auth, id);
}

async function editableJob(db: Executor, auth: AuthContext | null, id: string): Promise<JobRow> {
  if (!auth) throw unauthorized();
  const [job] = await db.select().from(jobPostings).where(eq(jobPostings.id, id));
  if (!job) throw notFound(JOB_MESSAGES.notFound);
  if (!canEdit(auth, job)) throw forbidden(JOB_MESSAGES.notAllowedToEdit);
  return job;
}

export async function updateJob(db: Db, auth: AuthContext | null, id: string, input: JobInput): Promise<Job> {
  await editableJob(db, auth, id);
  await db
    .update(jobPostings)
    .set({ ...columnsFrom(input), updatedAt: new Date() })
    .where(eq(jobPostings.id, id));
  return getJob(db, auth, id);
}

export async function closeJob(db: Db, auth: AuthContext | null, id: string): Promise<Job> {
  await editableJob(db, auth, id);
  await db.update(jobPostings).set({ status: 'CLOSED', updatedAt: new Date() }).where(eq(jobPostings.id, id));
  return getJob(db, auth, id);
}

export async function getJob(db: Db, auth: AuthContext | null, id: string): Promise<Job> {
  const [row] = await db
    .select({
      job: jobPostings,
      companySlug: companies.slug,
      posterName: users.name,
      applicationCount: sql<number>`(select cast(count(*) as int) from ${candidatePipelines}
        where ${candidatePipelines.jobId} = ${jobPostings.id} and ${candidatePipelines.appliedAt} is not null)`,
      hasApplied: auth
        ? sql<boolean>`exists(select 1 from ${candidatePipelines} where ${candidatePipelines.jobId} = ${jobPostings.id}
            and ${candidatePipelines.talentId} = ${auth.user.id} and ${candidatePipelines.appliedAt} is not null)`
        : sql<boolean>`false`,
    })
    .from(jobPostings)
    .innerJoin(companies, eq(companies.id, jobPostings.companyId))
    .leftJoin(users, eq(users.id, jobPostings.createdBy))
    .where(eq(jobPostings.id, id));
  if (!row) throw notFound(JOB_MESSAGES.notFound);
  const { job } = row;
  return {
    id: job.id,
    title: job.title,
    companyName: job.companyName,
    companyId: job.companyId,
    companySlug: row.companySlug,
    location: job.location,
    workplace: job.workplace,
    employmentType: job.jobType,
    description: job.description,
    responsibilities: job.responsibilities,
    requirements: job.requirements,
    skills: job.skills,
    salaryRange: job.salaryRange,
    deadline: job.deadline,
    applicationUrl: job.applicationUrl,
    contactEmail: job.contactEmail,
    referralBonus:
      job.referralBonusAmount === null
        ? null
        : { amount: job.referralBonusAmount, currency: job.referralBonusCurrency ?? 'USD' },
    status: job.status,
    createdAt: job.createdAt.toISOString(),
    postedBy: job.createdBy && row.posterName ? { id: job.createdBy, name: row.posterName } : null,
    applicationCount: row.applicationCount,
    viewer: {
      canEdit: canEdit(auth, job),
      canApply: auth?.user.type === 'jobseeker' && job.status === 'OPEN' && !row.hasApplied,
      hasApplied: row.hasApplied,
    },
  };
}

/** A job seeker applies: their pipeline on the job is opened at 'applied', or marked applied if they were referred. */
export async function applyToJob(db: Db, auth: AuthContext | null, id: string): Promise<void> {
  if (!auth) throw unauthorized();
  if (auth.user.type !== 'jobseeker') throw forbidden(JOB_MESSAGES.applyOnlyJobseekers);
  const [job] = await db.select({ status: jobPostings.status }).from(jobPostings).where(eq(jobPostings.id, id));
  if (!job) throw notFound(JOB_MESSAGES.notFound);
  if (job.status !== 'OPEN') throw conflict(JOB_MESSAGES.jobClosed);
  await db.transaction(async (tx) => {
    const { pipeline } = await openPipeline(tx, id, auth.user.id, 'applied', auth.user.id);
    if (pipeline.appliedAt) throw conflict('You have already applied to this job.');
    await tx
      .update(candidatePipelines)
      .set({ appliedAt: new Date(), updatedAt: new Date() })
      .where(eq(candidatePipelines.id, pipeline.id));
  });
}

/** The referrer's name for a row joined with its referral (a subquery: a second alias of users types as never). */
const referrerNameSql = sql<string | null>`(select u.name from users u where u.id = ${referrals.referrerId})`;

/** The job's applicants with their stage and, when they came through one, their referrer. */
export async function listApplications(db: Db, auth: AuthContext | null, id: string): Promise<JobApplication[]> {
  await editableJob(db, auth, id);
  const talent = aliasedTable(users, 'talent_user');
  const rows = await db
    .select({
      userId: talent.id,
      name: talent.name,
      email: talent.email,
      appliedAt: candidatePipelines.appliedAt,
      stage: candidatePipelines.stage,
      note: candidatePipelines.applicationNote,
      referralId: referrals.id,
      referrerName: referrerNameSql,
    })
    .from(candidatePipelines)
    .leftJoin(
      referrals,
      and(eq(referrals.jobId, candidatePipelines.jobId), eq(referrals.talentId, candidatePipelines.talentId)),
    )
    .innerJoin(talent, eq(talent.id, candidatePipelines.talentId))
    .where(and(eq(candidatePipelines.jobId, id), isNotNull(candidatePipelines.appliedAt)))
    .orderBy(desc(candidatePipelines.appliedAt));
  return rows.map(({ referralId, referrerName, appliedAt, stage, ...r }) => ({
    ...r,
    status: stage,
    appliedAt: appliedAt!.toISOString(),
    referredBy: referralId ? { referralId, name: referrerName } : null,
  }));
}

const cursorSchema = z.object({ r: z.number(), c: z.string().max(40), i: z.uuid() });
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(value: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('This page link is no longer valid. Start the search again.', { cursor: 'Invalid cursor' });
  }
}

export interface SearchFilters {
  q?: string | undefined;
  type: string[];
  workplace: string[];
  skills: string[];
  hasReferrer: boolean;
  companyId?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

interface SearchRow {
  id: string;
  title: string;
  company_name: string;
  company_slug: string;
  location: string;
  workplace: JobSummary['workplace'];
  job_type: JobSummary['employmentType'];
  salary_range: string | null;
  skills: string[];
  created_at: string;
  created_at_key: string;
  status: JobSummary['status'];
  referral_bonus_amount: number | null;
  referral_bonus_currency: string | null;
  excerpt: string;
  has_internal_referrer: boolean;
  rank: number;
}

/**
 * Open jobs matching the filters: ranked by full-text relevance when there is a query, newest
 * first otherwise; keyset-paginated on (rank, created_at, id) so pages stay stable and cheap.
 */
/** The signed-in job seeker's skill keys, for match scores; null for everyone else. */
async function viewerSkillKeys(db: Db, auth: AuthContext | null): Promise<string[] | null> {
  if (auth?.user.type !== 'jobseeker') return null;
  const [profile] = await db
    .select({ keys: talentProfiles.skillKeys })
    .from(talentProfiles)
    .where(eq(talentProfiles.id, auth.user.id));
  return profile?.keys ?? [];
}

export async function searchJobs(db: Db, auth: AuthContext | null, filters: SearchFilters): Promise<JobSearchResponse> {
  const viewerKeys = await viewerSkillKeys(db, auth);
  const query = filters.q ? sql`websearch_to_tsquery('english', ${filters.q})` : null;
  const rank = query ? sql`cast(ts_rank(j.search, ${query}) as double precision)` : sql`cast(0 as double precision)`;
  // An internal referrer is an employee on Referwell who is not one of the company's HR admins.
  const referrerExists = sql`exists(select 1 from company_members m where m.company_id = j.company_id and m.role = 'member')`;

  const conditions: SQL[] = [sql`j.status = 'OPEN'`];
  if (query) conditions.push(sql`j.search @@ ${query}`);
  if (filters.type.length)
    conditions.push(
      sql`j.job_type in (${sql.join(
        filters.type.map((t) => sql`${t}::employment_type`),
        sql`, `,
      )})`,
    );
  if (filters.workplace.length) {
    conditions.push(
      sql`j.workplace in (${sql.join(
        filters.workplace.map((w) => sql`${w}::workplace`),
        sql`, `,
      )})`,
    );
  }
  if (filters.skills.length) {
    conditions.push(sql`j.skills && ${textArray(filters.skills)}`);
  }
  if (filters.hasReferrer) conditions.push(referrerExists);
  if (filters.companyId) conditions.push(sql`j.company_id = ${filters.companyId}`);
  if (filters.cursor) {
    const cursor = decodeCursor(filters.cursor);
    conditions.push(sql`(${rank}, j.created_at, j.id) < (${cursor.r}, ${cursor.c}::timestamptz, ${cursor.i}::uuid)`);
  }

  // Rank and page on narrow rows first; the wide columns, the excerpt and the referrer check only for the page.
  const rows = await selectRows<SearchRow>(
    db,
    sql`with page as (
          select j.id, j.created_at, ${rank} as rank
          from job_postings j
          where ${sql.join(conditions, sql` and `)}
          order by rank desc, j.created_at desc, j.id desc
          limit ${filters.limit + 1}
        )
        select j.id, j.title, j.company_name, c.slug as company_slug, j.location, j.workplace, j.job_type,
          j.salary_range, j.skills, j.created_at, j.created_at::text as created_at_key, j.status,
          j.referral_bonus_amount, j.referral_bonus_currency,
          left(regexp_replace(j.description, '\\s+', ' ', 'g'), 220) as excerpt,
          ${referrerExists} as has_internal_referrer, page.rank
        from page join job_postings j on j.id = page.id join companies c on c.id = j.company_id
        order by page.rank desc, page.created_at desc, page.id desc`,
  );
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      title: r.title,
      companyName: r.company_name,
      companySlug: r.company_slug,
      location: r.location,
      workplace: r.workplace,
      employmentType: r.job_type,
      salaryRange: r.salary_range,
      skills: r.skills,
      createdAt: new Date(r.created_at).toISOString(),
      status: r.status,
      referralBonus:
        r.referral_bonus_amount === null
          ? null
          : { amount: r.referral_bonus_amount, currency: r.referral_bonus_currency ?? 'USD' },
      excerpt: r.excerpt,
      hasInternalReferrer: r.has_internal_referrer,
      matchScore: viewerKeys ? matchScore(r.skills, viewerKeys) : null,
    })),
    nextCursor:
      rows.length > filters.limit && last
        ? encodeCursor({ r: Number(last.rank), c: last.created_at_key, i: last.id })
        : null,
  };
}
