/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { isolationHeaders, securityHeaders } from './src/shared/security-headers.mjs';
import { laterFiles } from './scripts/precache-stages.mjs';

/** The largest built file (the TypeScript language worker, ~7 MB) must be precached too. */
const PRECACHE_FILE_LIMIT_BYTES = 16 * 1024 * 1024;

/** The build's second-stage files (scripts/precache-stages.mjs), found when the bundle is written. */
let secondStage = new Set<string>();
const precacheStages: Plugin = {
  name: 'loopscope-precache-stages',
  apply: 'build',
  generateBundle(_options, bundle) {
    secondStage = laterFiles(bundle);
  },
};

/**
 * The built entry script runs as soon as it has arrived (`async`), not after the whole page is
 * parsed: its evaluation (React's, ~15 ms) then overlaps the stylesheet's and index.html's own
 * prompt's loading instead of delaying the first key typed there. main.tsx waits for the page's
 * end before it renders.
 */
const asyncEntry: Plugin = {
  name: 'loopscope-async-entry',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, '<script type="module" async crossorigin src="$1"></script>'),
  },
};

export default defineConfig({
  plugins: [
    react(),
    precacheStages,
    asyncEntry,
    // The service worker (src/pwa/service-worker.ts) and the web app manifest; the page
    // registers the worker itself (src/pwa/register.ts), in production builds only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // A classic script: module service workers are newer than the rest of what the app needs.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,wasm,ttf,woff,woff2,png,svg,ico,json,webmanifest}'],
        maximumFileSizeToCacheInBytes: PRECACHE_FILE_LIMIT_BYTES,
        // Marks the second stage (Monaco): the worker caches it after the page starts it.
        manifestTransforms: [(entries) => ({ manifest: entries.map((entry) => (secondStage.has(entry.url) ? { ...entry, later: true } : entry)) })],
      },
      manifest: {
        name: 'Loopscope',
        short_name: 'Loopscope',
        description: 'A coding agent that lives entirely in the browser',
        start_url: '.',
        scope: '.',
        display: 'standalone',
        theme_color: '#15171c',
        background_color: '#15171c',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
    }),
  ],
  // The dev server gets isolation only (a CSP would refuse Vite's injected client scripts).
  server: { headers: isolationHeaders },
  preview: { headers: securityHeaders },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', 'e2e/fake-gemini/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/shared/testing/fast-check-seed.ts'],
    testTimeout: 20000,
  },
});
