/** Reading referrals: one referral as its viewer may see it, the lists, and a referrer's figures. */
import { aliasedTable, and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  canMarkBonusPaid,
  ownershipRuleText,
  REFERRAL_MESSAGES,
  sumBonuses,
  type BonusIneligibleReason,
  type BonusState,
  type DeclineReason,
  type ReferralConsent,
  type ReferralDetail,
  type ReferralStatus,
  type ReferralSummary,
  type ReferralTotals,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { type Executor } from '../../db/repository';
import {
  candidatePipelines,
  companies,
  jobPostings,
  referralRequests,
  referrals,
  resumeFiles,
  users,
} from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { notFound } from '../../lib/errors';
import { isCompanyAdminOf, onJobTeam, requireCompanyAdmin, requireCompanyUser } from '../../platform/access/guards';
import { canReadReferral } from './access';
import { stageHistory, undoableChangeOf } from './pipeline';
import { todayUtc } from '../bonuses/port';
import { bonusPolicyOf } from '../bonuses/port';
import { creditEntriesOf } from './credit';

type ReferralRow = typeof referrals.$inferSelect;

const referrerUser = aliasedTable(users, 'referrer_user');

function summaryColumns() {
  return {
    row: referrals,
    jobTitle: jobPostings.title,
    companyName: companies.name,
    referrerName: referrerUser.name,
    pipelineId: candidatePipelines.id,
    stage: candidatePipelines.stage,
    startDate: candidatePipelines.startDate,
    declineReason: candidatePipelines.declineReason,
    declineNote: candidatePipelines.declineNote,
    jobCreatedBy: jobPostings.createdBy,
  };
}

type SummaryRow = {
  row: ReferralRow;
  jobTitle: string;
  companyName: string;
  referrerName: string | null;
  pipelineId: string | null;
  stage: ReferralSummary['stage'] | null;
  startDate: string | null;
  declineReason: string | null;
  declineNote: string | null;
  jobCreatedBy: string | null;
};

function toSummary({
  row,
  jobTitle,
  companyName,
  referrerName,
  stage,
  startDate,
  declineReason,
}: SummaryRow): ReferralSummary {
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
    candidateNote: row.candidateNote,
    relationship: row.relationship,
    vouch: row.vouch,
    external: row.external,
    declineReason: (declineReason as DeclineReason | null) ?? null,
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
            dueFrom: row.bonusDueOn === null ? null : startDate ? 'start' : 'hire',
            ineligibleReason: (row.bonusIneligibleReason as BonusIneligibleReason | null) ?? null,
            paymentReference: row.bonusPaymentReference,
            paidEarlyReason: row.bonusPaidEarlyReason,
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
 * One referral for its referrer, its company (once the candidate confirmed it) or its candidate. The candidate's
 * answer leaves out the hiring team's note, the bonus, the stored profile, the history, why they were declined and
 * every control but the consent question.
 */
export async function getReferral(db: Executor, me: AuthContext, id: string): Promise<ReferralDetail> {
  const [found] = await selectSummaries(db).where(eq(referrals.id, id));
  if (!found || !canReadReferral(me, found.row)) throw notFound(REFERRAL_MESSAGES.notFound);
  const [request] = found.row.requestId
    ? await db
        .select({ message: referralRequests.message })
        .from(referralRequests)
        .where(eq(referralRequests.id, found.row.requestId))
    : [];
  const [resume] = found.row.resumeFileId
    ? await db
        .select({ originalName: resumeFiles.originalName })
        .from(resumeFiles)
        .where(eq(resumeFiles.id, found.row.resumeFileId))
    : [];
  const { talentTitle: _title, bonus, declineReason, ...summary } = toSummary(found);
  const isCompany = me.company?.id === found.row.companyId && found.row.consent === 'confirmed';
  const isReferrer = found.row.referrerId === me.user.id;
  const rule = ownershipRuleText(await bonusPolicyOf(db, found.row.companyId), found.companyName);
  const common = {
    ...summary,
    candidateMessage: request?.message ?? null,
    resume: resume ? { originalName: resume.originalName } : null,
  };
  if (!isCompany && !isReferrer) {
    return {
      ...common,
      // The hiring team's note never reaches the candidate.
      notes: null,
      viewer: {
        role: 'candidate',
        canUpdateStatus: false,
        canAnswerConsent: found.row.consent === 'pending',
        canMarkBonusPaid: false,
      },
      credit: { rule, entries: await creditEntriesOf(db, id, 'candidate') },
    };
  }
  const admin = isCompanyAdminOf(me, found.row.companyId);
  return {
    ...common,
    bonus,
    declineReason,
    // The hiring team's own words about a decline stay with the job's team (a colleague who referred reads the category).
    declineNote:
      isCompany && onJobTeam(me, { companyId: found.row.companyId, createdBy: found.jobCreatedBy })
        ? found.declineNote
        : null,
    talentProfile: found.row.talentProfile,
    history: found.pipelineId ? await stageHistory(db, found.pipelineId) : [],
    undoable: found.pipelineId && admin ? await undoableChangeOf(db, found.pipelineId, me.user.id) : null,
    viewer: {
      role: isReferrer ? 'referrer' : 'company',
      canUpdateStatus: admin && found.row.consent === 'confirmed',
      canAnswerConsent: false,
      canMarkBonusPaid: admin && canMarkBonusPaid(found.row.bonusState),
      canSetStartDate: admin && found.row.consent === 'confirmed' && found.stage === 'hired',
    },
    credit: { rule, entries: await creditEntriesOf(db, id, isCompany ? 'company' : 'referrer') },
  };
}

/** The referrer's own referrals, a company's (admins) or the ones about the signed-in candidate. */
export async function listReferrals(
  db: Db,
  me: AuthContext,
  query: {
    scope: 'mine' | 'company' | 'about-me';
    status?: ReferralStatus;
    consent?: ReferralConsent;
    bonus?: BonusState;
    due?: 'now' | 'upcoming';
    limit: number;
  },
): Promise<ReferralSummary[]> {
  let scope: SQL;
  if (query.scope === 'about-me') scope = eq(referrals.talentId, me.user.id);
  else if (query.scope === 'company') {
    const company = requireCompanyUser(me, 'Only company members can see company referrals.').company;
    requireCompanyAdmin(me, company.id, REFERRAL_MESSAGES.onlyAdminsUpdate);
    // Nothing reaches the company before the candidate consents (their own referrals: scope 'mine').
    scope = and(eq(referrals.companyId, company.id), eq(referrals.consent, 'confirmed'))!;
  } else scope = eq(referrals.referrerId, me.user.id);
  const filters = [
    scope,
    query.status ? eq(referrals.status, query.status) : undefined,
    query.consent ? eq(referrals.consent, query.consent) : undefined,
    query.bonus && query.scope !== 'about-me' ? eq(referrals.bonusState, query.bonus) : undefined,
    // Due now: the due day has come (or there is none); upcoming: it is still to come.
    query.due === 'now' && query.scope !== 'about-me'
      ? sql`(${referrals.bonusDueOn} is null or ${referrals.bonusDueOn} <= ${todayUtc()}::date)`
      : undefined,
    query.due === 'upcoming' && query.scope !== 'about-me'
      ? sql`${referrals.bonusDueOn} > ${todayUtc()}::date`
      : undefined,
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
  // Nobody but the referrer and the company sees the bonus, why a candidate was declined, or the hiring team's note.
  return rows
    .map(toSummary)
    .map((r) => (query.scope === 'about-me' ? { ...r, bonus: undefined, notes: null, declineReason: undefined } : r));
}

/** A referrer's dashboard figures, all computed from their referrals. */
export async function referralTotals(db: Db, me: AuthContext): Promise<ReferralTotals> {
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
