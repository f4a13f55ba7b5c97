import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true, changeOrigin: false } },
  },
  // The entry chunk holds React, the router, TanStack Query and the Radix shell (~160 kB gzip); pages are split.
  build: { outDir: 'dist', sourcemap: true, manifest: true, assetsInlineLimit: 0, chunkSizeWarningLimit: 600 },
});
