/**
 * The built app on a static host that sends no headers (like GitHub Pages): the service worker
 * makes it cross-origin isolated with the same Content-Security-Policy as `npm start`, caches
 * the whole build so it opens with the network off, and offers new versions without forcing
 * them. Service workers are blocked for the rest of the suite (playwright.config.ts); here
 * they run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { securityHeaders } from '../src/shared/security-headers.mjs';
import { expect, sendMessage, test, transcript, useGemini } from './fixtures';
import { startPlainStaticServer } from './plain-static-server.mjs';
import type { PlainStaticServer } from './plain-static-server.mjs';

test.use({ serviceWorkers: 'allow' });

let host: PlainStaticServer;
test.beforeEach(async () => {
  // The first visit precaches the whole build before the app mounts: slow on a loaded machine.
  test.slow();
  host = await startPlainStaticServer();
});
test.afterEach(async () => {
  await host.close();
});

const prompt = (page: Page) => page.getByRole('textbox', { name: 'Message the agent' });
const updateOffer = (page: Page) => page.getByRole('status').filter({ hasText: 'A new version of Loopscope is ready.' });

/** How far the service worker's second stage (Monaco) is; asking does not start it. */
function secondStage(page: Page): Promise<{ cached: number; total: number }> {
  return page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready;
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data as { cached: number; total: number });
      active?.postMessage({ type: 'SECOND_STAGE' }, [channel.port2]);
    });
  });
}

/** The cached URLs, by cache: Workbox's precache (the install) and the second stage. */
function cachedFiles(page: Page): Promise<{ precache: string[]; secondStage: string[] }> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const urlsOf = async (prefix: string) => {
      const urls: string[] = [];
      for (const name of names.filter((each) => each.startsWith(prefix))) urls.push(...(await (await caches.open(name)).keys()).map((request) => request.url));
      return urls;
    };
    return { precache: await urlsOf('workbox-precache'), secondStage: await urlsOf('loopscope-second-stage-') };
  });
}

/** Waits until the app is mounted with a session (after the one reload made for isolation). */
async function appReady(page: Page): Promise<void> {
  await expect(page.getByRole('banner').getByRole('status')).toContainText(/Offline sandbox|WebContainer/, { timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).not.toHaveCount(0);
}

test('on a host without isolation headers the service worker makes the app cross-origin isolated, with the CSP of npm start', async ({ page, pageErrors }) => {
  const hosted = await fetch(host.url);
  expect(hosted.headers.get('cross-origin-opener-policy')).toBeNull();
  expect(hosted.headers.get('content-security-policy')).toBeNull();

  await page.goto(host.url);
  await appReady(page);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${host.url}service-worker.js`);
  // The page's own response carries the headers of npm start, and the CSP is in force.
  const headers = await page.evaluate(async () => Object.fromEntries((await fetch(location.href)).headers));
  for (const [name, value] of Object.entries(securityHeaders)) expect(headers[name.toLowerCase()]).toBe(value);
  const inlineScript = await page.evaluate(() => {
    const refused = new Promise<string>((resolve) => document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true }));
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true';
    document.head.append(script);
    return refused.then((directive) => ({ directive, ran: 'inlineScriptRan' in window }));
  });
  expect(inlineScript).toEqual({ directive: expect.stringMatching(/^script-src/), ran: false });
  // With isolation, the default URL tries WebContainer (no network here) and says why it fell back.
  await expect(page.getByRole('banner').getByRole('status')).toContainText('fell back');
  expect(pageErrors).toEqual([]);
});

test('requests to other origins go straight to the network: a Gemini round-trip on the isolated page never meets the worker', async ({ page, context, gemini, pageErrors }) => {
  gemini.setScript({ responses: [{ chunks: [{ text: 'Hello from the model server.', finishReason: 'STOP' }] }] });
  const served: Array<{ url: string; byWorker: boolean }> = [];
  context.on('response', (response) => served.push({ url: response.url(), byWorker: response.fromServiceWorker() }));
  await page.goto(host.url);
  await appReady(page);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

  await useGemini(page, gemini);
  await sendMessage(page, 'hello model');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Hello from the model server.');
  expect(gemini.requests()).toHaveLength(1);
  const modelServer = new URL(gemini.url).origin;
  const toModel = served.filter((response) => response.url.startsWith(modelServer));
  expect(toModel.length).toBeGreaterThan(0);
  expect(toModel.filter((response) => response.byWorker)).toEqual([]);
  // While the app's own files come from the worker.
  expect(served.some((response) => response.url.startsWith(host.url) && response.byWorker)).toBe(true);
  expect(pageErrors).toEqual([]);
});

test('after one visit the app opens with the network off: the scripted model answers, a file opens in the editor, and node and python3 run', async ({ page, context, pageErrors }) => {
  await page.goto(host.url);
  await appReady(page);
  await expect.poll(() => page.evaluate(() => crossOriginIsolated)).toBe(true);
  // The install held the shell; the page itself starts the second stage (Monaco) once idle.
  await expect
    .poll(
      async () => {
        const { cached, total } = await secondStage(page);
        return total > 0 && cached === total;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  const cached = await cachedFiles(page);
  expect(cached.precache.some((url) => /\/assets\/agent\.worker-[^/]*\.js/.test(url))).toBe(true);
  expect(cached.precache.some((url) => /\/assets\/editor\.api-[^/]*\.js/.test(url))).toBe(false);
  expect(cached.secondStage.some((url) => /\/assets\/editor\.api-[^/]*\.js/.test(url))).toBe(true);
  expect(cached.secondStage.some((url) => /\/assets\/ts\.worker-[^/]*\.js/.test(url))).toBe(true);

  await context.setOffline(true);
  await host.close(); // nothing left to answer but the service worker
  await page.reload();
  await appReady(page);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

  await sendMessage(page, 'hello offline');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText("I'm the Scripted demo");

  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await page.getByRole('button', { name: 'Build a small web page' }).click();
  const files = page.getByRole('tree', { name: 'Files' });
  await expect(files.getByRole('treeitem', { name: 'style.css' })).toBeVisible({ timeout: 30_000 });
  // The lesson's writes show in the editor as they land: open the file once it is done.
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden({ timeout: 30_000 });
  await files.getByRole('treeitem', { name: 'index.html' }).click();
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('doctype', { ignoreCase: true, timeout: 30_000 });

  // Scripts run offline too: QuickJS and Pyodide came with the second stage.
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Terminal' }).click();
  const terminal = page.getByRole('region', { name: 'Terminal' });
  await terminal.locator('.xterm').click();
  await page.keyboard.type('node -e "console.log(40 + 2 + \'js\')"');
  await page.keyboard.press('Enter');
  await expect(terminal.locator('.xterm-rows')).toContainText('42js', { timeout: 30_000 });
  await page.keyboard.type('python3 -c "print(str(6 * 7) + \'py\')"');
  await page.keyboard.press('Enter');
  await expect(terminal.locator('.xterm-rows')).toContainText('42py', { timeout: 60_000 });
  expect(pageErrors).toEqual([]);
});

test('a new version is offered, never forced: the page reloads only when the person presses Update Loopscope', async ({ page, pageErrors }) => {
  await page.goto(host.url);
  await appReady(page);

  host.changeServiceWorker('a new deployment');
  await page.reload();
  await appReady(page);
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  await prompt(page).fill('a draft');
  await expect(updateOffer(page)).toBeVisible({ timeout: 30_000 });
  // Offered, not taken: the same document, the draft still there.
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(prompt(page)).toHaveValue('a draft');

  // Later puts it off for this page; it is offered again on the next visit.
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(updateOffer(page)).toHaveCount(0);
  await page.reload();
  await appReady(page);
  await expect(updateOffer(page)).toBeVisible({ timeout: 30_000 });

  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Update Loopscope' }).click();
  await reloaded;
  await appReady(page);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
  await expect(updateOffer(page)).toHaveCount(0);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(pageErrors).toEqual([]);
});

test('Chromium finds the app installable (manifest, icons, service worker)', async ({ browserName }, testInfo) => {
  // Chromium never installs from an off-the-record profile, which every Playwright context is: a profile on disk.
  expect(browserName).toBe('chromium');
  const profile = mkdtempSync(join(tmpdir(), 'loopscope-install-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  const context = await chromium.launchPersistentContext(profile, { ...launch, headless: true });
  try {
    const page = await context.newPage();
    await page.goto(host.url);
    await appReady(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
    const manifest = await page.evaluate(async () => (await fetch('manifest.webmanifest')).json());
    expect(manifest).toMatchObject({ name: 'Loopscope', short_name: 'Loopscope', display: 'standalone', start_url: '.' });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
