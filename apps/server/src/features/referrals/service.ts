import { aliasedTable, and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  bonusIneligibility,
  bonusStateAfter,
  canMarkBonusPaid,
  effectiveBonus,
  initialBonusState,
  NOTIFICATION_TYPES_REFERRALS,
  REFERRAL_MESSAGES,
  stageForReferralStatus,
  sumBonuses,
  type BonusIneligibleReason,
  type BonusState,
  type CreateReferral,
  type ReferralConsent,
  type Referral,
  type ReferrerRelationship,
  type ReferralStatus,
  type ReferralSummary,
  type ReferralTalentSnapshot,
  type ReferralTotals,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation, type Executor, type Tx } from '../../db/repository';
import {
  candidatePipelines,
  companies,
  companyMembers,
  jobPostings,
  pipelineStageChanges,
  referralRequests,
  referrals,
  talentProfiles,
  users,
} from '../../db/schema';
import { isTalentVisibleTo } from '../talent/discoverable';
import type { AuthContext } from '../auth/sessions';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { createNotification } from '../notifications/service';
import { recordAudit } from '../audit/service';
import { notifyTeamOfReferral } from '../notifications/company-events';
import { isCompanyAdminOf, requireCompanyAdmin, requireCompanyUser, requireSignedIn } from '../auth/guards';
import { canReadReferral, findJob } from './access';
import { lockLiveReferral, moveStage, openPipeline, stageHistory, undoableChangeOf } from './pipeline';
import { refreshPipelineRollups } from './rollups';
import { bonusPolicyOf } from '../bonuses/policy';
import { recordBonusPaid, todayUtc } from '../bonuses/payouts';

type ReferralRow = typeof referrals.$inferSelect;

/** The candidate as they are now, kept with the referral (SPEC §3 talentProfile). */
export async function talentSnapshot(
  db: Executor,
  talentId: string,
  referredBy: ReferralTalentSnapshot['referredBy'],
): Promise<{ snapshot: ReferralTalentSnapshot; type: string } | null> {
  const [row] = await db
    .select({ name: users.name, type: users.type, profile: talentProfiles })
    .from(users)
    .leftJoin(talentProfiles, eq(talentProfiles.id, users.id))
    .where(eq(users.id, talentId));
  if (!row) return null;
  const p = row.profile;
  return {
    type: row.type,
    snapshot: {
      name: row.name,
      title: p?.title ?? null,
      location: p?.location ?? null,
      skills: p?.skills ?? [],
      technicalSkills: p?.technicalSkills ?? [],
      softwareTools: p?.softwareTools ?? [],
      experience: p?.yearsOfExperience ?? null,
      portfolio: p?.portfolio ?? null,
      rating: p?.rating ?? null,
      industries: p?.industries ?? [],
      interests: p?.interests ?? [],
      involvement: p?.involvement ?? null,
      referredBy,
    },
  };
}

interface NewReferral {
  job: Awaited<ReturnType<typeof findJob>>;
  referrer: { id: string; name: string; title: string | null };
  talentId: string;
  notes: string | null;
  relationship: ReferrerRelationship | null;
  consent: 'pending' | 'confirmed';
  requestId: string | null;
}

/**
 * Stores a referral with the job's bonus terms and opens the candidate's pipeline on the job (at 'referred', or
 * where an application already has it). The same candidate is referred once per job: a second attempt (by
 * anyone) gets a clear 409 and the first referrer keeps the credit.
 */
export async function insertReferral(tx: Tx, input: NewReferral): Promise<ReferralRow> {
  const talent = await talentSnapshot(tx, input.talentId, {
    name: input.referrer.name,
    title: input.referrer.title,
    company: input.job.companyName,
  });
  if (!talent || talent.type !== 'jobseeker') throw notFound(REFERRAL_MESSAGES.notACandidate);
  const [existing] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.jobId, input.job.id), eq(referrals.talentId, input.talentId)));
  if (existing) throw conflict(REFERRAL_MESSAGES.alreadyReferred);
  const policy = await bonusPolicyOf(tx, input.job.companyId);
  const bonus = effectiveBonus(input.job, policy);
  const [earlier] = await tx
    .select({ appliedAt: candidatePipelines.appliedAt })
    .from(candidatePipelines)
    .where(and(eq(candidatePipelines.jobId, input.job.id), eq(candidatePipelines.talentId, input.talentId)));
  const ineligible = bonusIneligibility({
    referrerId: input.referrer.id,
    talentId: input.talentId,
    hasBonus: bonus !== null,
    appliedDirectlyAt: earlier?.appliedAt ?? null,
    referredAt: new Date(),
    windowDays: policy.directApplicationWindowDays,
  });
  let row: ReferralRow;
  try {
    [row] = (await tx
      .insert(referrals)
      .values({
        jobId: input.job.id,
        companyId: input.job.companyId,
        referrerId: input.referrer.id,
        talentId: input.talentId,
        talentProfile: talent.snapshot,
        notes: input.notes,
        relationship: input.relationship,
        consent: input.consent,
        requestId: input.requestId,
        bonusAmount: bonus?.amount ?? null,
        bonusCurrency: bonus?.currency ?? null,
        bonusState: initialBonusState(bonus !== null, ineligible),
        bonusIneligibleReason: ineligible,
      })
      .returning()) as [ReferralRow];
  } catch (error) {
    // Two referrers at the same moment: the unique index decides who was first.
    if (isUniqueViolation(error)) throw conflict(REFERRAL_MESSAGES.alreadyReferred);
    throw error;
  }
  await openPipeline(tx, input.job.id, input.talentId, 'referred', input.referrer.id);
  await notifyTeamOfReferral(tx, {
    referralId: row.id,
    jobId: input.job.id,
    jobTitle: input.job.title,
    referrer: { id: input.referrer.id, name: input.referrer.name },
    candidateName: talent.snapshot.name,
  });
  return row;
}

/** A company's referrer or admin refers a job seeker for one of the company's open jobs. */
export async function createReferral(db: Db, auth: AuthContext | null, input: CreateReferral): Promise<Referral> {
  const me = requireCompanyUser(auth, REFERRAL_MESSAGES.onlyCompanyRefers);
  const job = await findJob(db, input.jobId);
  if (job.companyId !== me.company.id) throw notFound('That job is not at your company.');
  if (job.status !== 'OPEN') throw conflict(REFERRAL_MESSAGES.jobClosed);
  // A hidden job seeker is as unknown to a company as one who does not exist (finding 2).
  if (!(await isTalentVisibleTo(db, me, input.talentId))) throw notFound(REFERRAL_MESSAGES.notACandidate);
  const [member] = await db
    .select({ title: companyMembers.title })
    .from(companyMembers)
    .where(eq(companyMembers.userId, me.user.id));
  const id = await db.transaction(async (tx) => {
    const row = await insertReferral(tx, {
      job,
      referrer: { id: me.user.id, name: me.user.name, title: member?.title ?? null },
      talentId: input.talentId,
      notes: input.notes?.trim() || null,
      relationship: input.relationship ?? null,
      consent: 'pending',
      requestId: null,
    });
    await createNotification(tx, {
      userId: input.talentId,
      title: 'You have been referred',
      message: `${me.user.name} referred you for ${job.title} at ${job.companyName}. Please confirm you want to be put forward.`,
      type: NOTIFICATION_TYPES_REFERRALS.consent,
      referenceId: row.id,
    });
    return row.id;
  });
  return getReferral(db, auth, id);
}

const referrerUser = aliasedTable(users, 'referrer_user');

function summaryColumns() {
  return {
    row: referrals,
    jobTitle: jobPostings.title,
    companyName: companies.name,
    referrerName: referrerUser.name,
    pipelineId: candidatePipelines.id,
    stage: candidatePipelines.stage,
  };
}

type SummaryRow = {
  row: ReferralRow;
  jobTitle: string;
  companyName: string;
  referrerName: string | null;
  pipelineId: string | null;
  stage: ReferralSummary['stage'] | null;
};

function toSummary({ row, jobTitle, companyName, referrerName, stage }: SummaryRow): ReferralSummary {
  return {
    id: row.id,
    jobId: row.jobId,
    jobTitle,
    companyId: row.companyId,
    companyName,
    referrer: row.referrerId && referrerName ? { id: row.referrerId, name: referrerName } : null,
    talentId: row.talentId,
    talentName: row.talentProfile.name,
    talentTitle: row.talentProfile.title,
    notes: row.notes,
    relationship: row.relationship,
    status: row.status,
    stage: stage ?? 'referred',
    consent: row.consent,
    bonus:
      row.bonusAmount === null
        ? null
        : {
            amount: row.bonusAmount,
            currency: row.bonusCurrency ?? 'USD',
            state: row.bonusState,
            paidOn: row.bonusPaidOn,
            dueOn: row.bonusDueOn,
            ineligibleReason: (row.bonusIneligibleReason as BonusIneligibleReason | null) ?? null,
            paymentReference: row.bonusPaymentReference,
          },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectSummaries(db: Executor) {
  return db
    .select(summaryColumns())
    .from(referrals)
    .innerJoin(jobPostings, eq(jobPostings.id, referrals.jobId))
    .innerJoin(companies, eq(companies.id, referrals.companyId))
    .leftJoin(referrerUser, eq(referrerUser.id, referrals.referrerId))
    .leftJoin(
      candidatePipelines,
      and(eq(candidatePipelines.jobId, referrals.jobId), eq(candidatePipelines.talentId, referrals.talentId)),
    );
}

/**
 * One referral for its referrer, its company or its candidate. The candidate's answer leaves out the bonus, the
 * stored profile, the history and every control but the consent question.
 */
export async function getReferral(db: Executor, auth: AuthContext | null, id: string): Promise<Referral> {
  const me = requireSignedIn(auth);
  const [found] = await selectSummaries(db).where(eq(referrals.id, id));
  if (!found || !canReadReferral(me, found.row)) throw notFound(REFERRAL_MESSAGES.notFound);
  const [request] = found.row.requestId
    ? await db
        .select({ message: referralRequests.message })
        .from(referralRequests)
        .where(eq(referralRequests.id, found.row.requestId))
    : [];
  const { talentTitle: _title, bonus, ...summary } = toSummary(found);
  const isCompany = me.company?.id === found.row.companyId;
  const isReferrer = found.row.referrerId === me.user.id;
  const common = { ...summary, candidateMessage: request?.message ?? null };
  if (!isCompany && !isReferrer) {
    return {
      ...common,
      viewer: {
        role: 'candidate',
        canUpdateStatus: false,
        canAnswerConsent: found.row.consent === 'pending',
        canMarkBonusPaid: false,
      },
    };
  }
  const admin = isCompanyAdminOf(me, found.row.companyId);
  return {
    ...common,
    bonus,
    talentProfile: found.row.talentProfile,
    history: found.pipelineId ? await stageHistory(db, found.pipelineId) : [],
    undoable: found.pipelineId && admin ? await undoableChangeOf(db, found.pipelineId, me.user.id) : null,
    viewer: {
      role: isReferrer ? 'referrer' : 'company',
      canUpdateStatus: admin,
      canAnswerConsent: false,
      canMarkBonusPaid: admin && canMarkBonusPaid(found.row.bonusState),
    },
  };
}

/** The referrer's own referrals, a company's (admins) or the ones about the signed-in candidate. */
export async function listReferrals(
  db: Db,
  auth: AuthContext | null,
  query: {
    scope: 'mine' | 'company' | 'about-me';
    status?: ReferralStatus;
    consent?: ReferralConsent;
    bonus?: BonusState;
    limit: number;
  },
): Promise<ReferralSummary[]> {
  const me = requireSignedIn(auth);
  let scope: SQL;
  if (query.scope === 'about-me') scope = eq(referrals.talentId, me.user.id);
  else if (query.scope === 'company') {
    const company = requireCompanyUser(me, 'Only company members can see company referrals.').company;
    requireCompanyAdmin(me, company.id, REFERRAL_MESSAGES.onlyAdminsUpdate);
    scope = eq(referrals.companyId, company.id);
  } else scope = eq(referrals.referrerId, me.user.id);
  const filters = [
    scope,
    query.status ? eq(referrals.status, query.status) : undefined,
    query.consent ? eq(referrals.consent, query.consent) : undefined,
    query.bonus && query.scope !== 'about-me' ? eq(referrals.bonusState, query.bonus) : undefined,
  ];
  const rows = await selectSummaries(db)
    .where(and(...filters))
    // The candidate sees the referrals waiting for their answer first; bonuses come by payout day.
    .orderBy(
      ...(query.scope === 'about-me' ? [sql`${referrals.consent} = 'pending' desc`] : []),
      ...(query.bonus ? [sql`${referrals.bonusDueOn} asc nulls first`] : []),
      desc(referrals.updatedAt),
      desc(referrals.id),
    )
    .limit(query.limit);
  // Nobody but the referrer and the company sees the bonus.
  return rows.map(toSummary).map((r) => (query.scope === 'about-me' ? { ...r, bonus: undefined } : r));
}

async function lockReferral(tx: Tx, auth: AuthContext, id: string): Promise<ReferralRow> {
  const [row] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update');
  if (!row || !canReadReferral(auth, row)) throw notFound(REFERRAL_MESSAGES.notFound);
  return row;
}

/**
 * Company admins set any status from any other (SPEC §5). The candidate's stage moves with it and the bonus
 * follows (see moveStage for the held notification and undo).
 */
export async function updateReferralStatus(
  db: Db,
  auth: AuthContext | null,
  id: string,
  status: ReferralStatus,
  startDate?: string,
): Promise<Referral> {
  const me = requireSignedIn(auth);
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, me, id);
    requireCompanyAdmin(me, row.companyId, REFERRAL_MESSAGES.onlyAdminsUpdate);
    if (row.consent === 'declined')
      throw conflict('The candidate declined this referral, so its status can no longer change.');
    const { pipeline } = await openPipeline(tx, row.jobId, row.talentId, 'referred', row.referrerId);
    const referral = await lockLiveReferral(tx, row.jobId, row.talentId);
    await moveStage(tx, me, {
      pipeline,
      referral,
      stage: stageForReferralStatus(status, pipeline),
      status,
      startDate,
    });
  });
  return getReferral(db, auth, id);
}

/** The candidate confirms or declines being put forward; a declined referral stops there. */
export async function answerReferralConsent(
  db: Db,
  auth: AuthContext | null,
  id: string,
  decision: 'confirm' | 'decline',
): Promise<Referral> {
  const me = requireSignedIn(auth);
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, me, id);
    if (row.talentId !== me.user.id) throw forbidden(REFERRAL_MESSAGES.consentOnlyTalent);
    if (row.consent !== 'pending') throw conflict(REFERRAL_MESSAGES.consentAlreadyGiven);
    const declined = decision === 'decline';
    await tx
      .update(referrals)
      .set({
        consent: declined ? 'declined' : 'confirmed',
        ...(declined ? { status: 'rejected' as const, bonusState: bonusStateAfter(row.bonusState, 'rejected') } : {}),
        updatedAt: new Date(),
      })
      .where(eq(referrals.id, id));
    if (declined) {
      await withdrawIfOnlyReferred(tx, me, row);
      if (row.status !== 'rejected')
        await recordAudit(tx, {
          companyId: row.companyId,
          actorId: me.user.id,
          action: 'referral.status_changed',
          subject: { type: 'referral', id: row.id, userId: row.talentId },
          before: { status: row.status, bonusState: row.bonusState },
          after: { status: 'rejected', bonusState: bonusStateAfter(row.bonusState, 'rejected'), consent: 'declined' },
        });
    }
    if (row.referrerId) {
      await createNotification(tx, {
        userId: row.referrerId,
        title: declined ? 'Referral declined by candidate' : 'Referral confirmed by candidate',
        message: declined
          ? `${row.talentProfile.name} declined to be put forward.`
          : `${row.talentProfile.name} confirmed they want to be put forward.`,
        type: NOTIFICATION_TYPES_REFERRALS.statusUpdate,
        referenceId: id,
      });
    }
  });
  return getReferral(db, auth, id);
}

/** A candidate who declines a referral they did not also apply through leaves the job's pipeline. */
async function withdrawIfOnlyReferred(tx: Tx, me: AuthContext, row: ReferralRow) {
  const { pipeline } = await openPipeline(tx, row.jobId, row.talentId, 'referred', row.referrerId);
  if (pipeline.appliedAt) return;
  await tx
    .update(candidatePipelines)
    .set({ stage: 'withdrawn', updatedBy: me.user.id, updatedAt: new Date() })
    .where(eq(candidatePipelines.id, pipeline.id));
  await tx.insert(pipelineStageChanges).values({
    pipelineId: pipeline.id,
    fromStage: pipeline.stage,
    toStage: 'withdrawn',
    referralId: row.id,
    changedBy: me.user.id,
    notifiedAt: new Date(),
  });
  await refreshPipelineRollups(tx, pipeline.id);
}

/** A company admin records that a due bonus was paid to the referrer. */
export async function markReferralBonusPaid(
  db: Db,
  auth: AuthContext | null,
  id: string,
  paidOn: string | undefined,
  reference?: string,
): Promise<Referral> {
  const me = requireSignedIn(auth);
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, me, id);
    requireCompanyAdmin(me, row.companyId, 'Only company administrators can mark bonuses paid.');
    await recordBonusPaid(tx, row, me.user.id, paidOn || todayUtc(), reference || null);
  });
  return getReferral(db, auth, id);
}

/** A referrer's dashboard figures, all computed from their referrals. */
export async function referralTotals(db: Db, auth: AuthContext | null): Promise<ReferralTotals> {
  const me = requireSignedIn(auth);
  const mine = eq(referrals.referrerId, me.user.id);
  const [counts] = await db
    .select({
      total: sql<number>`cast(count(*) as int)`,
      pending: sql<number>`cast(count(*) filter (where ${referrals.status} = 'pending') as int)`,
      accepted: sql<number>`cast(count(*) filter (where ${referrals.status} = 'accepted') as int)`,
      rejected: sql<number>`cast(count(*) filter (where ${referrals.status} = 'rejected') as int)`,
      completed: sql<number>`cast(count(*) filter (where ${referrals.status} = 'completed') as int)`,
    })
    .from(referrals)
    .where(mine);
  const money = await db
    .select({
      state: referrals.bonusState,
      currency: sql<string>`coalesce(${referrals.bonusCurrency}, 'USD')`,
      amount: sql<number>`cast(coalesce(sum(${referrals.bonusAmount}), 0) as int)`,
    })
    .from(referrals)
    .where(mine)
    .groupBy(referrals.bonusState, sql`coalesce(${referrals.bonusCurrency}, 'USD')`);
  return { ...counts!, bonuses: sumBonuses(money satisfies { state: BonusState }[]) };
}
