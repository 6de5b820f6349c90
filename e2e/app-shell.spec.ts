import { expect, openApp, test } from './fixtures';

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
