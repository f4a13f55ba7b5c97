// Bundles the server into dist/main.js. Third-party packages stay external (resolved from
// node_modules at run time); our own workspace packages are TypeScript source, so they are bundled.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';

const here = new URL('.', import.meta.url);
await rm(new URL('dist', here), { recursive: true, force: true });

const bundleWorkspacePackages = {
  name: 'externalize-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@referwell/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  // The parsing worker is its own entry: lib/worker-task.ts starts threads from dist/worker.js.
  entryPoints: [new URL('src/main.ts', here).pathname, new URL('src/worker.ts', here).pathname],
  outdir: new URL('dist', here).pathname,
  bundle: true,
  // A dynamic import becomes its own chunk, loaded when first imported (main.ts: the demo seed and its faker).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Mail templates are React components (lib/mail/templates/*.tsx).
  jsx: 'automatic',
  plugins: [bundleWorkspacePackages],
  logLevel: 'warning',
});
await cp(new URL('src/db/migrations', here), new URL('dist/migrations', here), { recursive: true });
console.log('server built: apps/server/dist/main.js');
