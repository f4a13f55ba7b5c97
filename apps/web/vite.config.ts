import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Every chunk's static imports, closed over: what is certainly loaded once that chunk runs. A lazy import's preload
 * list (Vite's __vite__mapDeps, kept in the importing chunk) then leaves out what its importer has already loaded —
 * React, the router, the shell — which was ~6 KB gzip of file names and index arrays in the entry chunk.
 */
const loadedWith = new Map<string, Set<string>>();
function knowWhatEachChunkLoads(): Plugin {
  return {
    name: 'referwell:know-what-each-chunk-loads',
    apply: 'build',
    generateBundle(_options, bundle) {
      loadedWith.clear();
      const close = (file: string, seen: Set<string>) => {
        if (seen.has(file)) return;
        seen.add(file);
        const chunk = bundle[file];
        if (chunk?.type === 'chunk') for (const imported of chunk.imports) close(imported, seen);
      };
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const seen = new Set<string>();
        close(file, seen);
        loadedWith.set(file, seen);
      }
    },
  };
}

/**
 * What the form pages (/waitlist; the /login and /signup forms, loaded on intent, ADR 0052) load together beyond the
 * initial chunk, as two chunks instead of ~12 pieces of 0.2–1.3 KB gzip each compressed alone (ADR 0047). Named
 * modules only, never react-hook-form or a page: a group also takes its modules' dependencies, and a page that needs
 * one module of a group loads all of it.
 * FORM_KIT is what every form page uses (the house Form, fields, alert, toast, useMutation); AUTH_KIT the log-in and
 * sign-up texts and card. The card has its own chunk, else it would follow auth-card into AUTH_KIT and every page
 * showing a card would load the auth texts.
 */
const FORM_KIT =
  /([\\/]components[\\/]ui[\\/](form|label|field-error|input|alert|native-select)\.tsx|[\\/]lib[\\/]toast\.ts|react-label|[\\/](useMutation|mutationObserver)\.js)$/;
const AUTH_KIT =
  /([\\/]components[\\/]auth-card\.tsx|[\\/]shared[\\/]src[\\/]rules[\\/](auth-forms|auth-texts|sso-texts)\.ts)$/;

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), knowWhatEachChunkLoads()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true, changeOrigin: false } },
  },
  // The entry chunk holds React, the router, TanStack Query and the Radix shell (~160 kB gzip); pages are split.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Shared and lazy chunks are named by their hash alone: every name is written again in each chunk that
        // imports it and in the entry's preload list (~230 names), ~2.5 KB gzip of first load. Source maps and the
        // manifest still say which source each chunk holds.
        chunkFileNames: 'assets/[hash].js',
        // Everything the entry loads statically is one chunk. Left to itself Rolldown cut it into ~30 pieces by which
        // pages also import each module (React, the router, the shell...), though every page loads them all first:
        // each piece compressed alone and named in every importer cost ~9 KB gzip of every first load.
        // https://rolldown.rs/in-depth/manual-code-splitting ($initial tag)
        codeSplitting: {
          groups: [
            {
              name: 'initial',
              tags: ['$initial'],
              test: (id) => !/[\\/](index\.html|main\.tsx)$/.test(id),
              priority: 2,
            },
            { name: 'card', test: /[\\/]components[\\/]ui[\\/]card\.tsx$/, priority: 1 },
            { name: 'form-kit', test: (id) => FORM_KIT.test(id), priority: 1 },
            { name: 'auth-kit', test: (id) => AUTH_KIT.test(id), priority: 1 },
          ],
        },
      },
    },
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId }) => {
        const loaded = loadedWith.get(hostId);
        return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
      },
    },
  },
});
