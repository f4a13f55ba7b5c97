// Pay transparency on jobs (issue 36): which laws require a range for a job (the rules table of
// @referwell/shared/rules/pay-transparency, read for the job's location and its company's size), the refusal when an
// open job lacks one, and a company admin's exemption (audited).
import { and, eq, isNull, or } from 'drizzle-orm';
import {
  JOB_MESSAGES,
  PAY_PERIODS,
  parseSalary,
  payRangeRequiredMessage,
  payRulesFor,
  workplaceOf,
  type JobPay,
  type JobPayTransparency,
  type PayTransparencyRule,
} from '@referwell/shared';
import { placesNamed, readLocation } from '@referwell/shared/places';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { companies, jobPostings } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { recordAudit } from '../../platform/audit/service';
import { requireCompanyAdmin, seesJob } from '../../platform/access/guards';
import type { AuthContext } from '../../platform/sessions/sessions';

/** The structured pay a salary text states (the one reader, parseSalary): bare amounts are US dollars a year. */
export function payOf(salary: string | null | undefined): JobPay | null {
  const read = parseSalary(salary);
  if (!read) return null;
  return { min: read.min, max: read.max, currency: read.currency ?? 'USD', period: read.period ?? 'YEAR' };
}

/** The columns a job row keeps of its pay (written with salaryRange). */
export function payColumns(salary: string | null | undefined) {
  const pay = payOf(salary);
  return {
    payMin: pay?.min ?? null,
    payMax: pay?.max ?? null,
    payCurrency: pay?.currency ?? null,
    payPeriod: pay?.period ?? null,
  };
}

/**
 * A job row's pay: its stored columns, or its salary text read again for rows saved before the columns existed
 * (migration 0045 adds them empty; the next save writes them).
 */
export function payOfRow(row: {
  payMin: number | null;
  payMax: number | null;
  payCurrency: string | null;
  payPeriod: string | null;
  salaryRange: string | null;
}): JobPay | null {
  const period = PAY_PERIODS.find((p) => p === row.payPeriod);
  if (row.payMin === null || row.payMax === null || !period) return payOf(row.salaryRange);
  return { min: row.payMin, max: row.payMax, currency: row.payCurrency ?? 'USD', period };
}

/** What of a company the rules read: its size, its profile's place and the US states it employs people in. */
export interface CompanyPayScope {
  employeeCount: string | null;
  location: string | null;
  staffStates: string[];
}

export async function companyPayScope(db: Executor, companyId: string): Promise<CompanyPayScope> {
  const [company] = await db
    .select({
      employeeCount: companies.employeeCount,
      location: companies.location,
      staffStates: companies.staffStates,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company ?? { employeeCount: null, location: null, staffStates: [] };
}

/**
 * The one evaluation (post, edit, publish, import, ATS import, job sources, the jobs board's flags): the laws that
 * require a pay range for a job at this location, posted by this company.
 */
export function payRulesAt(company: CompanyPayScope, location: string, at = new Date()): PayTransparencyRule[] {
  return payRulesFor({
    places: placesNamed(location),
    workplace: workplaceOf(location),
    remoteCountries: readLocation(location).remoteCountries,
    employerPlaces: placesNamed(company.location),
    staffStates: company.staffStates,
    employeeCount: company.employeeCount,
    at,
  });
}

/** The laws that require a pay range for a job at this location, posted now by this company. */
export async function payRulesForJob(
  db: Executor,
  companyId: string,
  location: string,
  at = new Date(),
): Promise<PayTransparencyRule[]> {
  return payRulesAt(await companyPayScope(db, companyId), location, at);
}

/**
 * The laws an open job breaks today: a law covers it and it has neither a range nor an exemption. A job posted
 * within the law can come to break one when its company adds a state it employs people in; it stays open and is
 * flagged on the Jobs board (its next edit must add the range).
 */
export function payRulesBroken(
  company: CompanyPayScope,
  job: Parameters<typeof payOfRow>[0] & { status: string; location: string; payExemptReason: string | null },
): PayTransparencyRule[] {
  if (job.status !== 'OPEN' || job.payExemptReason !== null || payOfRow(job)) return [];
  return payRulesAt(company, job.location);
}

/** How many of a company's open jobs break a pay transparency law today (payRulesBroken). */
export async function openJobsBreakingPayRules(db: Executor, companyId: string): Promise<number> {
  const company = await companyPayScope(db, companyId);
  // Only open jobs without structured pay can break a law (a row saved before migration 0045 reads its text).
  const open = await db
    .select({
      status: jobPostings.status,
      location: jobPostings.location,
      payExemptReason: jobPostings.payExemptReason,
      salaryRange: jobPostings.salaryRange,
      payMin: jobPostings.payMin,
      payMax: jobPostings.payMax,
      payCurrency: jobPostings.payCurrency,
      payPeriod: jobPostings.payPeriod,
    })
    .from(jobPostings)
    .where(
      and(
        eq(jobPostings.companyId, companyId),
        eq(jobPostings.status, 'OPEN'),
        isNull(jobPostings.payExemptReason),
        or(isNull(jobPostings.payMin), isNull(jobPostings.payMax)),
      ),
    );
  return open.filter((job) => payRulesBroken(company, job).length > 0).length;
}

/** The 422 for an open job without the range a law requires: the law named in the message and on the salary field. */
export function payRangeRequired(rules: readonly PayTransparencyRule[]): AppError {
  const message = payRangeRequiredMessage(rules);
  return new AppError(422, 'PAY_RANGE_REQUIRED', message, { salary: message });
}

/** Rule ids as stored on a held job ('US-CO,US-CA'), and back as the names people read. */
export const heldByOf = (rules: readonly PayTransparencyRule[]) => rules.map((rule) => rule.id).join(',');

/**
 * The rules that an open job with this salary would break: [] when it states a range, is exempt, or no law covers
 * it.
 */
export async function unmetPayRules(
  db: Executor,
  job: { companyId: string; location: string; salary: string | null | undefined; exempt: boolean },
): Promise<PayTransparencyRule[]> {
  if (job.exempt || payOf(job.salary)) return [];
  return payRulesForJob(db, job.companyId, job.location);
}

/** What the job's team sees of pay transparency on the job (see jobPayTransparencySchema). */
export async function payTransparencyOf(
  db: Executor,
  job: typeof jobPostings.$inferSelect,
): Promise<JobPayTransparency> {
  const rules = await payRulesForJob(db, job.companyId, job.location);
  const held = job.payHeldBy ? rules.filter((rule) => job.payHeldBy!.split(',').includes(rule.id)) : [];
  return {
    rules: rules.map(({ id, name }) => ({ id, name })),
    exemptReason: job.payExemptReason,
    heldReason: job.payHeldBy
      ? JOB_MESSAGES.payHeld(held.map((rule) => `${rule.name} (${rule.id})`).join('; ') || job.payHeldBy)
      : null,
  };
}

async function adminsJob(db: Executor, auth: AuthContext, id: string) {
  const [job] = await db.select().from(jobPostings).where(eq(jobPostings.id, id));
  if (!job || !seesJob(auth, job)) throw notFound(JOB_MESSAGES.notFound);
  requireCompanyAdmin(auth, job.companyId, JOB_MESSAGES.payExemptOnlyAdmins);
  return job;
}

/** A company admin marks a job exempt from pay transparency with a reason, or clears it (null); audited. */
export async function setPayExemption(db: Db, auth: AuthContext, id: string, reason: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await adminsJob(tx, auth, id);
    if (job.payExemptReason === reason) return;
    await tx
      .update(jobPostings)
      .set(
        reason === null
          ? { payExemptReason: null, payExemptBy: null, payExemptAt: null, updatedAt: new Date() }
          : { payExemptReason: reason, payExemptBy: auth.user.id, payExemptAt: new Date(), updatedAt: new Date() },
      )
      .where(eq(jobPostings.id, id));
    await recordAudit(tx, {
      companyId: job.companyId,
      actorId: auth.user.id,
      action: reason === null ? 'job.pay_exemption_cleared' : 'job.pay_exemption_set',
      subject: { type: 'job', id },
      before: { exemptReason: job.payExemptReason },
      after: { exemptReason: reason },
    });
  });
}
