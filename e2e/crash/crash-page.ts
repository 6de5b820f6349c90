/**
 * Ending a page abruptly and opening the app again, for the crash-recovery suite. The crash is
 * Chromium's own (CDP `Page.crash`): the renderer process dies with the page, its agent worker
 * and every request in flight; no `beforeunload`, `pagehide` or flush runs. What IndexedDB had
 * committed stays, because the storage lives in the browser process, as after a real crash.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, openApp } from '../fixtures';

/** Crashes the page's renderer and waits until Playwright has seen it go. */
export async function crashPage(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const crashed = page.waitForEvent('crash');
  // The command never gets an answer: the process that would send it is gone.
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
  await page.close().catch(() => undefined);
}

/**
 * A new page in the same context (same IndexedDB, same origin), on the offline sandbox, once its
 * last session is loaded. `errors` collects the new page's uncaught errors.
 */
export async function reopen(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await openApp(page);
  await expect(page.getByRole('region', { name: 'Transcript' }).getByRole('article', { name: 'You' }).first()).toBeVisible();
  return page;
}
