// How the server's entries are bundled, for production (build.mjs) and for tests that run it bundled
// (src/test/worker-bundle.ts). Third-party packages stay external (resolved from node_modules at run time); our own
// workspace packages are TypeScript source, so they are bundled.

/**
 * Third-party packages bundled all the same: `stripe` is some 270 ES modules, which Node opens at once when it is
 * loaded (a server with billing configured, at start), enough to pass a low file-descriptor limit (the
 * hostile-clients test starts the server under `ulimit -n 512`); bundled, it is one chunk, imported only by
 * lib/payments/stripe.ts when billing is configured.
 */
const BUNDLED_THIRD_PARTY = new Set(['stripe']);

const bundleWorkspacePackages = {
  name: 'externalize-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@referwell/') || BUNDLED_THIRD_PARTY.has(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** esbuild options bundling `entryPoints` (absolute paths) into `outdir`. */
export function serverBundleOptions(entryPoints, outdir) {
  return {
    entryPoints,
    outdir,
    bundle: true,
    // A dynamic import becomes its own chunk, loaded when first imported (main.ts: the demo seed and its faker).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Mail templates are React components (lib/mail/templates/*.tsx).
    jsx: 'automatic',
    plugins: [bundleWorkspacePackages],
    logLevel: 'warning',
  };
}
