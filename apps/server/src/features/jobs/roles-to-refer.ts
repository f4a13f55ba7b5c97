import { and, desc, eq, sql } from 'drizzle-orm';
import type { RolesToRefer } from '@referwell/shared';
import { countAll, type Executor } from '../../db/repository';
import { jobPostings, referralPolicies } from '../../db/schema';
import { bonusOffersFor } from '../bonuses/port';

/**
 * The company's open roles with what a referral for each pays: roles that pay a bonus first (the job's own, or the
 * company's default), then the newest. The referrer dashboard's card, the jobs a referrer picks from in the refer
 * dialog, and the weekly "roles to refer" e-mail all read this.
 */
export async function rolesToRefer(db: Executor, companyId: string, limit: number): Promise<RolesToRefer> {
  const open = and(eq(jobPostings.companyId, companyId), eq(jobPostings.status, 'OPEN'))!;
  const paysBonus = sql`(${jobPostings.referralBonusAmount} is not null or exists (
    select 1 from ${referralPolicies} p where p.company_id = ${companyId} and p.default_bonus_amount is not null))`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: jobPostings.id,
        title: jobPostings.title,
        location: jobPostings.location,
        employmentType: jobPostings.jobType,
        department: jobPostings.department,
        createdAt: sql<string>`to_char(${jobPostings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
        bonusAmount: jobPostings.referralBonusAmount,
        bonusCurrency: jobPostings.referralBonusCurrency,
      })
      .from(jobPostings)
      .where(open)
      .orderBy(sql`${paysBonus} desc`, desc(jobPostings.createdAt), desc(jobPostings.id))
      .limit(limit),
    db.select({ n: countAll() }).from(jobPostings).where(open),
  ]);
  const offers = await bonusOffersFor(
    db,
    rows.map((row) => ({ ...row, companyId })),
  );
  return {
    items: rows.map(({ bonusAmount: _a, bonusCurrency: _c, ...row }) => ({
      ...row,
      bonus: offers.get(row.id) ?? null,
    })),
    total: total?.n ?? 0,
  };
}
