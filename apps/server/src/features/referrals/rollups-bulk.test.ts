import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/repository';
import { createTestApp, postJobAs, type PostedJob, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { rollupRecounts } from '../../test/rollups';
import { refreshAllReferralLevels } from './rollups';

/**
 * Statements that write many pipelines or referrals of one job (an import, a bulk payout, a job's candidates moved
 * at once) keep the analytics rollups with statement triggers (migration 0028_analytics5_statement_rollups): each
 * rollup row is written once per statement, not once per row, so the work stays linear in the rows written. Measured
 * by the rollup rows the transaction wrote (`pg_stat_xact_user_tables`), not by the clock: row triggers wrote one
 * version of the job's rollup rows per written row, here 10,000.
 */
const BULK = 10_000;
const ROLLUPS = sql.raw(`'job_stage_counts', 'referral_bonus_totals', 'referral_month_jobs', 'referral_month_levels',
  'referral_month_referrers', 'application_month_jobs'`);

let t: TestApp;
let admin: SignedUp;
let job: PostedJob;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Bulk Health' });
  job = await postJobAs(t, admin, { referralBonusAmount: 1000, referralBonusCurrency: 'USD' });
});
afterAll(() => t.close());

/** Rows of `tables` (the rollups unless told) inserted, updated or deleted so far in this transaction. */
async function rollupWrites(tx: Tx, tables: SQL = ROLLUPS): Promise<number> {
  const rows = (await tx.execute(sql`select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::int as n
    from pg_stat_xact_user_tables where relname in (${tables})`)) as unknown as { rows: { n: number }[] };
  return rows.rows[0]!.n;
}

/** Runs one statement and resolves to how many rows of `tables` (the rollups unless told) it wrote. */
async function writesOf(tx: Tx, statement: SQL, tables: SQL = ROLLUPS): Promise<number> {
  const before = await rollupWrites(tx, tables);
  await tx.execute(statement);
  return (await rollupWrites(tx, tables)) - before;
}

/** Every rollup equals a recount of the rows it counts. */
async function expectRecounted(tx: Tx) {
  const recount = rollupRecounts(tx);
  await recount.expectStageCounts(job.id);
  await recount.expectBonusTotals(job.id);
  await recount.expectMonthCounts();
  await recount.expectApplicationMonths();
}

/**
 * The funnel levels of rows written without the services (they set a level as they write its inputs), set again in
 * bulk as the benchmark's dataset does: right for every referral, and the monthly counts per level follow.
 */
async function expectLevelsRefreshed(tx: Tx) {
  await refreshAllReferralLevels(tx);
  await rollupRecounts(tx).expectFunnelLevels();
  await expectRecounted(tx);
}

describe('analytics rollups under bulk writes', () => {
  it(`write each rollup row once per statement for ${BULK.toLocaleString('en')} rows of one job`, async () => {
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`insert into users (email, name, password_hash, type)
        select 'bulk.' || n || '@example.com', 'Bulk ' || n, 'not-a-real-hash', 'jobseeker'
        from generate_series(1, ${BULK}) n`);
      const candidates = sql`(select id, row_number() over (order by email) as n from users
        where email like 'bulk.%@example.com')`;
      // Three months of rows: at most a few rollup rows per statement (month × stage, level, state…).
      const inserted = await writesOf(
        tx,
        sql`insert into candidate_pipelines (job_id, talent_id, stage, entry, applied_at, created_at)
        select ${job.id}::uuid, c.id, 'referred', 'referred',
          case when c.n % 2 = 0 then timestamptz '2026-03-01' + (c.n % 90) * interval '1 day' end,
          timestamptz '2026-03-01' + (c.n % 90) * interval '1 day'
        from ${candidates} c`,
      );
      expect(inserted).toBeLessThan(20);
      await expectRecounted(tx);
      const referred = await writesOf(
        tx,
        sql`insert into referrals (job_id, company_id, referrer_id, talent_id, talent_profile, status, consent,
          bonus_amount, bonus_currency, bonus_state, created_at)
        select ${job.id}::uuid, ${admin.body.company!.id}::uuid, ${admin.body.user.id}::uuid, c.id,
          jsonb_build_object('name', 'Bulk'), 'pending',
          (case when c.n % 3 = 0 then 'confirmed' else 'pending' end)::referral_consent,
          1000, 'USD', 'awaiting_hire', timestamptz '2026-03-01' + (c.n % 90) * interval '1 day'
        from ${candidates} c`,
      );
      expect(referred).toBeLessThan(40);
      await expectRecounted(tx);
      await expectLevelsRefreshed(tx);
      const moved = await writesOf(
        tx,
        sql`update candidate_pipelines set stage = 'hired', reached_rank = 5,
          applied_at = coalesce(applied_at, created_at + interval '2 days'), hired_at = created_at + interval '30 days'
        where job_id = ${job.id}::uuid and talent_id in (select id from ${candidates} c where c.n % 4 <> 0)`,
      );
      expect(moved).toBeLessThan(60);
      await expectRecounted(tx);
      await expectLevelsRefreshed(tx);
      const paid = await writesOf(
        tx,
        sql`update referrals set status = 'completed', bonus_state = 'paid', bonus_due_on = date '2026-08-01',
          bonus_paid_on = date '2026-08-15'
        where job_id = ${job.id}::uuid and talent_id in (select id from ${candidates} c where c.n % 4 <> 0)`,
      );
      expect(paid).toBeLessThan(40);
      await expectRecounted(tx);
      const removed = await writesOf(
        tx,
        sql`delete from candidate_pipelines
        where job_id = ${job.id}::uuid and talent_id in (select id from ${candidates} c where c.n % 2 = 0)`,
      );
      expect(removed).toBeLessThan(60);
      await expectRecounted(tx);
      await expectLevelsRefreshed(tx);
      const gone = await writesOf(tx, sql`delete from referrals where job_id = ${job.id}::uuid`);
      expect(gone).toBeLessThan(40);
      await expectRecounted(tx);
    });
  }, 120_000);

  it('leave every rollup untouched by an update that changes nothing they count', async () => {
    await t.app.db.transaction(async (tx) => {
      const touched = await writesOf(
        tx,
        sql`update candidate_pipelines set updated_at = now() where job_id = ${job.id}::uuid`,
      );
      expect(touched).toBe(0);
      await expectRecounted(tx);
    });
  });

  it(`keep one fact per referral request through bulk writes of ${BULK.toLocaleString('en')} requests`, async () => {
    const FACTS = sql.raw(`'referral_request_facts'`);
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`insert into users (email, name, password_hash, type)
        select 'asker.' || n || '@example.com', 'Asker ' || n, 'not-a-real-hash', 'jobseeker'
        from generate_series(1, ${BULK}) n`);
      const asked = await writesOf(
        tx,
        sql`insert into referral_requests (job_id, talent_id, referrer_id, message, created_at)
        select ${job.id}::uuid, u.id, ${admin.body.user.id}::uuid, 'Would you refer me?',
          timestamptz '2026-03-01' + (row_number() over (order by u.email) % 90) * interval '1 day'
        from users u where u.email like 'asker.%@example.com'`,
        FACTS,
      );
      expect(asked).toBe(BULK);
      await rollupRecounts(tx).expectRequestFacts();
      const answered = await writesOf(
        tx,
        sql`update referral_requests set status = 'accepted', responded_at = created_at + interval '7 hours'
        where job_id = ${job.id}::uuid`,
        FACTS,
      );
      expect(answered).toBe(BULK);
      await rollupRecounts(tx).expectRequestFacts();
      const untouched = await writesOf(
        tx,
        sql`update referral_requests set message = 'Still keen' where job_id = ${job.id}::uuid`,
        FACTS,
      );
      expect(untouched).toBe(0);
      const gone = await writesOf(tx, sql`delete from referral_requests where job_id = ${job.id}::uuid`, FACTS);
      expect(gone).toBe(BULK);
      expect(await rollupRecounts(tx).expectRequestFacts()).toHaveLength(0);
    });
  }, 120_000);
});
