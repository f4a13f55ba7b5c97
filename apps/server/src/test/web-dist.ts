import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built web app's shell as Vite writes it (generic title and description, empty #root), in a temporary folder. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'referwell-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Referwell connects healthcare technology job seekers with employees who can refer them."
    />
    <title>Referwell — referral-driven hiring for healthcare technology</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  return dir;
}
