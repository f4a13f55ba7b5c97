/**
 * Per-field accuracy of the page reader over its fixtures, reported separately for structured data (schema.org
 * JSON-LD / microdata pages against fixtures/expected.json) and for pages without structured data (fixtures/pages,
 * plus the held-out fixtures/holdout set that the page reader was not developed against, and holdout-2 written after
 * it was spent), and held-out pages with structured data (fixtures/holdout-structured, header fields and deadline).
 * The applicant-tracking API adapters are measured by the server, beside them
 * (apps/server/src/features/job-import/ats/accuracy.test.ts).
 *
 * The corpus (fixtures/corpus) is measured on the fields a careful reader takes from a careers page: title, company,
 * location, employment type, salary (min, max, currency, period) and skills, separately for its tuned part
 * (corpus/tuned plus the pages above) and its held-out part (corpus/held-out: written first, never looked at while
 * the reader is tuned), each split into pages with and without structured data of any shape.
 * accuracy.test.ts holds the thresholds.
 * Run from the repository root: npm run accuracy -w @referwell/page-reader [-- --verbose]
 * (--verbose lists the misses of the tuned part only; --held-out-misses lists the held-out ones, for after tuning.)
 */
import { pathToFileURL } from 'node:url';
import { parseSalary, recogniseSkills } from '@referwell/shared';
import { extractJobFromHtml } from './extract';
import { readFixture } from './fixtures';
import { isCountry, isRegion } from './page-places';
import { isKnownSkill, toolNamesIn } from './skill-suggestions';
import type { ImportedJob } from './types';

type Expectation = { url: string; expected: { job: Partial<ImportedJob>; source?: string } | null };
type Loose = { url: string; expected: Partial<ImportedJob> };

/** What the reader makes of one fixture page. */
const importFixture = (file: string, url: string) => extractJobFromHtml(readFixture(file), url);

/** Every field of an imported job: structured data is judged on all of them. */
export const ALL_FIELDS: (keyof ImportedJob)[] = [
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

/** Field-by-field hits of `rows` (a field counts when sameValue holds), with the misses listed. */
export function report(
  name: string,
  rows: { file: string; want: Partial<ImportedJob>; got: ImportedJob | undefined }[],
) {
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
  return JSON.parse(readFixture(file)) as Record<string, T>;
}

/** Structured pages: every field exact. Pages without structured data: the header fields. */
export function measureAccuracy(developedOnly = false): {
  structured: Report;
  unstructured: Report;
  holdout: Report;
  holdout2: Report;
  holdoutStructured: Report;
  detection: Report;
  suggestions: SuggestionReport;
} {
  const legacy = readJson<Expectation>('expected.json');
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
    structured: report('structured data (JSON-LD, microdata)', structured),
    unstructured: report('pages without structured data', developed),
    holdout: report('held-out pages without structured data', holdout),
    holdout2: report('second held-out set (written after the first was spent)', holdout2),
    holdoutStructured: report('held-out pages with structured data', holdoutStructured),
    detection: report('job found / no job', detection as never),
    suggestions: suggestionReport('tool names in held-out requirements (skill suggestions)', requirements),
  };
}

/** A corpus page's expectation: the fields a careful reader takes from it (salary as numbers, skills as a list). */
export interface CorpusExpectation {
  url: string;
  family: string;
  language: string;
  /** The shape of structured data the page carries, if any. */
  structured: 'json-ld' | 'microdata' | 'json-state' | null;
  expected: {
    title: string;
    company: string;
    location: string;
    job_type: string;
    salary: { min: number; max: number; currency: string; period: string } | null;
    skills: string[];
  };
}

export const CORPUS_FIELDS = ['title', 'company', 'location', 'job_type', 'salary', 'skills'] as const;

const foldText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

const MODES: Record<string, string> = { remote: 'remote', hybrid: 'hybrid' };
const isPlaceQualifier = (part: string) =>
  isRegion(part) || isCountry(part) || /^[A-Z]{2,3}$/.test(part) || /^\d[\d -]{2,}$/.test(part);

/** One place as its mode and its parts ('Hybrid, Lyon, FR' → hybrid, [Lyon, FR]). */
function placeOf(text: string): { mode: string; parts: string[] } {
  const parts = text
    .split(/[,()·|/]|\s+[-–—]\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  let mode = '';
  const rest: string[] = [];
  for (const part of parts) {
    const m = MODES[foldText(part)];
    if (m) mode = m;
    else rest.push(part);
  }
  return { mode, parts: rest };
}

/**
 * Whether a location was read right as a careful reader judges it: the same work mode, the same most specific place
 * (the city), and nothing else but regions, countries and postcodes on either side ('Kraków' = 'Kraków, PL').
 */
export function sameCorpusLocation(want: string, got: string): boolean {
  const wants = want
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const gots = got
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  if (wants.length !== gots.length) return false;
  return wants.every((w, i) => {
    const a = placeOf(w);
    const b = placeOf(gots[i] ?? '');
    if (a.mode !== b.mode) return false;
    const bKeys = new Set(b.parts.map(foldText));
    const aKeys = new Set(a.parts.map(foldText));
    const first = a.parts[0];
    if (first !== undefined && !bKeys.has(foldText(first))) return false;
    if (first === undefined && b.parts.some((p) => !isPlaceQualifier(p))) return false;
    return (
      b.parts.every((p) => aKeys.has(foldText(p)) || isPlaceQualifier(p)) &&
      a.parts.every((p) => bKeys.has(foldText(p)) || isPlaceQualifier(p))
    );
  });
}

const COMPANY_SUFFIX =
  /,?\s+(?:inc\.?|llc|ltd\.?|gmbh|ggmbh|ag|corp\.?|s\.?a\.?(?: de c\.?v\.?)?|s\.?p\.?a\.?|s\.?r\.?l\.?|sp\. z o\.o\.|ab|as|a\/s|aps|oy|oyj|b\.?v\.?|n\.?v\.?|ltda\.?|sas|s\.r\.o\.|a\.s\.|kft\.?|hf|pvt\.? ltd\.?)$/i;

/** How one corpus field compares: 1 right, 0 wrong; skills score the overlap of the two lists (|E ∩ R| / |E ∪ R|). */
export function corpusFieldScore(
  field: (typeof CORPUS_FIELDS)[number],
  want: CorpusExpectation['expected'],
  got: ImportedJob | undefined,
): number {
  if (!got) return 0;
  switch (field) {
    case 'location':
      return sameCorpusLocation(want.location, got.location) ? 1 : 0;
    case 'company':
      return foldText(want.company.replace(COMPANY_SUFFIX, '')) === foldText(got.company.replace(COMPANY_SUFFIX, ''))
        ? 1
        : 0;
    case 'salary': {
      const pay = parseSalary(got.salary_range);
      if (!want.salary) return pay ? 0 : 1;
      return pay &&
        Math.abs(pay.min - want.salary.min) < 0.01 &&
        Math.abs(pay.max - want.salary.max) < 0.01 &&
        pay.currency === want.salary.currency &&
        (pay.period ?? '') === want.salary.period
        ? 1
        : 0;
    }
    case 'skills': {
      const expected = new Set(want.skills.map(foldText));
      const found = new Set(got.skills.map(foldText));
      const union = new Set([...expected, ...found]);
      if (!union.size) return 1;
      return [...expected].filter((s) => found.has(s)).length / union.size;
    }
    default:
      return foldText(want[field]) === foldText(got[field]) ? 1 : 0;
  }
}

/** What a corpus page's field was read as, for the list of misses. */
function shownValue(field: (typeof CORPUS_FIELDS)[number], got: ImportedJob | undefined): string {
  if (!got) return 'no job';
  if (field === 'salary') return JSON.stringify(parseSalary(got.salary_range) ?? got.salary_range);
  if (field === 'skills') return JSON.stringify(got.skills);
  return JSON.stringify(got[field]);
}

export interface CorpusReport extends Report {
  languages: number;
  families: number;
}

function corpusReport(name: string, rows: { file: string; page: CorpusExpectation; got: ImportedJob | undefined }[]) {
  const fields: Report['fields'] = {};
  const misses: string[] = [];
  let hits = 0;
  for (const { file, page, got } of rows) {
    for (const field of CORPUS_FIELDS) {
      const score = corpusFieldScore(field, page.expected, got);
      const row = (fields[field] ??= { hits: 0, total: 0 });
      row.total++;
      row.hits += score;
      hits += score;
      if (score < 1) {
        const want = field === 'salary' || field === 'skills' ? page.expected[field] : page.expected[field];
        misses.push(`${file} ${field}: expected ${JSON.stringify(want)}, got ${shownValue(field, got)}`);
      }
    }
  }
  const total = rows.length * CORPUS_FIELDS.length;
  return {
    name,
    pages: rows.length,
    fields,
    overall: total ? hits / total : 1,
    misses,
    languages: new Set(rows.map((r) => r.page.language)).size,
    families: new Set(rows.map((r) => r.page.family)).size,
  } satisfies CorpusReport;
}

/** The corpus part in `dir` read page by page, split into pages without and with structured data. */
function measureCorpus(dir: 'tuned' | 'held-out', label: string) {
  const pages = readJson<CorpusExpectation>(`corpus/${dir}/expected.json`);
  const rows = Object.entries(pages).map(([file, page]) => ({
    file,
    page,
    got: extractJobFromHtml(readFixture(`corpus/${dir}/${file}`), page.url)?.job,
  }));
  return {
    all: corpusReport(`${label}: all pages`, rows),
    unstructured: corpusReport(
      `${label}: pages without structured data`,
      rows.filter((r) => !r.page.structured),
    ),
    structured: corpusReport(
      `${label}: pages with structured data`,
      rows.filter((r) => r.page.structured),
    ),
  };
}

/** The corpus: its tuned part and its held-out part, each over all pages and split by structured data. */
export function measureCorpusAccuracy() {
  return { tuned: measureCorpus('tuned', 'tuned corpus'), heldOut: measureCorpus('held-out', 'held-out corpus') };
}

function print(r: Report | CorpusReport, verbose: boolean) {
  const pct = (n: number) => `${(100 * n).toFixed(1)}%`.padStart(7);
  const extra = 'families' in r ? `, ${String(r.families)} families, ${String(r.languages)} languages` : '';
  console.log(`\n${r.name}: ${r.pages} pages${extra}, overall ${pct(r.overall)}`);
  for (const [field, { hits, total }] of Object.entries(r.fields))
    console.log(`  ${field.padEnd(18)} ${pct(hits / total)}  (${Number(hits.toFixed(2))}/${total})`);
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
  const corpus = measureCorpusAccuracy();
  for (const r of Object.values(corpus.tuned)) print(r, verbose);
  for (const r of Object.values(corpus.heldOut)) print(r, process.argv.includes('--held-out-misses'));
}
