/**
 * Analytics area (issue #20): the demo company gets BENCH_REFERRALS (100,000) referrals with their pipelines, about
 * ten stage changes each (~1M history rows), 20% more direct applicants, half as many referral requests and 50
 * referrers in 10 departments, over two years on 500 jobs, generated inside a fresh database (generate_series)
 * before the built server opens it. Then GET /api/companies/{id}/analytics is measured one request at a time as
 * the demo admin over periods and filters (target on PostgreSQL: p95 ≤ 150 ms).
 *
 *   npm run build && BENCH_ONLY=analytics node --import tsx bench/run.ts
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { rebuildIndexes, step, withoutIndexes } from './bulk-load';
import { cpuMeter, loadAverage } from './cpu';
import { verdict } from './targets';
import type { Tx } from '../apps/server/src/db/repository';
import {
  refreshAllApplicationMonths,
  refreshAllRequestFacts,
  refreshAllBonusTotals,
  refreshAllMonthCounts,
  refreshAllJobStageCounts,
  refreshAllPipelineRollups,
  refreshAllReferralLevels,
} from '../apps/server/src/features/referrals/rollups';
import {
  DEMO_ADMIN,
  driver,
  login,
  onPostgres,
  prepareDatabase,
  report,
  sequentialLatency,
  startServer,
  type Row,
} from './support';

const REFERRALS = Number(process.env.BENCH_REFERRALS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const TARGET_P95_MS = 150;
const JOBS = 500;

async function seedReferrals(database: Database): Promise<{ companyId: string; jobId: string }> {
  // One transaction with the foreign-key triggers off (replica role): the rows reference each other by
  // construction, and checking ~1.4M references one row at a time was most of the seeding time.
  const seeded = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    // Secondary indexes of the big tables are built once after the rows are in (a sort), not row by row.
    const indexes = await withoutIndexes(tx, BIG_TABLES, { keys: true });
    const result = await seedRows(tx);
    await step('indexes', () => rebuildIndexes(tx, indexes));
    return result;
  });
  await step('vacuum analyze', () => database.db.execute(sql`vacuum analyze`));
  return seeded;
}

const BIG_TABLES = ['candidate_pipelines', 'pipeline_stage_changes', 'referrals', 'referral_requests'];

async function seedRows(db: Tx): Promise<{ companyId: string; jobId: string }> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [company] = await rows<{ company_id: string }>(sql`select m.company_id from company_members m
    join users u on u.id = m.user_id where u.email = ${DEMO_ADMIN.email}`);
  const companyId = company!.company_id;
  const applicants = Math.round(REFERRALS * 1.2);
  await step('referrers', () =>
    db.execute(sql`
    insert into users (email, name, password_hash, type)
    select 'bench.referrer.' || n || '@example.com', 'Referrer ' || n, 'not-a-real-hash', 'referrer'
    from generate_series(1, 50) n`),
  );
  await step('members', () =>
    db.execute(sql`
    insert into company_members (company_id, user_id, role, department)
    select ${companyId}::uuid, u.id, 'member', 'Department ' || (row_number() over (order by u.email) % 10)
    from users u where u.email like 'bench.referrer.%'`),
  );
  await step('jobs', () =>
    db.execute(sql`
    insert into job_postings (title, company_name, description, location, job_type, requirements, company_id,
      department, referral_bonus_amount, referral_bonus_currency, search, created_at, status)
    select 'Bench Role ' || n, 'Bench', 'A role.', 'Remote', 'full-time', 'None.', ${companyId}::uuid,
      'Team ' || (n % 12), 500 + (n % 5) * 500, 'USD', to_tsvector('english', 'Bench Role ' || n),
      now() - ((n % 700) || ' days')::interval, (case when n % 9 = 0 then 'FILLED' else 'OPEN' end)::job_status
    from generate_series(1, ${JOBS}) n`),
  );
  await step('candidates', () =>
    db.execute(sql`
    insert into users (email, name, password_hash, type)
    select 'bench.candidate.' || n || '@example.com', 'Candidate ' || n, 'not-a-real-hash', 'jobseeker'
    from generate_series(1, ${applicants}) n`),
  );
  // One pipeline per candidate: the first REFERRALS came in referred, the rest applied directly.
  // Statistics for the statements that join the fresh rows (without them a join can turn into a nested loop).
  await step('analyze', () => db.execute(sql`analyze users, job_postings`));
  await step('pipelines', () =>
    db.execute(sql`
    with c as (select id, row_number() over (order by email) n from users where email like 'bench.candidate.%'),
    j as (select id, row_number() over (order by title) - 1 k from job_postings where company_id = ${companyId}::uuid
      and title like 'Bench Role %')
    insert into candidate_pipelines (job_id, talent_id, stage, entry, applied_at, created_at, updated_at)
    select j.id, c.id,
      (array['referred','contacted','scheduled','interviewed','offer','hired','declined','withdrawn'])[1 + c.n % 8]::pipeline_stage,
      (case when c.n <= ${REFERRALS} then 'referred' else 'applied' end)::pipeline_stage,
      case when c.n % 3 = 0 or c.n > ${REFERRALS} then now() - ((c.n % 720) || ' days')::interval + interval '1 day' end,
      now() - ((c.n % 720) || ' days')::interval, now()
    from c join j on j.k = c.n % ${JOBS}`),
  );
  // About ten history rows per pipeline (~1M for the default size): the stages in order, then the current one.
  await step('analyze', () => db.execute(sql`analyze candidate_pipelines`));
  await step('history', () =>
    db.execute(sql`
    insert into pipeline_stage_changes (pipeline_id, from_stage, to_stage, created_at, notified_at)
    select p.id, null,
      (array['referred','contacted','scheduled','interviewed','offer','contacted','scheduled','interviewed','offer'])[least(k, 9)]::pipeline_stage,
      p.created_at + (k || ' days')::interval, p.created_at
    from candidate_pipelines p
    join job_postings j on j.id = p.job_id and j.company_id = ${companyId}::uuid
    cross join generate_series(1, 9) k
    where j.title like 'Bench Role %'`),
  );
  await step('final stages', () =>
    db.execute(sql`
    insert into pipeline_stage_changes (pipeline_id, from_stage, to_stage, created_at, notified_at)
    select p.id, 'offer', p.stage, p.created_at + interval '12 days', p.created_at
    from candidate_pipelines p join job_postings j on j.id = p.job_id
    where j.title like 'Bench Role %' and p.stage in ('hired', 'declined', 'withdrawn')`),
  );
  // The history was written around the pipeline service, so its rollups are computed as the migration does.
  await step('rollups', () => refreshAllPipelineRollups(db));
  await step('referrals', () =>
    db.execute(sql`
    with r as (select id, row_number() over (order by email) n from users where email like 'bench.referrer.%')
    insert into referrals (job_id, company_id, referrer_id, talent_id, talent_profile, status, consent,
      bonus_amount, bonus_currency, bonus_state, bonus_paid_on, bonus_due_on, created_at)
    select p.job_id, ${companyId}::uuid, r.id, p.talent_id, jsonb_build_object('name', 'Candidate'),
      (case p.stage when 'hired' then 'completed' when 'declined' then 'rejected' when 'withdrawn' then 'rejected'
        when 'referred' then 'pending' else 'accepted' end)::referral_status,
      (case when p.talent_id::text < '4' then 'pending' else 'confirmed' end)::referral_consent,
      j.referral_bonus_amount, 'USD',
      (case p.stage when 'hired' then (case when p.created_at < now() - interval '200 days' then 'paid' else 'due' end)
        when 'declined' then 'void' when 'withdrawn' then 'void' else 'awaiting_hire' end)::bonus_state,
      case when p.stage = 'hired' and p.created_at < now() - interval '200 days' then (p.created_at + interval '120 days')::date end,
      -- A hire's bonus falls due 90 days after a start date two weeks after the hire (hired 12 days after the
      -- referral): the recent ones are still ahead ("due later"), the older ones due now or paid.
      case when p.stage = 'hired' then (p.created_at + interval '116 days')::date end,
      p.created_at
    from candidate_pipelines p
    join job_postings j on j.id = p.job_id
    join r on r.n = 1 + (abs(hashtext(p.talent_id::text)) % 50)
    where j.title like 'Bench Role %' and p.entry = 'referred'`),
  );
  await step('referral requests', () =>
    db.execute(sql`
    insert into referral_requests (job_id, talent_id, referrer_id, message, status, referral_id, created_at, responded_at)
    select rf.job_id, rf.talent_id, rf.referrer_id, 'Would you refer me?', 'accepted', rf.id,
      rf.created_at - ((1 + abs(hashtext(rf.id::text)) % 120) || ' hours')::interval, rf.created_at
    from referrals rf where rf.company_id = ${companyId}::uuid and right(rf.id::text, 1) < '8'`),
  );
  // A referral made in answer to a request names it (as features/referrals does): hires by source tells these apart.
  await step('requested referrals', () =>
    db.execute(sql`
    update referrals rf set request_id = q.id from referral_requests q
    where q.referral_id = rf.id and rf.company_id = ${companyId}::uuid`),
  );
  // Triggers keep each referral's funnel level and each job's stage counts and bonus totals; they do not fire in replica mode, so it is computed here.
  await step('funnel levels', () => refreshAllReferralLevels(db));
  await step('stage counts', () => refreshAllJobStageCounts(db));
  await step('bonus totals', () => refreshAllBonusTotals(db));
  await step('month counts', () => refreshAllMonthCounts(db));
  await step('application months', () => refreshAllApplicationMonths(db));
  await step('request facts', () => refreshAllRequestFacts(db));
  const [job] = await rows<{ id: string }>(sql`select id from job_postings where title = 'Bench Role 7'`);
  const jobId = job!.id;
  return { companyId, jobId };
}

async function main() {
  const prepared = await prepareDatabase('analytics', seedReferrals);
  const counts = `${REFERRALS} referrals, ~${REFERRALS * 10} stage changes`;
  console.log(`dataset: ${counts} on ${driver} (${prepared.seconds} s to generate)`);
  const { companyId, jobId } = prepared.data;
  const base = `/api/companies/${companyId}/analytics`;
  const shapes = [
    `${base}?period=30d`,
    `${base}?period=90d`,
    `${base}?period=365d`,
    `${base}?period=custom&from=2025-01-01&to=2026-06-30`,
    `${base}?period=365d&department=Team%203`,
    `${base}?period=365d&jobId=${jobId}`,
  ];
  const rows: Row[] = [];
  let failed = false;
  try {
    const server = await startServer(prepared);
    try {
      const cookie = await login(server.baseUrl);
      const first = await fetch(`${server.baseUrl}${shapes[2]}`, { headers: { cookie } });
      if (!first.ok) throw new Error(`analytics failed: ${first.status} ${await first.text()}`);
      const body = (await first.json()) as { funnel: { count: number }[] };
      console.log(`  365 days: ${body.funnel[1]!.count} referrals, ${body.funnel[6]!.count} hired`);
      // CPU per page (server and its database's backends, opened by the first request) and the load average, so a
      // slow run can be told from a busy machine.
      const meter = cpuMeter(server.pid, prepared);
      const latency = await sequentialLatency(server.baseUrl, shapes, ROUNDS, cookie);
      const cpu = meter.perRequest(latency.samples);
      const ok = latency.p95 <= TARGET_P95_MS;
      failed ||= onPostgres && !ok;
      rows.push({
        scenario: `analytics page (sequential, ${shapes.length} periods and filters, ${counts})`,
        samples: latency.samples,
        'p50 ms': latency.p50,
        'p95 ms': latency.p95,
        target: `p95 ≤ ${TARGET_P95_MS} ms`,
        verdict: onPostgres ? verdict(ok) : `${ok ? 'met' : 'not met'} (not judged on embedded)`,
        'server CPU ms/req': cpu.serverMs,
        'db CPU ms/req': cpu.databaseMs,
        'load avg': loadAverage(),
      });
      latency.perTarget.forEach((shape, i) =>
        rows.push({ scenario: `  ${shapes[i]!.slice(base.length)}`, 'p50 ms': shape.p50, 'p95 ms': shape.p95 }),
      );
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.cleanup();
  }
  report('analytics', rows, { referrals: REFERRALS, seedSeconds: prepared.seconds });
  if (failed) process.exitCode = 1;
}

await main();
