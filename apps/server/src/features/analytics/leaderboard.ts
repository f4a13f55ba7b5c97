import { eq, sql } from 'drizzle-orm';
import { type Leaderboard } from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { referralPolicies, referrerProfiles } from '../../db/schema';
import { isCompanyAdminOf } from '../../platform/access/guards';
import type { AuthContext } from '../../platform/sessions/sessions';
import { resolvePeriod } from './period';

/** How many referrers the leaderboard lists. */
const LEADERBOARD_SIZE = 20;

export async function leaderboardVisible(db: Executor, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ visible: referralPolicies.leaderboardVisible })
    .from(referralPolicies)
    .where(eq(referralPolicies.companyId, companyId));
  return row?.visible ?? false;
}

/**
 * The company's referrers ranked by hires then referrals over the last 90 days. Members get its entries only when
 * * an admin turned it on (otherwise none); admins always do, to preview it. Hidden referrers are left out.
 */
export async function companyLeaderboard(db: Db, me: AuthContext, companyId: string): Promise<Leaderboard> {
  const visible = await leaderboardVisible(db, companyId);
  const period = resolvePeriod({ period: '90d' });
  const hidden = await hiddenFromLeaderboard(db, me.user.id);
  const periodDays = { from: period.fromDay, to: period.toDay };
  if (!visible && !isCompanyAdminOf(me, companyId)) return { visible, period: periodDays, entries: [], hidden };
  const entries = await preparedRows<Leaderboard['entries'][number]>(
    db,
    sql`select m.user_id as "userId", u.name, count(rf.id)::int as referrals,
      (count(rf.id) filter (where rf.status = 'completed'))::int as hires
    from company_members m
    join users u on u.id = m.user_id
    left join referrer_profiles rp on rp.user_id = m.user_id
    join referrals rf on rf.referrer_id = m.user_id and rf.company_id = m.company_id
      and rf.created_at >= ${period.from} and rf.created_at < ${period.until}
    where m.company_id = ${companyId}::uuid and not coalesce(rp.hide_from_leaderboard, false)
    group by m.user_id, u.name
    order by hires desc, referrals desc, u.name asc
    limit ${LEADERBOARD_SIZE}`,
  );
  return { visible, period: periodDays, entries, hidden };
}

async function hiddenFromLeaderboard(db: Executor, userId: string): Promise<boolean> {
  const [mine] = await db
    .select({ hidden: referrerProfiles.hideFromLeaderboard })
    .from(referrerProfiles)
    .where(eq(referrerProfiles.userId, userId));
  return mine?.hidden ?? false;
}

/** An admin shows or hides the leaderboard from the company's referrers. */
export async function setLeaderboardVisible(db: Db, companyId: string, visible: boolean): Promise<void> {
  await db
    .insert(referralPolicies)
    .values({ companyId, leaderboardVisible: visible })
    .onConflictDoUpdate({
      target: referralPolicies.companyId,
      set: { leaderboardVisible: visible, updatedAt: new Date() },
    });
}

/** A referrer leaves the leaderboard, or joins it again. */
export async function setHiddenFromLeaderboard(db: Db, userId: string, hidden: boolean): Promise<void> {
  await db
    .insert(referrerProfiles)
    .values({ userId, hideFromLeaderboard: hidden })
    .onConflictDoUpdate({
      target: referrerProfiles.userId,
      set: { hideFromLeaderboard: hidden, updatedAt: new Date() },
    });
}
