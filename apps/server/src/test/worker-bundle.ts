import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The parsing worker (src/worker.ts) bundled once for a server test run, the way build.mjs bundles it for
 * production: third-party packages stay external, so the file sits inside apps/server to resolve them. Worker threads
 * load it through worker-source.mjs instead of compiling the readers through tsx, which on a busy machine took longer
 * than a parse's own time limit.
 */
export async function bundleWorker(): Promise<{ url: string; remove: () => void }> {
  const dir = path.join(serverDir, '.test-worker');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `worker-${randomBytes(6).toString('hex')}.mjs`);
  await build({
    entryPoints: [path.join(serverDir, 'src/worker.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalize-third-party',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@referwell/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return { url: pathToFileURL(file).href, remove: () => rmSync(file, { force: true }) };
}
