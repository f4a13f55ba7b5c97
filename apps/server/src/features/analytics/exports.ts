import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import {
  analyticsQuerySchema,
  BONUS_STATE_LABELS,
  COMPANY_EXPORT_MESSAGES,
  formatDate,
  formatMoney,
  FUNNEL_STEP_LABELS,
  HIRE_SOURCE_LABELS,
  PIPELINE_STAGES,
  STAGE_LABELS,
  type AnalyticsExport,
  type AnalyticsQuery,
  type BonusState,
  type PipelineStage,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { csvStream, keysetRows, type CsvColumn } from '../../lib/csv/export';
import { badRequest } from '../../lib/errors';
import { companyAnalytics } from './service';
import { referralsInScope, resolvePeriod, type JobScope, type Period } from './period';

/** A day (its UTC date for an instant) and an amount as every screen writes them: Dec 02, 2026; $3,000. */
const day = (value: Date | string | null) =>
  value === null ? '' : formatDate(typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));
const money = (amount: number | null, currency: string | null) =>
  amount === null ? '' : formatMoney(amount, currency);
const ratio = (value: number | null) => (value === null ? '' : Math.round(value * 1000) / 10);

/** Keyset pages compare the full-precision timestamp as text: a JavaScript Date would drop its microseconds. */
const FIRST_KEY = { key: '-infinity', id: '00000000-0000-0000-0000-000000000000' };

interface ReferralRow {
  id: string;
  key: string;
  createdAt: Date;
  job: string;
  department: string | null;
  candidate: string;
  referrer: string | null;
  status: string;
  consent: string;
  stage: PipelineStage | null;
  bonusAmount: number | null;
  bonusCurrency: string | null;
  bonusState: BonusState;
  bonusDueOn: string | null;
  bonusPaidOn: string | null;
  reference: string | null;
}

const referralColumns: CsvColumn<ReferralRow>[] = [
  { header: 'Referral ID', value: (r) => r.id },
  { header: 'Referred on', value: (r) => day(r.createdAt) },
  { header: 'Job', value: (r) => r.job },
  { header: 'Department', value: (r) => r.department },
  { header: 'Candidate', value: (r) => r.candidate },
  { header: 'Referrer', value: (r) => r.referrer },
  { header: 'Status', value: (r) => r.status },
  { header: 'Candidate consent', value: (r) => r.consent },
  { header: 'Stage', value: (r) => (r.stage ? STAGE_LABELS[r.stage] : '') },
  { header: 'Bonus amount', value: (r) => money(r.bonusAmount, r.bonusCurrency) },
  { header: 'Bonus currency', value: (r) => r.bonusCurrency },
  { header: 'Bonus', value: (r) => BONUS_STATE_LABELS[r.bonusState] },
  { header: 'Bonus due on', value: (r) => day(r.bonusDueOn) },
  { header: 'Bonus paid on', value: (r) => day(r.bonusPaidOn) },
  { header: 'Payment reference', value: (r) => r.reference },
];

/** The company's referrals made in the period, oldest first, read in (created_at, id) pages. */
function referralRows(db: Db, scope: JobScope, period: Period) {
  return keysetRows<ReferralRow>((after, limit) =>
    preparedRows(
      db,
      sql`select rf.id, rf.created_at::text as key, rf.created_at as "createdAt", j.title as job, j.department,
        rf.talent_profile->>'name' as candidate, u.name as referrer, rf.status::text as status,
        rf.consent::text as consent, p.stage, rf.bonus_amount as "bonusAmount", rf.bonus_currency as "bonusCurrency",
        rf.bonus_state as "bonusState", rf.bonus_due_on::text as "bonusDueOn", rf.bonus_paid_on::text as "bonusPaidOn",
        rf.bonus_payment_reference as reference
      from referrals rf
      join job_postings j on j.id = rf.job_id
      left join users u on u.id = rf.referrer_id
      left join candidate_pipelines p on p.job_id = rf.job_id and p.talent_id = rf.talent_id
      where ${referralsInScope(scope, 'rf')}
        and rf.created_at >= ${period.from} and rf.created_at < ${period.until}
        and (rf.created_at, rf.id) > (${(after ?? FIRST_KEY).key}::timestamptz, ${(after ?? FIRST_KEY).id}::uuid)
      order by rf.created_at, rf.id
      limit ${limit}`,
    ),
  );
}

interface PipelineRow {
  id: string;
  key: string;
  createdAt: Date;
  candidate: string;
  entry: PipelineStage;
  stage: PipelineStage;
  appliedAt: Date | null;
  updatedAt: Date;
  startDate: string | null;
  referrer: string | null;
}

const pipelineColumns: CsvColumn<PipelineRow>[] = [
  { header: 'Candidate', value: (r) => r.candidate },
  { header: 'Came in as', value: (r) => STAGE_LABELS[r.entry] },
  { header: 'Came in on', value: (r) => day(r.createdAt) },
  { header: 'Applied on', value: (r) => day(r.appliedAt) },
  { header: 'Stage', value: (r) => STAGE_LABELS[r.stage] },
  { header: 'Last change', value: (r) => day(r.updatedAt) },
  { header: 'Start date', value: (r) => day(r.startDate) },
  { header: 'Referred by', value: (r) => r.referrer },
];

/** Every candidate on one of the company's jobs, in the order they came in. */
function pipelineRows(db: Db, companyId: string, jobId: string) {
  return keysetRows<PipelineRow>((after, limit) =>
    preparedRows(
      db,
      sql`select p.id, p.created_at::text as key, p.created_at as "createdAt", t.name as candidate, p.entry, p.stage, p.applied_at as "appliedAt",
        p.updated_at as "updatedAt", p.start_date::text as "startDate", u.name as referrer
      from candidate_pipelines p
      join job_postings j on j.id = p.job_id and j.company_id = ${companyId}::uuid
      join users t on t.id = p.talent_id
      left join referrals rf on rf.job_id = p.job_id and rf.talent_id = p.talent_id and rf.consent <> 'declined'
      left join users u on u.id = rf.referrer_id
      where p.job_id = ${jobId}::uuid
        and (p.created_at, p.id) > (${(after ?? FIRST_KEY).key}::timestamptz, ${(after ?? FIRST_KEY).id}::uuid)
      order by p.created_at, p.id
      limit ${limit}`,
    ),
  );
}

interface BonusRow {
  id: string;
  referrer: string;
  referrerEmail: string | null;
  candidate: string;
  job: string;
  amount: number;
  currency: string;
  state: BonusState;
  startDate: string | null;
  dueOn: string | null;
  paidOn: string | null;
  reference: string | null;
  earlyReason: string | null;
  payrollId: string | null;
}

const bonusColumns: CsvColumn<BonusRow>[] = [
  { header: 'Referrer', value: (r) => r.referrer },
  { header: 'Referrer e-mail', value: (r) => r.referrerEmail },
  { header: 'Candidate', value: (r) => r.candidate },
  { header: 'Job', value: (r) => r.job },
  { header: 'Amount', value: (r) => money(r.amount, r.currency) },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Bonus', value: (r) => BONUS_STATE_LABELS[r.state] },
  { header: 'Start date', value: (r) => day(r.startDate) },
  { header: 'Due on', value: (r) => day(r.dueOn) },
  { header: 'Paid on', value: (r) => day(r.paidOn) },
  { header: 'Payment reference', value: (r) => r.reference },
  // An early payment is its own explicit action: said as such, with the admin's reason.
  { header: 'Paid early', value: (r) => (r.earlyReason === null ? '' : `Yes: ${r.earlyReason}`) },
  // An employee's bonus is supplemental wages: payroll finds them by their payroll id (features/bonuses/payees.ts).
  { header: 'Payroll ID', value: (r) => r.payrollId },
  { header: 'Referral ID', value: (r) => r.id },
];

/**
 * For payroll: bonuses paid in the period and bonuses due by its last day (not yet paid), by referrer.
 */
function bonusRows(db: Db, scope: JobScope, period: Period) {
  return keysetRows<BonusRow>((after, limit) =>
    preparedRows(
      db,
      sql`select rf.id, coalesce(u.name, '') as referrer, u.email as "referrerEmail",
        rf.talent_profile->>'name' as candidate, j.title as job, rf.bonus_amount as amount,
        coalesce(rf.bonus_currency, 'USD') as currency, rf.bonus_state as state, p.start_date::text as "startDate",
        rf.bonus_due_on::text as "dueOn", rf.bonus_paid_on::text as "paidOn", rf.bonus_payment_reference as reference,
        rf.bonus_paid_early_reason as "earlyReason", pe.payroll_id as "payrollId"
      from referrals rf
      join job_postings j on j.id = rf.job_id
      left join users u on u.id = rf.referrer_id
      left join candidate_pipelines p on p.job_id = rf.job_id and p.talent_id = rf.talent_id
      left join payees pe on pe.company_id = rf.company_id and pe.user_id = rf.referrer_id and pe.kind = 'employee'
      where ${referralsInScope(scope, 'rf')}
        and rf.bonus_amount is not null
        and ((rf.bonus_state = 'paid' and rf.bonus_paid_on between ${period.fromDay}::date and ${period.toDay}::date)
          or (rf.bonus_state = 'due' and (rf.bonus_due_on is null or rf.bonus_due_on <= ${period.toDay}::date)))
        and (coalesce(u.name, ''), rf.id) > (${after?.referrer ?? ''}::text, ${(after ?? FIRST_KEY).id}::uuid)
      order by coalesce(u.name, ''), rf.id
      limit ${limit}`,
    ),
  );
}

/** One analytics table as rows of cells (at most a few hundred rows: they are computed in one go). */
async function analyticsTable(db: Db, companyId: string, query: AnalyticsQuery, table: AnalyticsExport) {
  const data = await companyAnalytics(db, companyId, query);
  type Cells = (string | number | null)[];
  const sheet = (headers: string[], rows: Cells[]) => ({
    columns: headers.map((header, i): CsvColumn<Cells> => ({ header, value: (row) => row[i] })),
    rows,
  });
  const team = ['Requests received', 'Referrals', 'Hires', 'Conversion %', 'Median response (hours)'];
  switch (table) {
    case 'funnel':
      return sheet(
        ['Step', 'People', 'Share %', 'Share of'],
        data.funnel.map((s) => [
          FUNNEL_STEP_LABELS[s.step],
          s.count,
          ratio(s.conversion),
          s.of === null ? null : FUNNEL_STEP_LABELS[s.of],
        ]),
      );
    case 'sources':
      return sheet(
        ['Source', 'Hires', 'Median days to hire', '75th percentile days to hire'],
        data.sources.map((s) => [HIRE_SOURCE_LABELS[s.source], s.hires, s.medianDaysToHire, s.p75DaysToHire]),
      );
    case 'referrers':
      return sheet(
        ['Referrer', 'Department', ...team],
        data.referrers.map((r) => [
          r.name,
          r.department,
          r.requestsReceived,
          r.referrals,
          r.hires,
          ratio(r.conversion),
          r.medianResponseHours,
        ]),
      );
    case 'departments':
      return sheet(
        ['Department', ...team],
        data.departments.map((d) => [
          d.department ?? 'No department',
          d.requestsReceived,
          d.referrals,
          d.hires,
          ratio(d.conversion),
          d.medianResponseHours,
        ]),
      );
    case 'jobs':
      return sheet(
        [
          'Job',
          'Department',
          'Status',
          'Applicants',
          'Referrals',
          ...PIPELINE_STAGES.map((s) => STAGE_LABELS[s]),
          'Days open',
        ],
        data.jobs.map((j) => [
          j.title,
          j.department,
          j.status,
          j.applicants,
          j.referrals,
          ...PIPELINE_STAGES.map((s) => j.stages[s]),
          j.daysOpen,
        ]),
      );
  }
}

/** A CSV export of the company's referral programme and the file name to download it as. */
export async function companyExport(
  db: Db,
  companyId: string,
  kind: 'referrals' | 'pipeline' | 'bonuses' | AnalyticsExport,
  input: AnalyticsQuery,
): Promise<{ name: string; body: Readable }> {
  const query = analyticsQuerySchema.parse(input);
  const period = resolvePeriod(query);
  const scope: JobScope = { companyId, jobId: query.jobId, department: query.department };
  const name = `referwell-${kind}-${period.fromDay}-to-${period.toDay}.csv`;
  switch (kind) {
    case 'referrals':
      return { name, body: csvStream(referralColumns, referralRows(db, scope, period)) };
    case 'bonuses':
      return { name, body: csvStream(bonusColumns, bonusRows(db, scope, period)) };
    case 'pipeline':
      if (!query.jobId) throw badRequest(COMPANY_EXPORT_MESSAGES.pipelineNeedsJob);
      return {
        name: `referwell-pipeline-${query.jobId}.csv`,
        body: csvStream(pipelineColumns, pipelineRows(db, companyId, query.jobId)),
      };
    default: {
      const { columns, rows } = await analyticsTable(db, companyId, query, kind);
      return { name, body: csvStream(columns, rows) };
    }
  }
}
