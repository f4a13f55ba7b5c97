// Bundles the server into dist/main.js (how: server-bundle.mjs).
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';
import { serverBundleOptions } from './server-bundle.mjs';

const here = new URL('.', import.meta.url);
await rm(new URL('dist', here), { recursive: true, force: true });

await build({
  ...serverBundleOptions(
    // The parsing worker is its own entry: lib/worker-task.ts starts threads from dist/worker.js.
    [new URL('src/main.ts', here).pathname, new URL('src/worker.ts', here).pathname],
    new URL('dist', here).pathname,
  ),
  sourcemap: true,
});
await cp(new URL('src/db/migrations', here), new URL('dist/migrations', here), { recursive: true });
console.log('server built: apps/server/dist/main.js');
