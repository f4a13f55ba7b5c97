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
          groups: [{ name: 'initial', tags: ['$initial'], test: (id) => !/[\\/](index\.html|main\.tsx)$/.test(id) }],
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
