/**
 * Who a company pays its referral bonuses to. Payees are the people with a bonus at the company (its referrers),
 * each recorded by an admin as an employee (payroll id: the bonus is supplemental wages in the payroll CSV) or an
 * external referrer (the W-9's name, tax classification and TIN). The TIN is sealed with the app's secrets module,
 * bound to the company and person, and never returned: the API shows its last four digits. The yearly total per
 * payee tells the company who reaches the 1099-NEC threshold. No money moves through Referwell.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  maskTin,
  nec1099ThresholdUsd,
  normalizeTin,
  PAYEE_MESSAGES,
  type PayeeForm,
  type PayeeKind,
  type PayeeList,
  type TaxClassification,
  type TinType,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/repository';
import { payees } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';
import { recordAudit } from '../../platform/audit/service';
import { sealedContext } from '../../lib/sealed-columns';

interface PayeeRow {
  userId: string;
  name: string;
  email: string | null;
  kind: PayeeKind | null;
  payrollId: string | null;
  legalName: string | null;
  taxClassification: TaxClassification | null;
  tinType: TinType | null;
  tinLast4: string | null;
  paid: { currency: string; amount: number }[];
}

/** The company's payees with what was paid to each in `year` (UTC, by the day a bonus was paid). */
export async function listPayees(db: Db, companyId: string, year: number): Promise<PayeeList> {
  const thresholdUsd = nec1099ThresholdUsd(year);
  const rows = await selectRows<PayeeRow>(
    db,
    sql`
    with people as (
      select referrer_id as user_id from referrals
        where company_id = ${companyId} and referrer_id is not null and bonus_amount is not null
      union
      select user_id from payees where company_id = ${companyId}
    )
    select u.id as "userId", u.name, case when u.deleted_at is null then u.email end as email,
      p.kind, p.payroll_id as "payrollId", p.legal_name as "legalName",
      p.tax_classification as "taxClassification", p.tin_type as "tinType", p.tin_last4 as "tinLast4",
      coalesce((
        select json_agg(json_build_object('currency', t.currency, 'amount', t.amount) order by t.currency)
        from (
          select coalesce(r.bonus_currency, 'USD') as currency, sum(r.bonus_amount)::int as amount
          from referrals r
          where r.company_id = ${companyId} and r.referrer_id = u.id and r.bonus_state = 'paid'
            and r.bonus_paid_on >= make_date(${year}::int, 1, 1) and r.bonus_paid_on < make_date(${year}::int + 1, 1, 1)
          group by 1
        ) t
      ), '[]'::json) as paid
    from people
    join users u on u.id = people.user_id
    left join payees p on p.company_id = ${companyId} and p.user_id = u.id
    order by u.name, u.id`,
  );
  return {
    year,
    thresholdUsd,
    payees: rows.map((row) => {
      const usd = row.paid.find((m) => m.currency === 'USD')?.amount ?? 0;
      return {
        userId: row.userId,
        name: row.name,
        email: row.email,
        kind: row.kind,
        payrollId: row.kind === 'employee' ? row.payrollId : null,
        w9:
          row.kind === 'external' && row.legalName && row.taxClassification && row.tinType && row.tinLast4
            ? {
                legalName: row.legalName,
                taxClassification: row.taxClassification,
                tinType: row.tinType,
                tinMasked: maskTin(row.tinType, row.tinLast4),
              }
            : null,
        paidInYear: row.paid,
        reaches1099Threshold: row.kind !== 'employee' && usd >= thresholdUsd,
      };
    }),
  };
}

/**
 * An admin records how a person is paid. The person must have a bonus at the company (or be a payee already). An
 * external referrer's TIN is required the first time and sealed; left out later, the one on file stays (unless the
 * TIN type changes). The audit log records what changed, never the TIN.
 */
export async function savePayee(
  db: Db,
  secrets: Secrets,
  companyId: string,
  userId: string,
  actorId: string,
  form: PayeeForm,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [known] = await selectRows<{ ok: number }>(
      tx,
      sql`select 1 as ok where exists (select 1 from referrals where company_id = ${companyId}
          and referrer_id = ${userId} and bonus_amount is not null)
        or exists (select 1 from payees where company_id = ${companyId} and user_id = ${userId})`,
    );
    if (!known) throw notFound(PAYEE_MESSAGES.notAPayee);
    const [before] = await tx
      .select()
      .from(payees)
      .where(and(eq(payees.companyId, companyId), eq(payees.userId, userId)))
      .for('update');
    let values: Omit<typeof payees.$inferInsert, 'companyId' | 'userId'>;
    if (form.kind === 'employee') {
      values = {
        kind: 'employee',
        payrollId: form.payrollId,
        legalName: null,
        taxClassification: null,
        tinType: null,
        tinSealed: null,
        tinLast4: null,
      };
    } else {
      const keep = !form.tin && before?.kind === 'external' && before.tinType === form.tinType && before.tinSealed;
      if (!form.tin && !keep) throw badRequest(PAYEE_MESSAGES.tinRequired, { tin: PAYEE_MESSAGES.tinRequired });
      const digits = form.tin ? normalizeTin(form.tinType, form.tin) : null;
      values = {
        kind: 'external',
        payrollId: null,
        legalName: form.legalName,
        taxClassification: form.taxClassification,
        tinType: form.tinType,
        tinSealed: digits ? secrets.seal(digits, sealedContext.payeeTin(companyId, userId)) : before!.tinSealed,
        tinLast4: digits ? digits.slice(-4) : before!.tinLast4,
      };
    }
    await tx
      .insert(payees)
      .values({ companyId, userId, ...values, updatedBy: actorId })
      .onConflictDoUpdate({
        target: [payees.companyId, payees.userId],
        set: { ...values, updatedBy: actorId, updatedAt: new Date() },
      });
    const shown = (row: typeof values | undefined) =>
      row && {
        kind: row.kind,
        payrollId: row.payrollId,
        legalName: row.legalName,
        taxClassification: row.taxClassification,
        tinType: row.tinType,
      };
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'payee.changed',
      subject: { type: 'member', id: userId, userId },
      before: shown(before) ?? null,
      after: { ...shown(values), tinChanged: form.kind === 'external' && !!form.tin },
    });
  });
}
