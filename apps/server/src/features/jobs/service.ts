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
import { forgetAddedJobs, forgetJobSearches } from './search';
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
    /** A seeker applied: the ATS integration pushes the application when the job is linked to one (features/ats). */
    'application-received': { pipelineId: string };
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

/**
 * Pay transparency (issue 36) for a new job: an open job a law covers needs a range; an imported one without it waits
 * as a draft, holding the laws' ids as its reason.
 */
async function newJobStatus(
  db: Executor,
  companyId: string,
  input: JobInput,
  options: { draft: boolean; imported?: boolean },
): Promise<{ status: 'OPEN' | 'DRAFT'; payHeldBy: string | null }> {
  const unmet = options.draft
    ? []
    : await unmetPayRules(db, { companyId, location: input.location, salary: input.salary, exempt: false });
  if (unmet.length > 0 && !options.imported) throw payRangeRequired(unmet);
  return {
    status: options.draft || unmet.length > 0 ? 'DRAFT' : 'OPEN',
    payHeldBy: unmet.length > 0 ? heldByOf(unmet) : null,
  };
}

export async function createJob(
  db: Db,
  poster: CompanyAuth,
  input: JobInput,
  options: { draft: boolean; imported?: boolean } = { draft: false },
): Promise<Job> {
  const { status, payHeldBy } = await newJobStatus(db, poster.company.id, input, options);
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
  // Before answering: the poster's next search must list the job (other processes drop theirs on the notification).
  if (status === 'OPEN') await forgetAddedJobs(db, [id]);
  return getJob(db, poster, id);
}

/**
 * A job imported from another system (an ATS's open job), in the caller's transaction: posted as `?imported=true`
 * posts one (OPEN, or a DRAFT holding the pay-transparency reason). The caller forgets the search caches after.
 */
export async function insertImportedJob(
  tx: Executor,
  job: {
    companyId: string;
    createdBy: string | null;
    input: JobInput;
    /** The job source it was read from and its address there (syncSourceJobs). */
    source?: { id: string; url: string };
  },
): Promise<{ id: string; status: 'OPEN' | 'DRAFT' }> {
  const { status, payHeldBy } = await newJobStatus(tx, job.companyId, job.input, { draft: false, imported: true });
  const id = await insertJob(tx, { ...job, status, payHeldBy });
  if (status === 'OPEN') await jobOpened(tx, id);
  return { id, status };
}

/**
 * An imported job follows its source, in the caller's transaction: its fields are copied; an open job that lost a pay
 * range a law requires is held as a draft with the reason, and a held draft that gained one opens. A job closed or
 * drafted here by its team keeps its status. Answers the status it has after.
 */
export async function syncImportedJob(tx: Executor, id: string, input: JobInput): Promise<string | null> {
  const [job] = await tx.select().from(jobPostings).where(eq(jobPostings.id, id)).for('update');
  if (!job) return null;
  const unmet = await unmetPayRules(tx, {
    companyId: job.companyId,
    location: input.location,
    salary: input.salary,
    exempt: job.payExemptReason !== null,
  });
  const held = job.status === 'DRAFT' && job.payHeldBy !== null;
  let status = job.status;
  if (job.status === 'OPEN' && unmet.length > 0) status = 'DRAFT';
  else if (held && unmet.length === 0) status = 'OPEN';
  const payHeldBy = status === 'DRAFT' && (held || job.status === 'OPEN') && unmet.length > 0 ? heldByOf(unmet) : null;
  await tx
    .update(jobPostings)
    .set({ ...columnsFrom(input), status, payHeldBy, updatedAt: new Date() })
    .where(eq(jobPostings.id, id));
  if (status === 'OPEN' && job.status !== 'OPEN') await jobOpened(tx, id);
  if (status !== 'OPEN' && job.status === 'OPEN') await closeRequestsFor(tx, { jobId: id, reason: 'job_closed' });
  return status;
}

/**
 * An imported job whose source closed closes here (open or held), in the caller's transaction, marked as closed by
 * its source (so it may reopen with it); true when it did.
 */
export async function closeImportedJob(tx: Executor, id: string): Promise<boolean> {
  const [job] = await tx.select({ status: jobPostings.status }).from(jobPostings).where(eq(jobPostings.id, id));
  if (!job || (job.status !== 'OPEN' && job.status !== 'DRAFT')) return false;
  await tx
    .update(jobPostings)
    .set({ status: 'CLOSED', payHeldBy: null, closedByImport: true, updatedAt: new Date() })
    .where(eq(jobPostings.id, id));
  if (job.status === 'OPEN') await closeRequestsFor(tx, { jobId: id, reason: 'job_closed' });
  return true;
}

/**
 * The one reopening of a job, in the caller's transaction: OPEN, any pay hold and import closing cleared, announced
 * as every newly open job is (saved-search alerts, chat).
 */
async function reopen(tx: Executor, id: string): Promise<void> {
  await tx
    .update(jobPostings)
    .set({ status: 'OPEN', payHeldBy: null, closedByImport: false, updatedAt: new Date() })
    .where(eq(jobPostings.id, id));
  await jobOpened(tx, id);
}

/**
 * An imported job its source closed, listed open there again, reopens here (in the caller's transaction, after its
 * fields were synced); one a person closed stays closed. A pay range a law requires and the job lacks holds it as a
 * draft with the reason, as an import is. Answers its status after, or null when it was not reopened.
 */
export async function reopenImportedJob(tx: Executor, id: string): Promise<'OPEN' | 'DRAFT' | null> {
  const [job] = await tx.select().from(jobPostings).where(eq(jobPostings.id, id)).for('update');
  if (!job || job.status !== 'CLOSED' || !job.closedByImport) return null;
  const unmet = await unmetPayRules(tx, { ...job, salary: job.salaryRange, exempt: job.payExemptReason !== null });
  if (unmet.length === 0) {
    await reopen(tx, id);
    return 'OPEN';
  }
  await tx
    .update(jobPostings)
    .set({ status: 'DRAFT', payHeldBy: heldByOf(unmet), closedByImport: false, updatedAt: new Date() })
    .where(eq(jobPostings.id, id));
  return 'DRAFT';
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
 * open or draft one the source no longer lists is closed (its pending referral requests close with it) — only when
 * the read was whole.
 */
export async function syncSourceJobs(
  db: Db,
  source: { id: string; companyId: string },
  listed: { url: string; input: JobInput }[],
  /** False when the read was cut short (time, size or page caps): what it did not reach is not gone, so none closes. */
  complete = true,
): Promise<SourceSync> {
  const outcome: SourceSync = { added: 0, updated: 0, closed: 0, held: 0 };
  await db.transaction(async (tx) => {
    const known = await tx
      .select({ id: jobPostings.id, url: jobPostings.sourceUrl })
      .from(jobPostings)
      .where(eq(jobPostings.sourceId, source.id));
    const byUrl = new Map(known.map((row) => [row.url, row.id]));
    // The same rules as an ATS's imported jobs: a new posting opens, or waits as a draft when a pay-transparency law
    // asks for a range it does not give; a known one follows its source unless its team closed or filled it.
    for (const { url, input } of listed) {
      const id = byUrl.get(url);
      const status = id
        ? await syncImportedJob(tx, id, input)
        : (
            await insertImportedJob(tx, {
              companyId: source.companyId,
              createdBy: null,
              input,
              source: { id: source.id, url },
            })
          ).status;
      if (id) outcome.updated++;
      else outcome.added++;
      if (status === 'DRAFT') outcome.held++;
    }
    const seen = new Set(listed.map((job) => job.url));
    if (complete)
      for (const row of known)
        if (row.url === null || !seen.has(row.url)) if (await closeImportedJob(tx, row.id)) outcome.closed++;
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
    if (status === 'OPEN' && job.status !== 'OPEN') return reopen(tx, id);
    // A person's status is theirs: the job's source no longer reopens it.
    await tx
      .update(jobPostings)
      .set({ status, closedByImport: false, ...(status === 'OPEN' ? { payHeldBy: null } : {}), updatedAt: new Date() })
      .where(eq(jobPostings.id, id));
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
      notOnReferwell: companies.notOnReferwell,
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
    notOnReferwell: row.notOnReferwell,
    // A company not on Referwell takes applications at the source: the posting there (or the address it gave).
    applyAt: row.notOnReferwell ? (job.sourceUrl ?? job.applicationUrl) : null,
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
      canApply: auth?.user.type === 'jobseeker' && job.status === 'OPEN' && !row.hasApplied && !row.notOnReferwell,
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
    .select({
      status: jobPostings.status,
      title: jobPostings.title,
      companyId: jobPostings.companyId,
      notOnReferwell: companies.notOnReferwell,
    })
    .from(jobPostings)
    .innerJoin(companies, eq(companies.id, jobPostings.companyId))
    .where(eq(jobPostings.id, id));
  if (!job || !seesJob(me, job)) throw notFound(JOB_MESSAGES.notFound);
  if (job.status !== 'OPEN') throw conflict(JOB_MESSAGES.jobClosed);
  // Nobody from the company is here to read it (issue 38): the job page sends people to the posting at its source.
  if (job.notOnReferwell) throw conflict(JOB_MESSAGES.applyAtSource);
  await db.transaction(async (tx) => {
    if (sharedLinkCode) await attributeSharedLink(tx, id, me.user.id, sharedLinkCode);
    const { pipeline } = await openPipeline(tx, id, me.user.id, 'applied', me.user.id);
    if (pipeline.appliedAt) throw conflict(JOB_MESSAGES.alreadyApplied);
    const now = new Date();
    await tx
      .update(candidatePipelines)
      .set({
        appliedAt: now,
        applicationNote: input.note ?? null,
        // For exclusion screening only (issue 36): read by the company's admins' screening, never shown to the team.
        dob: input.dob ?? null,
        npi: input.npi ?? null,
        updatedAt: now,
      })
      .where(eq(candidatePipelines.id, pipeline.id));
    await refreshFunnelLevel(tx, id, me.user.id);
    await notifyTeamOfApplication(tx, {
      jobId: id,
      jobTitle: job.title,
      applicant: { id: me.user.id, name: me.user.name },
    });
    // The seeker applied: their open requests for this job no longer matter.
    await closeRequestsFor(tx, { jobId: id, talentId: me.user.id, reason: 'applied' });
    await enqueue(tx, 'application-received', { pipelineId: pipeline.id });
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
