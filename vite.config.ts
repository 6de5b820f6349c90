/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Cross-origin isolation: WebContainer needs SharedArrayBuffer, and COEP also keeps
 * third-party subresources out of the app's origin. The same headers are set by
 * scripts/serve.mjs for the production bundle. */
export const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', 'e2e/fake-gemini/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/shared/testing/fast-check-seed.ts'],
    testTimeout: 20000,
  },
});
