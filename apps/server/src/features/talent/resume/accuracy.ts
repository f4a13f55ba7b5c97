// Per-field accuracy of the resume parser over the fixture corpus, and parse time per page.
//   npm run resume:accuracy -w @referwell/server            (all fixtures)
//   npm run resume:accuracy -w @referwell/server -- --verbose   (every miss, with the parsed value)
//   ... -- --dump r01                                           (the extracted text and fields of matching fixtures)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SKILLS_VOCABULARY } from '@referwell/shared';
import { parseResume } from './index';
import { phoneToE164 } from './extract/contact';

export const FIXTURE_NOW = new Date('2026-11-01T00:00:00Z');
const VOCABULARY = new Set(SKILLS_VOCABULARY.map((s) => s.name));
const dir = new URL('./fixtures/', import.meta.url).pathname;

export interface Expected {
  heldOut: boolean;
  layout: string;
  name: string;
  email: string;
  phone: string;
  location: string | null;
  linkedin: string | null;
  portfolio: string | null;
  skills: string[];
  titles: string[];
  yearsOfExperience: number;
  employers: string[];
  industries: string[];
}

export function loadExpected(): Record<string, Expected> {
  return JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, Expected>;
}

export const readFixture = (file: string) => new Uint8Array(readFileSync(join(dir, file)));

export interface ParseTiming {
  file: string;
  ms: number;
  cpuMs: number;
  pages: number;
}

/**
 * Times parseResume on one file: a warm-up (module loading, pdf.js worker set-up), then the median of 5 timed runs
 * (the machine is shared; one run is noisy). CPU time is reported too: wall time is inflated when other processes
 * share the cores.
 */
export async function timeParse(file: string, bytes: Uint8Array) {
  await parseResume(bytes, { now: FIXTURE_NOW }).catch((e: unknown) => console.error(file, e));
  const runs: number[] = [];
  const cpuRuns: number[] = [];
  let result = await parseResume(bytes, { now: FIXTURE_NOW });
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    result = await parseResume(bytes, { now: FIXTURE_NOW });
    const used = process.cpuUsage(cpu);
    runs.push(performance.now() - start);
    cpuRuns.push((used.user + used.system) / 1000);
  }
  runs.sort((a, b) => a - b);
  cpuRuns.sort((a, b) => a - b);
  const timing: ParseTiming = { file, ms: runs[2]!, cpuMs: cpuRuns[2]!, pages: result.pages };
  return { timing, result };
}

/** Parse time per page by file kind (pdf, docx, doc) and over all files. */
export function parseTimePerPage(timings: ParseTiming[]) {
  const summarize = (kind: string, list: ParseTiming[]) => {
    const pages = list.reduce((s, t) => s + t.pages, 0);
    return {
      kind,
      files: list.length,
      pages,
      msPerPage: list.reduce((s, t) => s + t.ms, 0) / pages,
      cpuMsPerPage: list.reduce((s, t) => s + t.cpuMs, 0) / pages,
      maxMsPerFile: Math.max(...list.map((t) => t.ms)),
    };
  };
  const kinds = ['pdf', 'docx', 'doc']
    .map((ext) =>
      summarize(
        ext,
        timings.filter((t) => t.file.endsWith(`.${ext}`)),
      ),
    )
    .filter((k) => k.files > 0);
  return { kinds, all: summarize('all', timings) };
}

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');

interface Tally {
  hit: number;
  total: number;
}

async function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const dumpIndex = args.indexOf('--dump');
  const dump = dumpIndex >= 0 ? args[dumpIndex + 1] : undefined;
  const expected = loadExpected();
  const groups: Record<string, Record<string, Tally>> = { all: {}, development: {}, 'held-out': {} };
  const add = (file: string, field: string, hit: number, total = 1) => {
    for (const g of ['all', expected[file]!.heldOut ? 'held-out' : 'development']) {
      const t = (groups[g]![field] ??= { hit: 0, total: 0 });
      t.hit += hit;
      t.total += total;
    }
  };
  const timings: ParseTiming[] = [];
  const misses: string[] = [];

  for (const [file, exp] of Object.entries(expected)) {
    if (dump && !file.includes(dump)) continue;
    const bytes = readFixture(file);
    if (process.env.SKIP_DOC && file.endsWith('.doc')) continue;
    const { timing, result } = await timeParse(file, bytes);
    timings.push(timing);
    const f = result.fields;
    if (dump) {
      console.log(`==== ${file}\n${result.text}\n---- fields\n${JSON.stringify(f, null, 2)}`);
    }
    const check = (field: string, ok: boolean, got: unknown, want: unknown) => {
      add(file, field, ok ? 1 : 0);
      if (!ok) misses.push(`${file} ${field}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    };
    check('name', lower(f.name) === lower(exp.name), f.name, exp.name);
    check('email', lower(f.email) === lower(exp.email), f.email, exp.email);
    check('phone', phoneToE164(f.phone) === phoneToE164(exp.phone), f.phone, exp.phone);
    check('linkedin', lower(f.linkedin) === lower(exp.linkedin), f.linkedin, exp.linkedin);
    if (exp.location) check('location', lower(f.location) === lower(exp.location), f.location, exp.location);
    if (exp.portfolio) check('portfolio', lower(f.portfolio) === lower(exp.portfolio), f.portfolio, exp.portfolio);
    check(
      'yearsOfExperience',
      f.yearsOfExperience === exp.yearsOfExperience,
      f.yearsOfExperience,
      exp.yearsOfExperience,
    );
    // Recall: the expected values found (case-insensitive).
    const recall = (field: string, got: string[], want: string[]) => {
      const have = new Set(got.map(lower));
      const found = want.filter((w) => have.has(lower(w)));
      add(file, field, found.length, want.length);
      const missing = want.filter((w) => !have.has(lower(w)));
      if (missing.length)
        misses.push(`${file} ${field} missing: ${JSON.stringify(missing)} (got ${JSON.stringify(got)})`);
    };
    recall('skills (recall)', [...f.skills, ...f.softwareTools], exp.skills);
    // Precision over vocabulary terms only (items copied verbatim from a Skills list are not judged).
    const vocabularyFound = [...f.skills, ...f.softwareTools].filter((s) => VOCABULARY.has(s));
    const wanted = new Set(exp.skills.map(lower));
    const wrong = vocabularyFound.filter((s) => !wanted.has(lower(s)));
    add(file, 'skills (precision)', vocabularyFound.length - wrong.length, vocabularyFound.length);
    if (wrong.length) misses.push(`${file} skills not expected: ${JSON.stringify(wrong)}`);
    recall('titles (recall)', f.titles, exp.titles);
    recall(
      'employers (recall)',
      f.work.map((w) => w.employer),
      exp.employers,
    );
    recall('industries (recall)', f.industries, exp.industries);
  }

  for (const [group, fields] of Object.entries(groups)) {
    const files = Object.values(expected).filter((e) => group === 'all' || (group === 'held-out') === e.heldOut).length;
    if (!Object.keys(fields).length) continue;
    console.log(`\n${group} (${files} resumes)`);
    for (const [field, t] of Object.entries(fields))
      console.log(`  ${field.padEnd(22)} ${pct(t.hit, t.total).padStart(7)}  (${t.hit}/${t.total})`);
  }
  const perPage = parseTimePerPage(timings);
  console.log('\nparse time (median of 5 runs after a warm-up, in this process)');
  for (const k of perPage.kinds) {
    console.log(
      `  ${k.kind.padEnd(5)} ${k.msPerPage.toFixed(1)} ms per page wall, ${k.cpuMsPerPage.toFixed(1)} ms CPU (${k.files} files, ${k.pages} pages, max ${k.maxMsPerFile.toFixed(1)} ms per file)`,
    );
  }
  console.log(
    `  all   ${perPage.all.msPerPage.toFixed(1)} ms per page wall, ${perPage.all.cpuMsPerPage.toFixed(1)} ms CPU`,
  );
  if (verbose)
    for (const t of timings)
      console.log(
        `  ${t.file.padEnd(40)} ${t.ms.toFixed(1)} ms wall, ${t.cpuMs.toFixed(1)} ms CPU, ${t.pages} page(s)`,
      );
  if (verbose || dump) console.log(`\nmisses:\n${misses.map((m) => `  ${m}`).join('\n') || '  none'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
