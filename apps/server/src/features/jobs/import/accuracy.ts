/**
 * Per-field accuracy of the job import over its fixtures, reported separately for structured data (schema.org
 * JSON-LD / microdata pages against fixtures/expected.json, applicant-tracking API payloads against
 * fixtures/ats/expected.json) and for pages without structured data (fixtures/pages, plus the held-out
 * fixtures/holdout set that the page reader was not developed against, and holdout-2 written after it was spent),
 * and held-out pages with structured data (fixtures/holdout-structured, header fields and deadline).
 * accuracy.test.ts holds the thresholds.
 * Run from the repository root: node --import tsx apps/server/src/features/jobs/import/accuracy.ts [--verbose]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { matchAts } from './ats';
import { recogniseSkills } from '@referwell/shared';
import { extractJobFromHtml, finishJob } from './extract';
import { isKnownSkill, toolNamesIn } from './skill-suggestions';
import type { ImportedJob } from './types';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
type Expectation = { url: string; expected: { job: Partial<ImportedJob>; source?: string } | null };
type Loose = { url: string; expected: Partial<ImportedJob> };

const apis = {
  greenhouse: 'https://api.test/gh',
  lever: 'https://api.test/lv',
  ashby: 'https://api.test/ab',
  workable: 'https://api.test/wk',
};

/** What the import makes of one fixture: HTML through the extractor, an ATS payload through its adapter. */
function importFixture(file: string, url: string): { job: ImportedJob; source: string } | null {
  const content = readFileSync(`${fixtures}${file}`, 'utf8');
  if (!file.startsWith('ats/')) return extractJobFromHtml(content, url);
  const target = matchAts(url, apis);
  const mapped = target?.map(JSON.parse(content));
  return target && mapped ? { job: finishJob(mapped), source: target.ats } : null;
}

const ALL_FIELDS: (keyof ImportedJob)[] = [
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
/** The fields a reader of a page without structured data is judged on (what a careful human reads off the page). */
export const PAGE_FIELDS = ['title', 'company', 'location', 'job_type', 'salary_range'] as const;

const COUNTRY_ALIASES: Record<string, string> = {
  'united states': 'us',
  usa: 'us',
  'u.s.': 'us',
  'united states of america': 'us',
  deutschland: 'de',
  germany: 'de',
  nederland: 'nl',
  netherlands: 'nl',
  'the netherlands': 'nl',
  españa: 'es',
  spain: 'es',
  france: 'fr',
  hybride: 'hybrid',
  hybrido: 'hybrid',
  híbrido: 'hybrid',
  remoto: 'remote',
};
const COUNTRY_CODES = new Set(['us', 'de', 'nl', 'es', 'fr', 'canada', 'at', 'ch', 'gb', 'uk']);

/** A location as a set of parts, so 'Hybrid, Lyon' = 'Lyon (Hybrid)' and 'Boston, MA' = 'Boston, MA, USA'. */
function locationParts(value: string): Set<string> {
  const parts = value
    .toLowerCase()
    .split(/[,;()·|/]|\s+or\s+|\s+[-–—]\s+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => COUNTRY_ALIASES[p] ?? p);
  return new Set(parts);
}

function sameLocation(want: string, got: string): boolean {
  const a = locationParts(want);
  const b = locationParts(got);
  for (const code of COUNTRY_CODES) {
    if (a.has(code) !== b.has(code)) {
      a.delete(code);
      b.delete(code);
    }
  }
  return a.size === b.size && [...a].every((p) => b.has(p));
}

const LEGAL_SUFFIX = /,?\s+(?:inc\.?|llc|ltd\.?|gmbh|corp\.?|s\.a\.?)$/i;
const loose = (value: string) => value.replace(/[–—]/g, '-').replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether a page field was read right: exact for most, forgiving of legal suffixes and part order where a human is. */
export function sameValue(field: string, want: unknown, got: unknown): boolean {
  if (typeof want !== 'string' || typeof got !== 'string') return JSON.stringify(want) === JSON.stringify(got);
  if (field === 'location') return sameLocation(want, got);
  if (field === 'company') return loose(want.replace(LEGAL_SUFFIX, '')) === loose(got.replace(LEGAL_SUFFIX, ''));
  return loose(want) === loose(got);
}

export interface Report {
  name: string;
  pages: number;
  fields: Record<string, { hits: number; total: number }>;
  overall: number;
  misses: string[];
}

function report(name: string, rows: { file: string; want: Partial<ImportedJob>; got: ImportedJob | undefined }[]) {
  const fields: Report['fields'] = {};
  const misses: string[] = [];
  let hits = 0;
  let total = 0;
  for (const { file, want, got } of rows) {
    for (const field of Object.keys(want) as (keyof ImportedJob)[]) {
      const ok = got !== undefined && sameValue(field, want[field], got[field]);
      const row = (fields[field] ??= { hits: 0, total: 0 });
      row.total++;
      total++;
      if (ok) {
        row.hits++;
        hits++;
      } else {
        const shown = got ? JSON.stringify(got[field]).slice(0, 90) : 'no job';
        misses.push(`${file} ${field}: expected ${JSON.stringify(want[field]).slice(0, 90)}, got ${shown}`);
      }
    }
  }
  return { name, pages: rows.length, fields, overall: total ? hits / total : 1, misses } satisfies Report;
}

export interface SuggestionReport {
  name: string;
  proposed: number;
  /** Share of proposed names that are real skills (judged by the vocabulary, which the finder does not use). */
  precision: number;
  /** Share of the vocabulary skills in the requirements that the finder proposed. */
  recall: number;
  misses: string[];
}

/**
 * The tool-name finder behind skill suggestions, measured with the vocabulary as the judge: on pages whose
 * requirements name only tools the vocabulary knows, every name it proposes should be one of them (precision), and
 * it should find most of them (recall). Suggestions are those names minus the known ones.
 */
function suggestionReport(name: string, requirements: { file: string; text: string }[]): SuggestionReport {
  let proposed = 0;
  let right = 0;
  let skills = 0;
  let found = 0;
  const misses: string[] = [];
  for (const { file, text } of requirements) {
    const names = toolNamesIn(text);
    proposed += names.length;
    for (const tool of names)
      if (isKnownSkill(tool)) right++;
      else misses.push(`${file}: proposed ${JSON.stringify(tool)}, not a skill`);
    for (const skill of recogniseSkills(text)) {
      skills++;
      if (names.some((tool) => recogniseSkills(tool).includes(skill))) found++;
      else misses.push(`${file}: missed ${JSON.stringify(skill)}`);
    }
  }
  return { name, proposed, precision: proposed ? right / proposed : 1, recall: skills ? found / skills : 1, misses };
}

function readJson<T>(file: string): Record<string, T> {
  return JSON.parse(readFileSync(`${fixtures}${file}`, 'utf8')) as Record<string, T>;
}

/** Structured pages and ATS payloads: every field exact. Pages without structured data: the header fields. */
export function measureAccuracy(developedOnly = false): {
  structured: Report;
  unstructured: Report;
  holdout: Report;
  holdout2: Report;
  holdoutStructured: Report;
  detection: Report;
  suggestions: SuggestionReport;
} {
  const legacy = { ...readJson<Expectation>('expected.json'), ...readJson<Expectation>('ats/expected.json') };
  const structured = [];
  const pages = [];
  const detection = [];
  for (const [file, { url, expected }] of Object.entries(legacy)) {
    const actual = importFixture(file, url);
    detection.push({ file, want: { title: expected ? 'a job' : 'none' }, got: { title: actual ? 'a job' : 'none' } });
    if (!expected) continue;
    if (expected.source === 'page') {
      const want = Object.fromEntries(PAGE_FIELDS.map((f) => [f, expected.job[f]]));
      pages.push({ file, want, got: actual?.job });
    } else {
      const want = Object.fromEntries(ALL_FIELDS.map((f) => [f, expected.job[f]]));
      structured.push({ file, want, got: actual?.job });
    }
  }
  const requirements: { file: string; text: string }[] = [];
  const corpus = (dir: string) =>
    Object.entries(readJson<Loose>(`${dir}/expected.json`)).map(([file, { url, expected }]) => {
      const got = importFixture(`${dir}/${file}`, url)?.job;
      if (dir === 'holdout' || dir === 'holdout-2') requirements.push({ file, text: got?.requirements ?? '' });
      if (dir !== 'holdout' || !developedOnly)
        detection.push({ file, want: { title: 'a job' }, got: { title: got ? 'a job' : 'none' } });
      return { file, want: expected, got };
    });
  const developed = [...pages, ...corpus('pages')];
  const holdout = corpus('holdout');
  const holdout2 = corpus('holdout-2');
  const holdoutStructured = corpus('holdout-structured');
  return {
    structured: report('structured data (JSON-LD, microdata, ATS APIs)', structured),
    unstructured: report('pages without structured data', developed),
    holdout: report('held-out pages without structured data', holdout),
    holdout2: report('second held-out set (written after the first was spent)', holdout2),
    holdoutStructured: report('held-out pages with structured data', holdoutStructured),
    detection: report('job found / no job', detection as never),
    suggestions: suggestionReport('tool names in held-out requirements (skill suggestions)', requirements),
  };
}

function print(r: Report, verbose: boolean) {
  const pct = (n: number) => `${(100 * n).toFixed(1)}%`.padStart(7);
  console.log(`\n${r.name}: ${r.pages} pages, overall ${pct(r.overall)}`);
  for (const [field, { hits, total }] of Object.entries(r.fields))
    console.log(`  ${field.padEnd(18)} ${pct(hits / total)}  (${hits}/${total})`);
  if (verbose && r.misses.length) console.log(r.misses.map((m) => `    ${m}`).join('\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const verbose = process.argv.includes('--verbose');
  const only = process.argv.includes('--developed');
  const result = measureAccuracy(only);
  print(result.structured, verbose);
  print(result.unstructured, verbose);
  if (!only) print(result.holdout, verbose);
  if (!only) print(result.holdout2, verbose);
  if (!only) print(result.holdoutStructured, verbose);
  print(result.detection, verbose);
  const s = result.suggestions;
  console.log(
    `\n${s.name}: ${s.proposed} proposed, precision ${(100 * s.precision).toFixed(1)}%, recall ${(100 * s.recall).toFixed(1)}%`,
  );
  if (verbose && s.misses.length) console.log(s.misses.map((m) => `    ${m}`).join('\n'));
}
