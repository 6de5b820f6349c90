/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { EARLY_PROMPT_SCRIPT, PREVIEW_FRAME_FILE, isolationHeaders, previewFrameHeaders, securityHeaders } from './src/shared/security-headers.mjs';
import { laterFiles } from './scripts/precache-stages.mjs';
import { earlyPromptHashSource, inlineEarlyPrompt } from './scripts/early-prompt.mjs';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * Pyodide (python3 in the offline sandbox) is served from our own origin, `/pyodide/`, so it
 * works offline and under the page's CSP and COEP: the npm package's runtime files are copied
 * into the build (and served from node_modules by the dev server). The service worker caches
 * them in its second stage (scripts/precache-stages.mjs).
 */
const PYODIDE_FILES = ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];
const PYODIDE_TYPES: Record<string, string> = { '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.zip': 'application/zip', '.json': 'application/json' };
const pyodideFolder = fileURLToPath(new URL('./node_modules/pyodide/', import.meta.url));
const pyodideFiles: Plugin = {
  name: 'loopscope-pyodide-files',
  generateBundle() {
    for (const name of PYODIDE_FILES) this.emitFile({ type: 'asset', fileName: `pyodide/${name}`, source: readFileSync(join(pyodideFolder, name)) });
  },
  configureServer(server) {
    server.middlewares.use('/pyodide/', (request, response, next) => {
      const name = (request.url ?? '').split('?')[0]!.replace(/^\//, '');
      if (!PYODIDE_FILES.includes(name)) return next();
      response.setHeader('Content-Type', PYODIDE_TYPES[extname(name)] ?? 'application/octet-stream');
      response.end(readFileSync(join(pyodideFolder, name)));
    });
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

/** index.html's early prompt script, inline in its head (scripts/early-prompt.mjs), in the build and the dev server alike. */
const earlyPrompt: Plugin = {
  name: 'loopscope-early-prompt',
  // A build whose CSP would refuse the script (its hash not updated after a change) fails here.
  buildStart() {
    const hash = earlyPromptHashSource();
    if (hash !== EARLY_PROMPT_SCRIPT) this.error(`src/ui/agent/early-prompt.inline.js changed: set EARLY_PROMPT_SCRIPT in src/shared/security-headers.mjs to "${hash}"`);
  },
  transformIndexHtml: { order: 'pre', handler: (html) => inlineEarlyPrompt(html) },
};

/**
 * The Preview frame's page gets its own headers from the dev and preview servers too (it
 * sandboxes itself by its CSP; without them the Preview refuses to run a page there).
 */
const previewFrameInServers: Plugin = {
  name: 'loopscope-preview-frame-headers',
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      if ((request.url ?? '').split('?')[0]!.endsWith(`/${PREVIEW_FRAME_FILE}`)) for (const [name, value] of Object.entries(previewFrameHeaders)) response.setHeader(name, value);
      next();
    });
  },
  configurePreviewServer(server) {
    server.middlewares.use((request, response, next) => {
      if ((request.url ?? '').split('?')[0]!.endsWith(`/${PREVIEW_FRAME_FILE}`)) {
        const setHeader = response.setHeader.bind(response);
        // Vite's own `preview.headers` are set after this: the frame's win.
        response.setHeader = (name, value) => setHeader(name, name in previewFrameHeaders ? previewFrameHeaders[name]! : value);
        for (const [name, value] of Object.entries(previewFrameHeaders)) setHeader(name, value);
      }
      next();
    });
  },
};

export default defineConfig({
  plugins: [
    react(),
    earlyPrompt,
    pyodideFiles,
    previewFrameInServers,
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
        globPatterns: ['**/*.{js,mjs,css,html,wasm,zip,ttf,woff,woff2,png,svg,ico,json,webmanifest}'],
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
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', 'e2e/fake-*/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/shared/testing/fast-check-seed.ts', 'src/shared/testing/entry-ids.ts'],
    testTimeout: 20000,
  },
});
