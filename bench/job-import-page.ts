/**
 * The ~3 MB careers page bench/job-import.ts reads: a real fixture (no structured data) grown the way real pages
 * grow: a long description, a large 'Similar jobs' block, an embedded JSON state blob, inline script bundles and
 * styles, and inline SVG icons.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const FIXTURE = 'packages/page-reader/fixtures/pages/icims-clinical-analyst.html';

const repeat = (count: number, make: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => make(i)).join('');

export function bigImportPage(repoRoot: string): string {
  const html = readFileSync(path.join(repoRoot, FIXTURE), 'utf8');
  const paragraph = (i: number) =>
    `<p>Team ${i} supports clinicians across six hospitals with Epic, Cerner and HL7 interfaces.</p>`;
  const icon =
    '<svg viewBox="0 0 24 24" width="16" height="16"><path d="M12 2C8.1 2 5 5.1 5 9c0 5.2 7 13 7 13s7-7.8 7-13c0-3.9-3.1-7-7-7z"/></svg>';
  const card = (i: number) =>
    `<li><a href="/jobs/${i}">Analyst ${i}</a><span>${icon} US-RI-Providence</span><span>Part-Time</span></li>`;
  const similar = `<div class="similar-jobs"><h3>Similar Jobs</h3><ul>${repeat(6_000, card)}</ul></div>`;
  const state = `<script>window.__INITIAL_STATE__ = ${JSON.stringify({ jobs: Array.from({ length: 3000 }, (_, i) => ({ id: i, title: `Job ${i}` })) })};</script>`;
  const bundle = `<script>${repeat(7_000, (i) => `function f${i}(a){return a<${i}?"<div>"+a+"</div>":f${i}(a-1)}`)}</script>`;
  const style = `<style>${repeat(4_000, (i) => `.c${i}{margin:${i % 9}px;color:#${(i * 77) % 999}}`)}</style>`;
  const padding = `<div class="extra">${repeat(10_000, paragraph)}</div>`;
  return html
    .replace('</head>', `${style}</head>`)
    .replace('</body>', `${padding}${similar}${state}${bundle}<!-- ${'build '.repeat(2_000)} --></body>`);
}
