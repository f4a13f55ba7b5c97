import { aliasedTable, and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  annualSalaryBounds,
  JOB_MESSAGES,
  workplaceOf,
  type Job,
  type JobApplication,
  type JobApplyInput,
  type JobInput,
  type JobStatusChange,
  type JobViewerState,
  type WhereIStand,
} from '@referwell/shared';
import { placeColumns } from '@referwell/shared/places';
import { skillKey } from '@referwell/shared/rules/match';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { candidatePipelines, companies, jobPostings, referrals, users } from '../../db/schema';
import {
  attributeSharedLink,
  closeRequestsFor,
  openPipeline,
  refreshFunnelLevel,
  viewerStatus,
  viewerStatuses,
} from '../referrals/port';
import type { AuthContext } from '../../platform/sessions/sessions';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { onJobTeam, seesJob, type CompanyAuth } from '../../platform/access/guards';
import type { Access } from '../../platform/access/route-access';
import { notifyTeamOfApplication } from '../../platform/notifications/company-events';
import { enqueue } from '../../lib/queue/enqueue';
import { forgetJobSearches } from './search';
import { heldByOf, payColumns, payOfRow, payRangeRequired, payTransparencyOf, unmetPayRules } from './pay-transparency';
import { announceOpenedJob } from '../chat/port';

type JobRow = typeof jobPostings.$inferSelect;

function columnsFrom(input: JobInput) {
  const bonus = input.referralBonusAmount;
  // The annual pay the search filters and sorts on, read from the salary text as the job page reads it.
  const pay = annualSalaryBounds(input.salary);
  return {
    title: input.title,
    companyName: input.company,
    location: input.location,
    workplace: workplaceOf(input.location),
    ...placeColumns(input.location),
    jobType: input.employmentType,
    description: input.description,
    responsibilities: input.responsibilities ?? null,
    requirements: input.requirements,
    skills: input.skills,
    skillKeys: [...new Set(input.skills.map(skillKey).filter(Boolean))],
    salaryRange: input.salary ?? null,
    salaryMin: pay?.min ?? null,
    salaryMax: pay?.max ?? null,
    ...payColumns(input.salary),
    deadline: input.deadline ?? null,
    applicationUrl: input.applicationUrl ?? null,
    contactEmail: input.contactEmail ?? null,
    referralBonusAmount: bonus ?? null,
    referralBonusCurrency: bonus === undefined ? null : (input.referralBonusCurrency ?? 'USD'),
  };
}

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** A job became open (posted or published): the saved searches with instant alerts it matches get one. */
    'match-saved-searches': { jobId: string };
  }
}

/**
 * A job became open: saved searches with instant alerts are matched against it in the background, and a role with a
 * bonus is posted to the company's Slack and Teams channels.
 */
async function jobOpened(tx: Executor, jobId: string) {
  await enqueue(tx, 'match-saved-searches', { jobId });
  await announceOpenedJob(tx, jobId);
}

/** Only a company's referrers and admins post jobs, for their own company (SPEC §6): the access of the routes that do. */
export const POSTERS: Access = {
  role: 'companyUser',
  refused: JOB_MESSAGES.notAllowedToPost,
  signedOut: JOB_MESSAGES.notLoggedIn,
};

/** Stores a new job for a company, OPEN unless saved as a draft (used by posting, the seed and tests). */
export async function insertJob(
  db: Executor,
  job: {
    companyId: string;
    createdBy: string | null;
    input: JobInput;
    status?: 'OPEN' | 'DRAFT';
    /** Pay-transparency rules that held an imported job as a draft (pay-transparency.ts). */
    payHeldBy?: string | null;
    /** The job source it was read from and its address there (syncSourceJobs). */
    source?: { id: string; url: string };
  },
): Promise<string> {
  const [row] = await db
    .insert(jobPostings)
    .values({
      ...columnsFrom(job.input),
      companyId: job.companyId,
      createdBy: job.createdBy,
      status: job.status ?? 'OPEN',
      payHeldBy: job.payHeldBy ?? null,
      sourceId: job.source?.id ?? null,
      sourceUrl: job.source?.url ?? null,
    })
    .returning({ id: jobPostings.id });
  return row!.id;
}

export async function createJob(
  db: Db,
  poster: CompanyAuth,
  input: JobInput,
  options: { draft: boolean; imported?: boolean } = { draft: false },
): Promise<Job> {
  // Pay transparency (issue 36): an open job a law covers needs a range; an imported one without it waits as a draft.
  const unmet = options.draft
    ? []
    : await unmetPayRules(db, {
        companyId: poster.company.id,
        location: input.location,
        salary: input.salary,
        exempt: false,
      });
  if (unmet.length > 0 && !options.imported) throw payRangeRequired(unmet);
  const status = options.draft || unmet.length > 0 ? 'DRAFT' : 'OPEN';
  const payHeldBy = unmet.length > 0 ? heldByOf(unmet) : null;
  const id = await db.transaction(async (tx) => {
    const created = await insertJob(tx, {
      companyId: poster.company.id,
      createdBy: poster.user.id,
      input,
      status,
      payHeldBy,
    });
    if (status === 'OPEN') await jobOpened(tx, created);
    return created;
  });
  forgetJobSearches(db);
  return getJob(db, poster, id);
}

/** What a crawl of a job source changed (syncSourceJobs). */
export interface SourceSync {
  added: number;
  updated: number;
  closed: number;
  /** Added or kept as drafts because a pay-transparency law asks for a range the posting does not give. */
  held: number;
}

/**
 * Keeps a company's jobs read from one job source in step with what its last crawl listed, in one transaction: a
 * posting not seen before is added (a draft held by the pay-transparency rules when a covered location gives no
 * range, as for any import), one seen before is updated (and held as a draft if it lost a range it needs), and an
 * open or draft one the source no longer lists is closed (its pending referral requests close with it).
 */
export async function syncSourceJobs(
  db: Db,
  source: { id: string; companyId: string },
  listed: { url: string; input: JobInput }[],
): Promise<SourceSync> {
  const outcome: SourceSync = { added: 0, updated: 0, closed: 0, held: 0 };
  await db.transaction(async (tx) => {
    const known = await tx
      .select({ id: jobPostings.id, url: jobPostings.sourceUrl, status: jobPostings.status })
      .from(jobPostings)
      .where(eq(jobPostings.sourceId, source.id));
    const byUrl = new Map(known.map((row) => [row.url, row]));
    for (const { url, input } of listed) {
      const row = byUrl.get(url);
      const unmet = await unmetPayRules(tx, {
        companyId: source.companyId,
        location: input.location,
        salary: input.salary,
        exempt: false,
      });
      const payHeldBy = unmet.length > 0 ? heldByOf(unmet) : null;
      if (payHeldBy) outcome.held++;
      if (!row) {
        const status = payHeldBy ? 'DRAFT' : 'OPEN';
        const id = await insertJob(tx, {
          companyId: source.companyId,
          createdBy: null,
          input,
          status,
          payHeldBy,
          source: { id: source.id, url },
        });
        if (status === 'OPEN') await jobOpened(tx, id);
        outcome.added++;
        continue;
      }
      // A job someone closed or filled stays so; an open one that now needs a range waits as a draft.
      const held = row.status === 'OPEN' && payHeldBy !== null;
      await tx
        .update(jobPostings)
        .set({
          ...columnsFrom(input),
          ...(row.status === 'DRAFT' || held ? { payHeldBy } : {}),
          ...(held ? { status: 'DRAFT' as const } : {}),
          updatedAt: new Date(),
        })
        .where(eq(jobPostings.id, row.id));
      if (held) await closeRequestsFor(tx, { jobId: row.id, reason: 'job_closed' });
      outcome.updated++;
    }
    const seen = new Set(listed.map((job) => job.url));
    for (const row of known) {
      if ((row.url !== null && seen.has(row.url)) || (row.status !== 'OPEN' && row.status !== 'DRAFT')) continue;
      await tx.update(jobPostings).set({ status: 'CLOSED', updatedAt: new Date() }).where(eq(jobPostings.id, row.id));
      if (row.status === 'OPEN') await closeRequestsFor(tx, { jobId: row.id, reason: 'job_closed' });
      outcome.closed++;
    }
  });
  forgetJobSearches(db);
  return outcome;
}

async function editableJob(db: Executor, me: AuthContext, id: string): Promise<JobRow> {
  const [job] = await db.select().from(jobPostings).where(eq(jobPostings.id, id));
  if (!job || !seesJob(me, job)) throw notFound(JOB_MESSAGES.notFound);
  if (!onJobTeam(me, job)) throw forbidden(JOB_MESSAGES.notAllowedToEdit);
  return job;
}

export async function updateJob(db: Db, auth: AuthContext, id: string, input: JobInput): Promise<Job> {
  const job = await editableJob(db, auth, id);
  const exempt = job.payExemptReason !== null;
  const unmet = await unmetPayRules(db, {
    companyId: job.companyId,
    location: input.location,
    salary: input.salary,
    exempt,
  });
  // An open job stays within the law; a held draft keeps its reason until the range is added.
  if (job.status === 'OPEN' && unmet.length > 0) throw payRangeRequired(unmet);
  const payHeldBy = job.payHeldBy && unmet.length > 0 ? heldByOf(unmet) : null;
  await db
    .update(jobPostings)
    .set({ ...columnsFrom(input), payHeldBy, updatedAt: new Date() })
    .where(eq(jobPostings.id, id));
  forgetJobSearches(db);
  return getJob(db, auth, id);
}

/** Close, reopen (or publish a draft) or mark filled: the job's creator or the company's admins. */
export async function setJobStatus(
  db: Db,
  auth: AuthContext,
  id: string,
  status: JobStatusChange['status'],
): Promise<Job> {
  const job = await editableJob(db, auth, id);
  if (status === 'OPEN' && job.status !== 'OPEN') {
    const exempt = job.payExemptReason !== null;
    const unmet = await unmetPayRules(db, { ...job, salary: job.salaryRange, exempt });
    if (unmet.length > 0) throw payRangeRequired(unmet);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(jobPostings)
      .set({ status, ...(status === 'OPEN' ? { payHeldBy: null } : {}), updatedAt: new Date() })
      .where(eq(jobPostings.id, id));
    if (status === 'OPEN' && job.status !== 'OPEN') await jobOpened(tx, id);
    // Requests for a job that no longer takes referrals close, and their referrers are told.
    if (status !== 'OPEN' && job.status === 'OPEN') await closeRequestsFor(tx, { jobId: id, reason: 'job_closed' });
  });
  forgetJobSearches(db);
  return getJob(db, auth, id);
}

export const closeJob = (db: Db, auth: AuthContext, id: string) => setJobStatus(db, auth, id, 'CLOSED');

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
  if (!row || !seesJob(auth, row.job)) throw notFound(JOB_MESSAGES.notFound);
  const { job } = row;
  const status = await viewerStatus(db, auth, {
    id: job.id,
    companyId: job.companyId,
    companyName: job.companyName,
    createdBy: job.createdBy,
    status: job.status,
    bonusAmount: job.referralBonusAmount,
    bonusCurrency: job.referralBonusCurrency,
  });
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
    pay: payOfRow(job),
    payTransparency: onJobTeam(auth, job) ? await payTransparencyOf(db, job) : null,
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
      canEdit: onJobTeam(auth, job),
      canApply: auth?.user.type === 'jobseeker' && job.status === 'OPEN' && !row.hasApplied,
      hasApplied: row.hasApplied,
    },
    viewerStatus: status,
  };
}

/** The states in which a job seeker stands somewhere on a job: what search cards mark. */
const STANDING: ReadonlySet<JobViewerState> = new Set([
  'requested',
  'referral_to_confirm',
  'referred',
  'applied',
  'in_process',
  'hired',
  'not_selected',
]);

/**
 * Where the signed-in job seeker stands on each of these jobs (the job page's one line), for the jobs they may see and
 * have done something about: a page of search results asks once for all its cards.
 */
export async function whereIStand(db: Db, auth: AuthContext, ids: string[]): Promise<WhereIStand> {
  const rows = await db.select().from(jobPostings).where(inArray(jobPostings.id, ids));
  const visible = rows.filter((job) => seesJob(auth, job));
  const statuses = await viewerStatuses(
    db,
    auth,
    visible.map((job) => ({
      id: job.id,
      companyId: job.companyId,
      companyName: job.companyName,
      createdBy: job.createdBy,
      status: job.status,
      bonusAmount: job.referralBonusAmount,
      bonusCurrency: job.referralBonusCurrency,
    })),
  );
  const jobs: WhereIStand['jobs'] = {};
  for (const [id, status] of statuses)
    if (STANDING.has(status.state)) jobs[id] = { state: status.state, headline: status.headline };
  return { jobs };
}

/**
 * A job seeker applies: their pipeline on the job is opened at 'applied', or marked applied if they were referred.
 * `sharedLinkCode`: they came through a company member's shared link, who then refers them (shared-links.ts).
 */
export async function applyToJob(
  db: Db,
  me: AuthContext,
  id: string,
  input: JobApplyInput,
  sharedLinkCode: string | null = null,
): Promise<void> {
  const [job] = await db
    .select({ status: jobPostings.status, title: jobPostings.title, companyId: jobPostings.companyId })
    .from(jobPostings)
    .where(eq(jobPostings.id, id));
  if (!job || !seesJob(me, job)) throw notFound(JOB_MESSAGES.notFound);
  if (job.status !== 'OPEN') throw conflict(JOB_MESSAGES.jobClosed);
  await db.transaction(async (tx) => {
    if (sharedLinkCode) await attributeSharedLink(tx, id, me.user.id, sharedLinkCode);
    const { pipeline } = await openPipeline(tx, id, me.user.id, 'applied', me.user.id);
    if (pipeline.appliedAt) throw conflict(JOB_MESSAGES.alreadyApplied);
    const now = new Date();
    await tx
      .update(candidatePipelines)
      .set({ appliedAt: now, applicationNote: input.note ?? null, updatedAt: now })
      .where(eq(candidatePipelines.id, pipeline.id));
    await refreshFunnelLevel(tx, id, me.user.id);
    await notifyTeamOfApplication(tx, {
      jobId: id,
      jobTitle: job.title,
      applicant: { id: me.user.id, name: me.user.name },
    });
    // The seeker applied: their open requests for this job no longer matter.
    await closeRequestsFor(tx, { jobId: id, talentId: me.user.id, reason: 'applied' });
  });
}

/** The referrer's name for a row joined with its referral (a subquery: a second alias of users types as never). */
const referrerNameSql = sql<string | null>`(select u.name from users u where u.id = ${referrals.referrerId})`;

/** The job's applicants with their stage and, when they came through one, their referrer. */
export async function listApplications(db: Db, auth: AuthContext, id: string): Promise<JobApplication[]> {
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
