// The reader's fixture pages (packages/page-reader/fixtures): read by its tests and accuracy tool, by the server's
// import tests (served over HTTP) and by the benchmark.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The fixtures folder, with a trailing slash. */
export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** A fixture's text, by its path inside the fixtures folder ('jsonld-single.html', 'corpus/tuned/expected.json'). */
export const readFixture = (file: string): string => readFileSync(`${FIXTURES_DIR}${file}`, 'utf8');
