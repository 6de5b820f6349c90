import { defineConfig } from '@playwright/test';
import { chromiumArgs } from './scripts/find-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4391);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  testIgnore: ['bench/**'],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // One retry in CI, reported as flaky: a loaded 2-core runner must not turn a timing hiccup into a red run.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    headless: true,
    // Playwright adds --headless itself.
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs.filter((flag) => flag !== '--headless') },
    trace: 'retain-on-failure',
    // The app's service worker precaches the whole build (~17 MB) in every new context, which
    // would slow every test on a 2-core machine and hide requests from page.route. The specs
    // about it (offline-app, app-shell) allow it with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
  },
  webServer: {
    command: `node scripts/serve.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
