/**
 * Per-field accuracy of the job import over its fixtures: the HTML pages against fixtures/expected.json, and the
 * applicant-tracking API payloads (fixtures/ats/*.json, mapped by the adapters) against fixtures/ats/expected.json.
 * Run from the repository root: node --import tsx apps/server/src/features/jobs/import/accuracy.ts
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { matchAts } from './ats';
import { extractJobFromHtml, finishJob } from './extract';
import type { ImportedJob, ImportResult } from './types';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
type Expectation = { url: string; expected: { job: ImportedJob; source: string } | null };
const pages = JSON.parse(readFileSync(`${fixtures}expected.json`, 'utf8')) as Record<string, Expectation>;
const atsPayloads = JSON.parse(readFileSync(`${fixtures}ats/expected.json`, 'utf8')) as Record<string, Expectation>;
const expectations = { ...pages, ...atsPayloads };
const apis = {
  greenhouse: 'https://api.test/gh',
  lever: 'https://api.test/lv',
  ashby: 'https://api.test/ab',
  workable: 'https://api.test/wk',
};

/** What the import makes of one fixture: HTML through the extractor, an ATS payload through its adapter. */
function importFixture(file: string, url: string): { job: ImportedJob; source: string } | null {
  const content = readFileSync(`${fixtures}${file}`, 'utf8');
  if (!file.startsWith('ats/')) return extractJobFromHtml(content, url) as ImportResult | null;
  const target = matchAts(url, apis);
  const mapped = target?.map(JSON.parse(content));
  return target && mapped ? { job: finishJob(mapped), source: target.ats } : null;
}

const FIELDS: (keyof ImportedJob)[] = [
  'title',
  'company',
  'location',
  'job_type',
  'description',
  'responsibilities',
  'requirements',
  'salary_range',
  'application_url',
  'contact_email',
  'deadline',
  'skills',
];

const fieldHits = new Map<string, number>(FIELDS.map((f) => [f, 0]));
let jobs = 0;
let detected = 0;
let sourceHits = 0;
let skillTruePositives = 0;
let skillsFound = 0;
let skillsExpected = 0;
const misses: string[] = [];

for (const [file, { url, expected }] of Object.entries(expectations)) {
  const actual = importFixture(file, url);
  if ((actual === null) === (expected === null)) detected++;
  else misses.push(`${file}: expected ${expected ? 'a job' : 'null'}, got ${actual ? 'a job' : 'null'}`);
  if (!expected) continue;
  jobs++;
  if (actual?.source === expected.source) sourceHits++;
  for (const field of FIELDS) {
    const want = JSON.stringify(expected.job[field]);
    const got = JSON.stringify(actual?.job[field]);
    if (want === got) fieldHits.set(field, (fieldHits.get(field) ?? 0) + 1);
    else misses.push(`${file} ${field}: expected ${want.slice(0, 80)}, got ${(got ?? 'nothing').slice(0, 80)}`);
  }
  const found = actual?.job.skills ?? [];
  skillsFound += found.length;
  skillsExpected += expected.job.skills.length;
  skillTruePositives += found.filter((s) => expected.job.skills.includes(s)).length;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
const total = Object.keys(expectations).length;
console.log(`Fixtures: ${total} (${jobs} with a job)\n`);
console.log(`${'job detected / null'.padEnd(22)} ${pct(detected, total).padStart(7)}  (${detected}/${total})`);
console.log(`${'source'.padEnd(22)} ${pct(sourceHits, jobs).padStart(7)}  (${sourceHits}/${jobs})`);
for (const field of FIELDS) {
  const hits = fieldHits.get(field) ?? 0;
  console.log(`${field.padEnd(22)} ${pct(hits, jobs).padStart(7)}  (${hits}/${jobs})`);
}
const allHits = [...fieldHits.values()].reduce((a, b) => a + b, 0);
console.log(`${'all fields'.padEnd(22)} ${pct(allHits, jobs * FIELDS.length).padStart(7)}`);
console.log(
  `\nSkills: precision ${pct(skillTruePositives, skillsFound)}, recall ${pct(skillTruePositives, skillsExpected)}`,
);
if (misses.length) console.log(`\nMisses:\n${misses.map((m) => `  ${m}`).join('\n')}`);
