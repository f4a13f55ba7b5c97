/**
 * The ownership rule at work (ADR 0028): who is credited for a candidate at a company, decided by the one shared rule
 * (bonusIneligibility, packages/shared/src/rules/bonus-policy.ts) over what the database says, and the ledger of every
 * decision with its time, reason and words.
 */
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  bonusIneligibility,
  creditWords,
  effectiveBonus,
  type BonusIneligibleReason,
  type BonusPolicy,
  type CreditDecision,
  type CreditEntry,
  type CreditLedger,
  type CreditReason,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { countAll, pageOffset, toPage, type Executor } from '../../db/repository';
import { candidatePipelines, jobPostings, referralCreditLedger, referrals, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../../platform/sessions/sessions';
import { requireCompanyAdmin, requireCompanyUser } from '../../platform/access/guards';
import { bonusPolicyOf } from '../bonuses/port';
import type { findJob } from './access';

export type FoundJob = Awaited<ReturnType<typeof findJob>>;

/** Decisions about one candidate at one company happen one at a time (two confirmations at once, two referrals). */
export async function lockCandidateCredit(tx: Executor, companyId: string, talentId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit:${companyId}:${talentId}`}))`);
}

/**
 * The referral of the candidate at the company that holds the credit at `at`: the earliest one the candidate
 * confirmed within the last N months that was itself credited (a referral confirmed while someone else held the
 * credit holds nothing).
 */
async function ownerOf(
  tx: Executor,
  companyId: string,
  talentId: string,
  at: Date,
  months: number,
  exceptReferralId: string | null,
): Promise<{ referrerId: string | null; since: Date } | null> {
  const [row] = await tx
    .select({ referrerId: referrals.referrerId, since: referrals.consentedAt })
    .from(referrals)
    .where(
      and(
        eq(referrals.companyId, companyId),
        eq(referrals.talentId, talentId),
        sql`${referrals.consentedAt} is not null`,
        sql`${referrals.consentedAt} > ${at}::timestamptz - make_interval(months => ${months})`,
        sql`${referrals.consentedAt} <= ${at}::timestamptz`,
        sql`${referrals.bonusIneligibleReason} is distinct from 'owned_by_another'`,
        exceptReferralId ? ne(referrals.id, exceptReferralId) : undefined,
      ),
    )
    .orderBy(asc(referrals.consentedAt))
    .limit(1);
  return row?.since ? { referrerId: row.referrerId, since: row.since } : null;
}

/** When the candidate applied to the job on their own before `before` (a referral's time), or null. */
async function appliedDirectlyAt(tx: Executor, jobId: string, talentId: string, before: Date): Promise<Date | null> {
  const [row] = await tx
    .select({ appliedAt: candidatePipelines.appliedAt })
    .from(candidatePipelines)
    .where(and(eq(candidatePipelines.jobId, jobId), eq(candidatePipelines.talentId, talentId)));
  return row?.appliedAt && row.appliedAt <= before ? row.appliedAt : null;
}

export interface Verdict {
  reason: BonusIneligibleReason | null;
  policy: BonusPolicy;
  bonus: { amount: number; currency: string } | null;
}

/**
 * The rule's verdict on `referrerId` being credited for the candidate on the job: at the moment a referral is made
 * (`referredAt` = now), or when its candidate confirms it (`referredAt` = when it was made, `at` = now,
 * `referralId` = the referral itself).
 */
export async function creditVerdict(
  tx: Executor,
  input: {
    job: Pick<FoundJob, 'id' | 'companyId' | 'bonusAmount' | 'bonusCurrency'>;
    talentId: string;
    referrerId: string;
    at: Date;
    referredAt?: Date;
    referralId?: string;
  },
): Promise<Verdict> {
  const policy = await bonusPolicyOf(tx, input.job.companyId);
  const bonus = effectiveBonus(input.job, policy);
  const referredAt = input.referredAt ?? input.at;
  const owner = await ownerOf(
    tx,
    input.job.companyId,
    input.talentId,
    input.at,
    policy.ownershipMonths,
    input.referralId ?? null,
  );
  const reason = bonusIneligibility({
    referrerId: input.referrerId,
    talentId: input.talentId,
    hasBonus: bonus !== null,
    referredAt: input.at,
    ownershipMonths: policy.ownershipMonths,
    appliedDirectlyAt: await appliedDirectlyAt(tx, input.job.id, input.talentId, referredAt),
    owner,
  });
  return { reason, policy, bonus };
}

export interface NewCreditEntry {
  companyId: string;
  talentId: string;
  jobId: string;
  referralId: string | null;
  referrerId: string | null;
  decision: CreditDecision;
  reason: CreditReason;
  words: string;
}

/** Adds a decision to the ledger (in the caller's transaction). */
export async function recordCredit(tx: Executor, entry: NewCreditEntry): Promise<void> {
  await tx.insert(referralCreditLedger).values(entry);
}

/** What the ledger says about a decision, in words every reader of it understands (third person). */
export function ledgerWords(
  decision: CreditDecision,
  reason: CreditReason,
  context: { company: string; candidate: string; referrer: string; job: string; ownershipMonths: number },
): string {
  const months = `${context.ownershipMonths} ${context.ownershipMonths === 1 ? 'month' : 'months'}`;
  if (decision === 'refused') {
    if (reason === 'already_referred') return `${context.candidate} was already referred for ${context.job}.`;
    return creditWords(reason as BonusIneligibleReason, context);
  }
  switch (reason) {
    case 'awaiting_consent':
      return `${context.referrer} referred ${context.candidate} for ${context.job}. It counts once ${context.candidate} confirms it, unless they confirm another referrer's referral first.`;
    case 'first_confirmed':
      return `${context.candidate} confirmed ${context.referrer}'s referral for ${context.job}: ${context.referrer} is credited for ${context.candidate} at ${context.company} for ${months}.`;
    case 'no_bonus':
      return decision === 'pending'
        ? `${context.referrer} referred ${context.candidate} for ${context.job}, which has no referral bonus. It counts once ${context.candidate} confirms it.`
        : `${context.candidate} confirmed ${context.referrer}'s referral for ${context.job}: it counts, though the job has no referral bonus.`;
    case 'owned_by_another':
      return `${context.candidate} confirmed ${context.referrer}'s referral for ${context.job}, but had confirmed another referrer's referral at ${context.company} first, so this one is not credited.`;
    case 'declined_by_candidate':
      return `${context.candidate} declined ${context.referrer}'s referral for ${context.job}, so nobody is credited for it.`;
    case 'applied_directly':
      return `${context.candidate} applied to ${context.job} directly before ${context.referrer}'s referral, so it is not credited.`;
    case 'self_referral':
      return 'Referring yourself is not credited.';
    case 'already_referred':
      return `${context.candidate} was already referred for ${context.job}.`;
  }
}

/**
 * A referral the ownership rule forbids: refused (409) with the rule's words, never made. The decision still goes
 * to the ledger (recordRefusals writes it after the refused transaction rolled back).
 */
export class CreditRefusal extends AppError {
  constructor(
    message: string,
    readonly entry: NewCreditEntry,
  ) {
    super(409, 'REFERRAL_NOT_CREDITED', message);
  }
}

/** Runs `action`; a referral it refuses under the rule is recorded in the ledger, then the refusal is answered. */
export async function recordRefusals<T>(db: Db, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof CreditRefusal) await recordCredit(db, error.entry);
    throw error;
  }
}

// ---------- Reading the ledger ----------

function selectEntries(db: Executor) {
  return db
    .select({
      row: referralCreditLedger,
      jobTitle: jobPostings.title,
      // Subqueries: a second alias of users in one select types as never.
      referrerName: sql<string | null>`(select u.name from users u where u.id = ${referralCreditLedger.referrerId})`,
      candidateName: users.name,
    })
    .from(referralCreditLedger)
    .innerJoin(jobPostings, eq(jobPostings.id, referralCreditLedger.jobId))
    .innerJoin(users, eq(users.id, referralCreditLedger.talentId));
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];
type Reader = 'candidate' | 'referrer' | 'company';

const toEntry = (reader: Reader) => (r: EntryRow) =>
  ({
    id: r.row.id,
    at: r.row.createdAt.toISOString(),
    decision: r.row.decision,
    reason: r.row.reason as CreditReason,
    words: r.row.words,
    job: { id: r.row.jobId, title: r.jobTitle },
    referralId: r.row.referralId,
    candidateName: reader === 'candidate' ? null : r.candidateName,
    referrerName: reader === 'referrer' ? null : r.referrerName,
  }) satisfies CreditEntry;

/** What a candidate reads of the ledger: never the refusals of referrals they were never asked about. */
const candidatePart = (talentId: string) =>
  and(eq(referralCreditLedger.talentId, talentId), ne(referralCreditLedger.decision, 'refused'));

/** Each reader's part of the ledger: the referrer's decisions, the candidate's, or (admins) the whole company's. */
export async function creditLedger(
  db: Db,
  me: AuthContext,
  query: { scope: 'mine' | 'about-me' | 'company'; page: number; pageSize: number },
): Promise<CreditLedger> {
  let where: SQL | undefined;
  let reader: Reader;
  if (query.scope === 'company') {
    const company = requireCompanyUser(me, 'Only company administrators can see the credit ledger.').company;
    requireCompanyAdmin(me, company.id, 'Only company administrators can see the credit ledger.');
    where = eq(referralCreditLedger.companyId, company.id);
    reader = 'company';
  } else if (query.scope === 'about-me') {
    where = candidatePart(me.user.id);
    reader = 'candidate';
  } else {
    where = eq(referralCreditLedger.referrerId, me.user.id);
    reader = 'referrer';
  }
  const [rows, [total]] = await Promise.all([
    selectEntries(db)
      .where(where)
      .orderBy(desc(referralCreditLedger.createdAt), desc(referralCreditLedger.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: countAll() }).from(referralCreditLedger).where(where),
  ]);
  return toPage(rows.map(toEntry(reader)), total?.n ?? 0, query);
}

/** The decisions about one referral, oldest first, as its reader may see them. */
export async function creditEntriesOf(db: Executor, referralId: string, reader: Reader): Promise<CreditEntry[]> {
  const rows = await selectEntries(db)
    .where(
      and(
        eq(referralCreditLedger.referralId, referralId),
        reader === 'candidate' ? ne(referralCreditLedger.decision, 'refused') : undefined,
      ),
    )
    .orderBy(asc(referralCreditLedger.createdAt), asc(referralCreditLedger.id));
  return rows.map(toEntry(reader));
}
