// Candidate data retention and consent (issue 36). A company keeps a candidate for its policy's months (per the
// candidate's country) after their last activity with it; Referwell keeps a job seeker's profile for
// JOBSEEKER_RETENTION_MONTHS after their last activity. A reminder with a one-click renewal goes out before the end;
// at the end the data is erased through the account-deletion path (features/account/deletion.ts), audited. The
// rules (dates, months, deadlines) are packages/shared/src/rules/retention.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  countryOfLocation,
  dsrDueDate,
  RETENTION_DEFAULT_MONTHS,
  RETENTION_MESSAGES,
  retentionDates,
  retentionMonthsFor,
  TALENT_POOL_CONSENT,
  type DataSubjectRequest,
  type DataSubjectRequestInput,
  type RetentionPolicy,
  type TalentPoolConsent,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, selectRows, type Executor } from '../../db/repository';
import {
  companies,
  dataSubjectRequests,
  retentionExpiries,
  retentionPolicies,
  talentPoolConsents,
} from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/send';
import type { FileStorage } from '../../lib/storage';
import { recordAudit } from '../../platform/audit/service';
import type { AuthContext } from '../../platform/sessions/sessions';
import { anonymiseCandidateForCompany, eraseAccount } from '../account/port';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'retention-sweep': Record<string, never>;
  }
}

const SCOPE = 'talent_pool';
const PLATFORM = 'platform';
const day = (date: Date) => date.toISOString().slice(0, 10);

// ----- the company's policy -----

export async function retentionPolicyOf(db: Executor, companyId: string): Promise<RetentionPolicy> {
  const [row] = await db
    .select({ defaultMonths: retentionPolicies.defaultMonths, countryMonths: retentionPolicies.countryMonths })
    .from(retentionPolicies)
    .where(eq(retentionPolicies.companyId, companyId));
  return row ?? { defaultMonths: RETENTION_DEFAULT_MONTHS, countryMonths: {} };
}

export async function saveRetentionPolicy(
  db: Db,
  companyId: string,
  actorId: string,
  input: RetentionPolicy,
): Promise<RetentionPolicy> {
  return inTransaction(db, async (tx) => {
    const before = await retentionPolicyOf(tx, companyId);
    const values = { defaultMonths: input.defaultMonths, countryMonths: input.countryMonths, updatedBy: actorId };
    await tx
      .insert(retentionPolicies)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: retentionPolicies.companyId, set: { ...values, updatedAt: new Date() } });
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'retention.policy_changed',
      subject: { type: 'company', id: companyId },
      before: { ...before },
      after: { defaultMonths: input.defaultMonths, countryMonths: input.countryMonths },
    });
    return { defaultMonths: input.defaultMonths, countryMonths: input.countryMonths };
  });
}

// ----- recorded consent -----

const toConsent = (row: typeof talentPoolConsents.$inferSelect): TalentPoolConsent => ({
  companyId: row.companyId,
  scope: row.scope,
  textVersion: row.textVersion,
  givenAt: row.givenAt.toISOString(),
  renewedAt: row.renewedAt.toISOString(),
  withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
});

/** Records (or renews) a person's consent to a company's talent pool (null: Referwell's), with its wording's version. */
async function giveConsent(db: Executor, userId: string, companyId: string | null, textVersion: string) {
  const now = new Date();
  const [row] = await db
    .insert(talentPoolConsents)
    .values({ userId, companyId, scope: SCOPE, textVersion, givenAt: now, renewedAt: now })
    .onConflictDoUpdate({
      target: [talentPoolConsents.userId, talentPoolConsents.companyId],
      set: { textVersion, renewedAt: now, withdrawnAt: null, reminderSentAt: null },
    })
    .returning();
  return toConsent(row!);
}

export async function recordTalentPoolConsent(
  db: Db,
  me: AuthContext,
  companyId: string,
  textVersion: string,
): Promise<TalentPoolConsent> {
  if (textVersion !== TALENT_POOL_CONSENT.version)
    throw badRequest('Please read the current consent text and agree again.', { textVersion: 'Outdated wording' });
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  return giveConsent(db, me.user.id, companyId, textVersion);
}

export async function withdrawTalentPoolConsent(db: Db, me: AuthContext, companyId: string): Promise<void> {
  await db
    .update(talentPoolConsents)
    .set({ withdrawnAt: new Date() })
    .where(and(eq(talentPoolConsents.userId, me.user.id), eq(talentPoolConsents.companyId, companyId)));
}

// ----- the one-click renewal link -----

const signRenewal = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`retention-renewal:${payload}`).digest('base64url');

/** A link token that renews one person's consent with one holder (a company, or Referwell), and nothing else. */
export function renewalToken(secret: string, userId: string, companyId: string | null): string {
  const payload = `${userId}.${companyId ?? PLATFORM}`;
  return `${payload}.${signRenewal(secret, payload)}`;
}

function readRenewalToken(secret: string, token: string): { userId: string; companyId: string | null } {
  const [userId, holder, signature, extra] = token.split('.');
  const invalid = () => badRequest(RETENTION_MESSAGES.invalidRenewal);
  if (!userId || !holder || !signature || extra !== undefined) throw invalid();
  const expected = Buffer.from(signRenewal(secret, `${userId}.${holder}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  return { userId, companyId: holder === PLATFORM ? null : holder };
}

/** What the renewal page names: who keeps the data. */
export async function renewalHolder(db: Db, secret: string, token: string): Promise<string> {
  const { companyId } = readRenewalToken(secret, token);
  if (!companyId) return 'Referwell';
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw badRequest(RETENTION_MESSAGES.invalidRenewal);
  return company.name;
}

/** The one click: records consent to the current wording now, which starts a new retention term. */
export async function renewByToken(db: Db, secret: string, token: string, months: number): Promise<string> {
  const { userId, companyId } = readRenewalToken(secret, token);
  const [user] = await selectRows<{ live: boolean }>(
    db,
    sql`select deleted_at is null as live from users where id = ${userId}`,
  );
  if (!user?.live) throw badRequest(RETENTION_MESSAGES.invalidRenewal);
  const consent = await giveConsent(db, userId, companyId, TALENT_POOL_CONSENT.version);
  const policyMonths = companyId ? (await retentionPolicyOf(db, companyId)).defaultMonths : months;
  return day(retentionDates(new Date(consent.renewedAt), policyMonths).expiresAt);
}

// ----- the periodic sweep -----

interface CandidateRow {
  company_id: string | null;
  holder: string;
  user_id: string;
  name: string;
  email: string;
  unclaimed: boolean;
  location: string | null;
  last_at: string;
  expired_at: string | null;
  default_months: number | null;
  country_months: Record<string, number> | null;
  other_companies: number;
}

/** Every candidate a company holds, with their last activity with it (applying, a stage, a referral, renewing). */
const companyCandidates = (now: Date) => sql`
  with activity as (
    select j.company_id, p.talent_id as user_id, p.updated_at as at
      from candidate_pipelines p join job_postings j on j.id = p.job_id
    union all select company_id, talent_id, updated_at from referrals
    union all select company_id, user_id, renewed_at from talent_pool_consents
     where company_id is not null and withdrawn_at is null
  ), last as (select company_id, user_id, max(at) as last_at from activity group by 1, 2)
  select l.company_id, c.name as holder, u.id as user_id, u.name, u.email, u.unclaimed, tp.location, l.last_at,
         e.expired_at, rp.default_months, rp.country_months,
         (select count(distinct j.company_id)::int from candidate_pipelines p2 join job_postings j on j.id = p2.job_id
           where p2.talent_id = u.id and j.company_id <> l.company_id) as other_companies
    from last l
    join users u on u.id = l.user_id and u.deleted_at is null
    join companies c on c.id = l.company_id
    left join talent_profiles tp on tp.id = u.id
    left join retention_policies rp on rp.company_id = l.company_id
    left join retention_expiries e on e.company_id = l.company_id and e.user_id = l.user_id
   where l.last_at < ${now.toISOString()}::timestamptz - interval '1 month' and (e.expired_at is null or e.expired_at < l.last_at)`;

/** Every job seeker with an account, with their last activity on Referwell (signing in, editing, renewing). */
const jobseekers = sql`
  select null::uuid as company_id, 'Referwell' as holder, u.id as user_id, u.name, u.email, u.unclaimed,
         tp.location, greatest(u.created_at, u.updated_at, tp.updated_at,
           (select max(last_seen_at) from sessions s where s.user_id = u.id),
           (select renewed_at from talent_pool_consents k
             where k.user_id = u.id and k.company_id is null and k.withdrawn_at is null)) as last_at,
         null::timestamptz as expired_at, null::int as default_months, null::jsonb as country_months,
         0 as other_companies
    from users u left join talent_profiles tp on tp.id = u.id
   where u.type = 'jobseeker' and not u.unclaimed and u.deleted_at is null and u.deletion_scheduled_for is null`;

export interface SweepResult {
  reminded: number;
  erased: number;
}

/**
 * The daily job: reminds everyone whose term ends within RETENTION_REMINDER_DAYS (one mail per term: the mail key
 * names its end), and erases those whose term has ended, each in its own transaction, audited for a company.
 */
export async function sweepRetention(
  db: Db,
  storage: FileStorage,
  secret: string,
  jobseekerMonths: number,
  now = new Date(),
): Promise<SweepResult> {
  const result: SweepResult = { reminded: 0, erased: 0 };
  const rows = [
    ...(await selectRows<CandidateRow>(db, companyCandidates(now))),
    ...(await selectRows<CandidateRow>(
      db,
      sql`select * from (${jobseekers}) j
           where j.last_at < ${now.toISOString()}::timestamptz - make_interval(months => ${jobseekerMonths}) + interval '31 days'`,
    )),
  ];
  for (const row of rows) {
    const months = row.company_id
      ? retentionMonthsFor(
          { defaultMonths: row.default_months ?? RETENTION_DEFAULT_MONTHS, countryMonths: row.country_months ?? {} },
          countryOfLocation(row.location),
        )
      : jobseekerMonths;
    const { remindAt, expiresAt } = retentionDates(new Date(row.last_at), months);
    if (now >= expiresAt) {
      const keys = await inTransaction(db, async (tx) => {
        let files: string[] = [];
        // Someone referred by their details, held by this company alone, has nothing of their own: erase them.
        if (!row.company_id || (row.unclaimed && row.other_companies === 0))
          files = (await eraseAccount(tx, row.user_id, now, true)) ?? [];
        else await anonymiseCandidateForCompany(tx, row.user_id, row.company_id);
        if (row.company_id) {
          await tx
            .insert(retentionExpiries)
            .values({ companyId: row.company_id, userId: row.user_id, expiredAt: now })
            .onConflictDoUpdate({
              target: [retentionExpiries.companyId, retentionExpiries.userId],
              set: { expiredAt: now },
            });
          await recordAudit(tx, {
            companyId: row.company_id,
            actorId: null,
            action: 'retention.candidate_erased',
            subject: { type: 'user', id: row.user_id, userId: row.user_id },
            before: { months, lastActivity: day(new Date(row.last_at)) },
            after: null,
          });
        }
        return files;
      });
      for (const key of keys) await storage.delete(key);
      result.erased++;
    } else if (now >= remindAt && !row.unclaimed) {
      await inTransaction(db, (tx) =>
        enqueueMail(tx, {
          key: `retention-reminder:${row.company_id ?? PLATFORM}:${row.user_id}:${day(expiresAt)}`,
          template: 'retention-reminder',
          to: row.email,
          userId: row.user_id,
          props: {
            name: row.name,
            holder: row.holder,
            date: day(expiresAt),
            path: `/api/talent-pool/renew?token=${encodeURIComponent(renewalToken(secret, row.user_id, row.company_id))}`,
          },
        }),
      );
      result.reminded++;
    }
  }
  return result;
}

// ----- data-subject requests -----

const toRequest = (row: typeof dataSubjectRequests.$inferSelect, now = new Date()): DataSubjectRequest => ({
  id: row.id,
  kind: row.kind as DataSubjectRequest['kind'],
  requesterName: row.requesterName,
  requesterEmail: row.requesterEmail,
  jurisdiction: row.jurisdiction as DataSubjectRequest['jurisdiction'],
  receivedOn: day(row.receivedOn),
  dueOn: day(row.dueOn),
  completedAt: row.completedAt?.toISOString() ?? null,
  overdue: !row.completedAt && row.dueOn < now,
  note: row.note,
});

export async function listDataSubjectRequests(db: Db, companyId: string): Promise<DataSubjectRequest[]> {
  const rows = await db
    .select()
    .from(dataSubjectRequests)
    .where(eq(dataSubjectRequests.companyId, companyId))
    .orderBy(sql`${dataSubjectRequests.completedAt} is not null`, asc(dataSubjectRequests.dueOn));
  return rows.map((row) => toRequest(row));
}

/** Records a request with its legal deadline (by its law: GDPR one month, CCPA 45 days), audited. */
export async function recordDataSubjectRequest(
  db: Db,
  companyId: string,
  actorId: string,
  input: DataSubjectRequestInput,
): Promise<DataSubjectRequest> {
  const receivedOn = input.receivedOn ? new Date(`${input.receivedOn}T00:00:00Z`) : new Date();
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(dataSubjectRequests)
      .values({
        companyId,
        kind: input.kind,
        requesterName: input.requesterName,
        requesterEmail: input.requesterEmail,
        jurisdiction: input.jurisdiction,
        receivedOn,
        dueOn: dsrDueDate(receivedOn, input.jurisdiction),
        note: input.note ?? null,
        createdBy: actorId,
      })
      .returning();
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'dsr.recorded',
      subject: { type: 'company', id: row!.id },
      after: { kind: row!.kind, dueOn: day(row!.dueOn) },
    });
    return toRequest(row!);
  });
}

export async function completeDataSubjectRequest(
  db: Db,
  companyId: string,
  actorId: string,
  requestId: string,
): Promise<DataSubjectRequest> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(dataSubjectRequests)
      .set({ completedAt: sql`coalesce(${dataSubjectRequests.completedAt}, now())` })
      .where(and(eq(dataSubjectRequests.id, requestId), eq(dataSubjectRequests.companyId, companyId)))
      .returning();
    if (!row) throw notFound(RETENTION_MESSAGES.requestNotFound);
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'dsr.completed',
      subject: { type: 'company', id: row.id },
      after: { kind: row.kind },
    });
    return toRequest(row);
  });
}
