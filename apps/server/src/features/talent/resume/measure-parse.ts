// Parse time of one résumé file, in this process: the first parse (modules, pdf.js, vocabularies and the gazetteer
// warming up, as in a fresh worker thread) and the median of the next runs, wall and CPU time.
//   npm run resume:speed -w @referwell/server                       (the 5-page PDF of the corpus)
//   npm run resume:speed -w @referwell/server -- fixtures/r01-pdf-engineer.pdf
// The benchmark (`npm run bench`) reports parse time per page over the whole corpus; this is the quick look.
import { readFileSync } from 'node:fs';
import { FIXTURE_NOW } from './accuracy';
import { parseResume } from './index';

const file = process.argv[2] ?? 'fixtures/t10-pdf-multi-page-academic.pdf';
const bytes = new Uint8Array(readFileSync(new URL(file, import.meta.url)));
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function timed() {
  const wall = performance.now();
  const cpu = cpuMs();
  const result = await parseResume(bytes, { now: FIXTURE_NOW });
  return { wall: performance.now() - wall, cpu: cpuMs() - cpu, pages: result.pages };
}

const first = await timed();
const runs = [];
for (let i = 0; i < 9; i++) runs.push(await timed());
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`${file}: ${first.pages} pages`);
console.log(`  first parse: ${first.wall.toFixed(0)} ms wall, ${first.cpu.toFixed(0)} ms CPU`);
console.log(
  `  median of ${runs.length}: ${median(runs.map((r) => r.wall)).toFixed(0)} ms wall, ${median(runs.map((r) => r.cpu)).toFixed(0)} ms CPU`,
);
