// Per-field accuracy of the résumé parser over the fixture corpus — the tuned part (fixtures/) and the held-out part
// (fixtures/held-out/) reported side by side — and parse time per page.
//   npm run resume:accuracy -w @referwell/server                (the table)
//   npm run resume:accuracy -w @referwell/server -- --verbose    (and every miss on the tuned part)
//   ... -- --dump t01                                             (text and fields of matching tuned fixtures)
//   ... -- --no-timing                                            (figures only)
// The held-out part is judged by its figures only: its misses are never printed and its files are never dumped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalSkill } from '@referwell/shared';
import { parseResume, type ResumeParseResult } from './index';
import { toE164 } from '../../../lib/phone';

export const FIXTURE_NOW = new Date('2026-11-01T00:00:00Z');
const dir = new URL('./fixtures/', import.meta.url).pathname;
export const HELD_OUT_DIR = 'held-out/';

export interface Expected {
  heldOut: boolean;
  layout: string;
  lang: string;
  name: string;
  email: string | null;
  phone: string | null;
  location: string | null;
  linkedin: string | null;
  portfolio: string | null;
  skills: string[];
  /** The expected skills that are written in a skills list or grid; the others are named only in running text. */
  listedSkills: string[];
  titles: string[];
  yearsOfExperience: number;
  employers: string[];
  industries?: string[];
}

/** Every fixture with its expectations, keyed by its path under fixtures/ ('t01-….pdf', 'held-out/x01-….pdf'). */
export function loadExpected(part: 'all' | 'tuned' | 'held-out' = 'all'): Record<string, Expected> {
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, Expected>;
  const tuned = read('expected.json');
  const heldOut = Object.fromEntries(
    Object.entries(read(`${HELD_OUT_DIR}expected.json`)).map(([file, e]) => [`${HELD_OUT_DIR}${file}`, e]),
  );
  if (part === 'tuned') return tuned;
  if (part === 'held-out') return heldOut;
  return { ...tuned, ...heldOut };
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

// ------------------------------------------------------------------------------------------------ judging

const fold = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

let countryCodes: Map<string, string> | undefined;

/** A country written in any of the corpus's languages ('Deutschland', 'Espagne', 'UK') → its ISO code. */
function countryCode(name: string): string | null {
  if (!countryCodes) {
    countryCodes = new Map();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const lang of ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt']) {
      const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
      for (const a of letters)
        for (const b of letters) {
          const shown = names.of(a + b);
          // First code wins: 'United Kingdom' is GB, not the reserved UK.
          if (shown && !countryCodes.has(fold(shown))) countryCodes.set(fold(shown), a + b);
        }
    }
    for (const [alias, code] of [
      ['uk', 'GB'],
      ['england', 'GB'],
      ['scotland', 'GB'],
      ['wales', 'GB'],
      ['usa', 'US'],
      ['us', 'US'],
      ['u.s.', 'US'],
    ] as const)
      countryCodes.set(alias, code);
  }
  return countryCodes.get(fold(name)) ?? null;
}

/** Whether a parsed location names the expected place: the same city, and the same region or country when expected. */
export function sameLocation(got: string | null, want: string): boolean {
  if (!got) return false;
  const [gotCity, ...gotRest] = got.split(',').map((p) => p.trim());
  const [wantCity, ...wantRest] = want.split(',').map((p) => p.trim());
  if (fold(gotCity) !== fold(wantCity)) return false;
  // A ZIP after the state is not part of the place ('New York, NY 10001').
  const wantRegion = wantRest.join(', ').replace(/\s+\d{5}(?:-\d{4})?$/, '');
  if (!wantRegion) return true;
  const gotRegion = gotRest.join(', ').replace(/\s+\d{5}(?:-\d{4})?$/, '');
  if (fold(gotRegion) === fold(wantRegion)) return true;
  const a = countryCode(gotRegion);
  return a !== null && a === countryCode(wantRegion);
}

const skillKey = (s: string) => fold(canonicalSkill(s, { practices: true }));

interface Tally {
  hit: number;
  total: number;
}

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'location', 'linkedin', 'portfolio'] as const;

export interface PartReport {
  files: number;
  fields: Record<string, Tally>;
  /** The contact fields together. */
  contact: Tally;
  misses: string[];
}

/** Judges one parse against its expectations, adding to `report`. */
export function judge(file: string, exp: Expected, result: ResumeParseResult, report: PartReport) {
  const f = result.fields;
  const add = (field: string, hit: number, total = 1) => {
    const t = (report.fields[field] ??= { hit: 0, total: 0 });
    t.hit += hit;
    t.total += total;
    if ((CONTACT_FIELDS as readonly string[]).includes(field)) {
      report.contact.hit += hit;
      report.contact.total += total;
    }
  };
  const check = (field: string, ok: boolean, got: unknown, want: unknown) => {
    add(field, ok ? 1 : 0);
    if (!ok) report.misses.push(`${file} ${field}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  check('name', fold(f.name) === fold(exp.name), f.name, exp.name);
  check('email', fold(f.email) === fold(exp.email), f.email, exp.email);
  // Compared in E.164, or by their digits when a number cannot be read.
  const phoneKey = (phone: string | null) => toE164(phone) ?? phone?.replace(/\D/g, '') ?? null;
  check('phone', phoneKey(f.phone) === phoneKey(exp.phone), f.phone, exp.phone);
  if (exp.location) check('location', sameLocation(f.location, exp.location), f.location, exp.location);
  check('linkedin', fold(f.linkedin) === fold(exp.linkedin), f.linkedin, exp.linkedin);
  check('portfolio', fold(f.portfolio) === fold(exp.portfolio), f.portfolio, exp.portfolio);
  check('yearsOfExperience', f.yearsOfExperience === exp.yearsOfExperience, f.yearsOfExperience, exp.yearsOfExperience);

  // A returned skill matches an expected one when it is the same skill or a more specific one that names it
  // ('Epic Willow' for 'Epic', 'HL7 v2' for 'HL7'): the reader keeps specific names.
  const returned = [...f.skills, ...f.softwareTools];
  const matches = (got: string, want: string) =>
    skillKey(got) === skillKey(want) || skillKey(got).startsWith(`${skillKey(want)} `);
  const missing = exp.skills.filter((w) => !returned.some((g) => matches(g, w)));
  add('skills (recall)', exp.skills.length - missing.length, exp.skills.length);
  const listed = new Set(exp.listedSkills);
  const missingListed = missing.filter((s) => listed.has(s)).length;
  add('skills (listed)', listed.size - missingListed, listed.size);
  add(
    'skills (in text)',
    exp.skills.length - listed.size - (missing.length - missingListed),
    exp.skills.length - listed.size,
  );
  if (missing.length) report.misses.push(`${file} skills missing: ${JSON.stringify(missing)}`);
  const extra = returned.filter((g) => !exp.skills.some((w) => matches(g, w)));
  add('skills (precision)', returned.length - extra.length, returned.length);
  if (extra.length) report.misses.push(`${file} skills not expected: ${JSON.stringify(extra)}`);

  const titles = new Set(f.titles.map(fold));
  const missingTitles = exp.titles.filter((t) => !titles.has(fold(t)));
  add('titles (recall)', exp.titles.length - missingTitles.length, exp.titles.length);
  if (missingTitles.length)
    report.misses.push(`${file} titles missing: ${JSON.stringify(missingTitles)} (got ${JSON.stringify(f.titles)})`);
  const employers = new Set(f.work.map((w) => fold(w.employer)));
  const missingEmployers = exp.employers.filter((e) => !employers.has(fold(e)));
  add('employers (recall)', exp.employers.length - missingEmployers.length, exp.employers.length);
  if (missingEmployers.length)
    report.misses.push(
      `${file} employers missing: ${JSON.stringify(missingEmployers)} (got ${JSON.stringify(f.work.map((w) => w.employer))})`,
    );
}

const emptyReport = (): PartReport => ({ files: 0, fields: {}, contact: { hit: 0, total: 0 }, misses: [] });

/** Parses every fixture once and judges it; the tuned and held-out parts reported apart. */
export async function measureResumeAccuracy(options: { keep?: (file: string) => boolean } = {}) {
  const tuned = emptyReport();
  const heldOut = emptyReport();
  for (const [file, exp] of Object.entries(loadExpected())) {
    if (options.keep && !options.keep(file)) continue;
    const result = await parseResume(readFixture(file), { now: FIXTURE_NOW });
    const report = exp.heldOut ? heldOut : tuned;
    report.files++;
    judge(file, exp, result, report);
  }
  return { tuned, heldOut };
}

export const ratio = (t: Tally | undefined) => (t && t.total ? t.hit / t.total : 1);
const pct = (t: Tally | undefined) =>
  t ? `${(100 * ratio(t)).toFixed(1)}% (${t.hit}/${t.total})`.padStart(18) : 'n/a'.padStart(18);

async function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const dumpIndex = args.indexOf('--dump');
  const dump = dumpIndex >= 0 ? args[dumpIndex + 1] : undefined;
  if (dump) {
    for (const file of Object.keys(loadExpected('tuned')).filter((f) => f.includes(dump))) {
      const result = await parseResume(readFixture(file), { now: FIXTURE_NOW });
      console.log(`==== ${file}\n${result.text}\n---- fields\n${JSON.stringify(result.fields, null, 2)}`);
    }
    return;
  }
  const { tuned, heldOut } = await measureResumeAccuracy();
  const fields = [...new Set([...Object.keys(tuned.fields), ...Object.keys(heldOut.fields)])];
  console.log(
    `${'field'.padEnd(20)} ${`tuned (${tuned.files})`.padStart(18)} ${`held-out (${heldOut.files})`.padStart(18)}`,
  );
  console.log(`${'contact fields'.padEnd(20)} ${pct(tuned.contact)} ${pct(heldOut.contact)}`);
  for (const field of fields)
    console.log(`${field.padEnd(20)} ${pct(tuned.fields[field])} ${pct(heldOut.fields[field])}`);

  if (args.includes('--no-timing')) {
    if (verbose)
      console.log(`\nmisses on the tuned part:\n${tuned.misses.map((m) => `  ${m}`).join('\n') || '  none'}`);
    return;
  }
  const timings: ParseTiming[] = [];
  for (const file of Object.keys(loadExpected())) timings.push((await timeParse(file, readFixture(file))).timing);
  const perPage = parseTimePerPage(timings);
  console.log('\nparse time (median of 5 runs after a warm-up, in this process)');
  for (const k of perPage.kinds)
    console.log(
      `  ${k.kind.padEnd(5)} ${k.msPerPage.toFixed(1)} ms per page wall, ${k.cpuMsPerPage.toFixed(1)} ms CPU (${k.files} files, ${k.pages} pages, max ${k.maxMsPerFile.toFixed(1)} ms per file)`,
    );
  const longest = timings.reduce((a, b) => (b.pages > a.pages ? b : a));
  console.log(
    `  longest: ${longest.file}, ${longest.pages} pages in ${longest.ms.toFixed(1)} ms wall, ${longest.cpuMs.toFixed(1)} ms CPU`,
  );
  if (verbose) console.log(`\nmisses on the tuned part:\n${tuned.misses.map((m) => `  ${m}`).join('\n') || '  none'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
