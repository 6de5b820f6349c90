/**
 * The page as `npm start` serves it, with its service worker allowed (the rest of the suite
 * blocks it): the first visit installs the worker in the background, and the next one is
 * answered by it, still isolated and with the server's headers.
 */
import { securityHeaders } from '../src/shared/security-headers.mjs';
import { expect, openApp, test } from './fixtures';

test.use({ serviceWorkers: 'allow' });

test('the page is cross-origin isolated and names the offline sandbox', async ({ page, pageErrors }) => {
  await openApp(page);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Offline sandbox' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('without a key the scripted demo is the provider and the app needs nothing else', async ({ page, pageErrors }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('combobox', { name: 'Provider' })).toHaveValue('scripted');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(pageErrors).toEqual([]);
});

test('the next visit is answered by the service worker, isolated and with the headers of npm start', async ({ page, pageErrors }) => {
  await openApp(page);
  // The first visit, already isolated by the server, mounts at once and installs the worker in the background.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await openApp(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/service-worker\.js$/);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  const headers = await page.evaluate(async () => Object.fromEntries((await fetch(location.href)).headers));
  for (const [name, value] of Object.entries(securityHeaders)) expect(headers[name.toLowerCase()]).toBe(value);
  expect(pageErrors).toEqual([]);
});
