/**
 * Talent area (issue #6): BENCH_TALENT (100,000) job seekers with talent profiles are generated inside a fresh
 * database (generate_series) before the built server opens it; then GET /api/talent/search is measured over HTTP
 * as the signed-in demo company admin: p50/p95 one request at a time over query shapes with text plus three filter
 * categories (target on PostgreSQL: p95 ≤ 30 ms), and throughput with autocannon. Last, resume parse time per page
 * over the parser's fixture corpus (the same measurement as `npm run resume:accuracy -w @referwell/server`).
 *
 *   npm run build && BENCH_ONLY=talent node --import tsx bench/run.ts
 */
import { sql } from 'drizzle-orm';
import type { CandidateSearchQuery } from '@referwell/shared';
import type { Database } from '../apps/server/src/db/client';
import { placesOf } from './dataset';
import {
  loadExpected,
  parseTimePerPage,
  readFixture,
  timeParse,
  type ParseTiming,
} from '../apps/server/src/features/talent/resume/accuracy';
import {
  bareFastifyRps,
  bareRow,
  driver,
  load,
  login,
  onPostgres,
  prepareDatabase,
  report,
  sequentialLatency,
  startServer,
  type Row,
} from './support';
import { HOT_MAX_P99_MS, HOT_MIN_RATIO, judgedLoad, serverRows } from './targets';

const COUNT = Number(process.env.BENCH_TALENT ?? 100_000);
const LOCATIONS = [
  'Boston, MA',
  'Remote',
  'Chicago, IL',
  'Austin, TX',
  'Nashville, TN',
  'Denver, CO',
  'New York, NY',
  'Seattle, WA',
];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const TARGET_P95_MS = 30;

/** Text plus three filter categories each. */
const SHAPES: CandidateSearchQuery[] = [
  { q: 'analyst', skills: ['Data Analysis', 'Training'], technicalSkills: ['SQL'], industries: ['EHR', 'Telehealth'] },
  { q: 'engineer', technicalSkills: ['FHIR', 'HL7'], softwareTools: ['Epic'], locations: ['Boston, MA', 'Remote'] },
  { q: 'nurse', skills: ['Clinical Workflows'], interests: ['Telehealth'], involvement: ['full-time', 'contract'] },
  { q: 'talent 42', industries: ['Pharmacy'], softwareTools: ['Tableau', 'Looker'], locations: ['Chicago, IL'] },
  { q: 'manager', skills: ['Agile'], titles: ['Product Manager'], interests: ['AI in Healthcare'] },
];

/** The load mix: the shapes, browse without filters, and a few pages of each. */
const MIX = [
  ...SHAPES.map(searchPath),
  '/api/talent/search',
  ...[2, 3, 10].flatMap((page) => [`/api/talent/search?page=${page}`, `${searchPath(SHAPES[1]!)}&page=${page}`]),
];

/** The search URL the Find Candidates screen sends: filter lists as repeated query parameters. */
function searchPath(shape: CandidateSearchQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(shape))
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  return `/api/talent/search?${params}`;
}

async function seedTalent(database: Database) {
  const db = database.db;
  await db.execute(sql`
    insert into users (email, name, password_hash, type)
    select 'bench.talent.' || n || '@example.com', 'Talent ' || n || ' Person', 'not-a-real-hash', 'jobseeker'
    from generate_series(1, ${COUNT}) as n`);
  await db.execute(sql`
    with v as (
      select u.id, u.name, row_number() over (order by u.email) as n from users u where u.email like 'bench.talent.%'),
    t(titles) as (values (array['Clinical Data Analyst']), (array['Senior Backend Engineer']), (array['Nurse Informaticist']),
      (array['Product Manager']), (array['Healthcare Integration Engineer']), (array['UX Designer']), (array['DevOps Engineer'])),
    s(skills) as (values (array['Data Analysis','Training']), (array['Clinical Workflows','Patient Safety']),
      (array['Agile','Stakeholder Management']), (array['Process Improvement']), (array['User Research','Agile'])),
    ts(tech) as (values (array['SQL','Python']), (array['FHIR','HL7']), (array['TypeScript','React']), (array['AWS','Kubernetes']),
      (array['Machine Learning','Python']), (array['Java'])),
    sw(tools) as (values (array['Epic']), (array['Cerner','Tableau']), (array['Looker']), (array['Figma','Jira']), (array['Power BI'])),
    ind(industries) as (values (array['EHR']), (array['Telehealth','Digital Health']), (array['Pharmacy']), (array['Hospitals']),
      (array['Health Insurance'])),
    it(interests) as (values (array['Telehealth']), (array['AI in Healthcare','Interoperability']), (array['Mental Health']),
      (array['Value-Based Care']))
    insert into talent_profiles (id, slug, location, title, titles, skills, technical_skills, software_tools, industries,
                                 interests, involvement, skill_keys, updated_at, place_keys, place_label, place_lat,
                                 place_lon)
    select v.id, 'talent-' || v.n, pl.location,
      t.titles[1], t.titles, s.skills, ts.tech, sw.tools, ind.industries, it.interests,
      (array['full-time','part-time','contract','freelance'])[1 + v.n % 4]::involvement,
      array(select lower(x) from unnest(s.skills || ts.tech || sw.tools) x),
      now() - (v.n || ' minutes')::interval, pl.keys, pl.label, pl.lat, pl.lon
    from v
    join ${placesOf(LOCATIONS)} on pl.location = (${sql.param(LOCATIONS)}::text[])[1 + v.n % ${LOCATIONS.length}]
    cross join lateral (select titles from t offset (v.n % 7) limit 1) t
    cross join lateral (select skills from s offset (v.n % 5) limit 1) s
    cross join lateral (select tech from ts offset ((v.n / 5) % 6) limit 1) ts
    cross join lateral (select tools from sw offset ((v.n / 3) % 5) limit 1) sw
    cross join lateral (select industries from ind offset ((v.n / 7) % 5) limit 1) ind
    cross join lateral (select interests from it offset ((v.n / 11) % 4) limit 1) it`);
  // As autovacuum would soon after a bulk load: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`vacuum analyze`);
}

/** Resume parse time per page over the parser's fixture corpus, in this process. */
async function resumeParseRows(): Promise<Row[]> {
  const timings: ParseTiming[] = [];
  for (const file of Object.keys(loadExpected())) timings.push((await timeParse(file, readFixture(file))).timing);
  const { kinds, all } = parseTimePerPage(timings);
  return [...kinds, all].map((k) => ({
    kind: k.kind,
    files: k.files,
    pages: k.pages,
    'ms/page': Math.round(k.msPerPage * 10) / 10,
    'CPU ms/page': Math.round(k.cpuMsPerPage * 10) / 10,
    'max ms/file': Math.round(k.maxMsPerFile * 10) / 10,
  }));
}

async function main() {
  const bareRps = await bareFastifyRps();
  const prepared = await prepareDatabase('talent', seedTalent);
  console.log(`dataset: ${COUNT} talent profiles on ${driver} (${prepared.seconds} s to generate)`);
  const rows: Row[] = [];
  let failed = false;
  try {
    const server = await startServer(prepared);
    try {
      const cookie = await login(server.baseUrl);
      for (const [i, shape] of SHAPES.entries()) {
        const response = await fetch(`${server.baseUrl}${searchPath(shape)}`, { headers: { cookie } });
        if (!response.ok) throw new Error(`talent search failed: ${response.status} ${await response.text()}`);
        console.log(`  shape ${i + 1}: ${((await response.json()) as { total: number }).total} matches`);
      }
      const latency = await sequentialLatency(server.baseUrl, SHAPES.map(searchPath), ROUNDS, cookie);
      const ok = latency.p95 <= TARGET_P95_MS;
      failed ||= onPostgres && !ok;
      rows.push({
        scenario: `talent search latency (sequential, ${SHAPES.length} shapes: text + 3 filter categories)`,
        samples: latency.samples,
        'p50 ms': latency.p50,
        'p95 ms': latency.p95,
        target: `p95 ≤${TARGET_P95_MS} ms`,
        verdict: !onPostgres ? 'reported (embedded)' : ok ? 'ok' : 'BELOW TARGET',
      });
      latency.perTarget.forEach((shape, i) =>
        rows.push({
          scenario: `  shape ${i + 1}: ${decodeURIComponent(searchPath(SHAPES[i]!).slice(19).replace(/\+/g, ' '))}`,
          'p50 ms': shape.p50,
          'p95 ms': shape.p95,
        }),
      );
      let next = 0;
      const run = () =>
        load({
          url: `${server.baseUrl}${searchPath(SHAPES[0]!)}`,
          headers: { cookie },
          requests: [{ setupRequest: (req) => ({ ...req, path: MIX[next++ % MIX.length] }) }],
        });
      await run(); // warm-up pass is discarded
      const judgedFrom = Date.now();
      const judged = await judgedLoad(
        `GET /api/talent/search (mix of ${MIX.length}: ${SHAPES.length} shapes, browse, pages; ${COUNT / 1000}k profiles)`,
        run,
        server,
        prepared,
        bareRps,
        { minRatio: HOT_MIN_RATIO, maxP99Ms: HOT_MAX_P99_MS },
      );
      // The judged run's time span, to match a GC trace of the server to it (bench/gc-summary.ts).
      console.log(`  judged mix: ${judgedFrom}..${Date.now()} (epoch ms)`);
      failed ||= !judged.ok;
      rows.push(judged.row);
      const serverCheck = serverRows(server.pid, server.startupMs);
      failed ||= !serverCheck.ok;
      rows.push(...serverCheck.rows);
      rows.push(bareRow(bareRps));
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.cleanup();
  }
  const resumeParse = await resumeParseRows();
  report('talent', rows, { profiles: COUNT, resumeParse });
  console.log('Resume parse time per page (fixture corpus, in this process):');
  console.table(resumeParse);
  if (failed) process.exitCode = 1;
}

await main();
