import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { serverBundleOptions } from '../../server-bundle.mjs';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Server entries bundled for a test run the way build.mjs bundles them for production: third-party packages stay
 * external, so the bundle sits inside apps/server (in a directory of its own) to resolve them.
 */
async function bundle(entries: string[]): Promise<{ dir: string; remove: () => void }> {
  const dir = path.join(serverDir, '.test-worker', randomBytes(6).toString('hex'));
  mkdirSync(dir, { recursive: true });
  await build(
    serverBundleOptions(
      entries.map((entry) => path.join(serverDir, 'src', `${entry}.ts`)),
      dir,
    ),
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The parsing worker (src/worker.ts) bundled once for a server test run. Worker threads load it through
 * worker-source.mjs instead of compiling the readers through tsx, which on a busy machine took longer than a parse's
 * own time limit.
 */
export async function bundleWorker(): Promise<{ url: string; remove: () => void }> {
  const { dir, remove } = await bundle(['worker']);
  return { url: pathToFileURL(path.join(dir, 'worker.js')).href, remove };
}

/**
 * The server as `npm start` runs it (dist/main.js beside worker.js and migrations/), for tests that start it as a
 * process: started through tsx, each start compiled the whole server again (25–30 s to healthy at load 10–14).
 */
export async function bundleServer(): Promise<{ main: string; remove: () => void }> {
  const { dir, remove } = await bundle(['main', 'worker']);
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(dir, 'migrations'), { recursive: true });
  return { main: path.join(dir, 'main.js'), remove };
}

/** A test's helper process (an entry under src/, e.g. 'test/queue-worker-child') bundled, to start with plain node. */
export async function bundleProcess(entry: string): Promise<{ file: string; remove: () => void }> {
  const { dir, remove } = await bundle([entry]);
  return { file: path.join(dir, `${path.basename(entry)}.js`), remove };
}
