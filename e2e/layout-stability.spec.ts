/**
 * Controls do not move under a pointer about to click them (issue 23: Import → Open ZIP clicked
 * half a second after load missed once, because the Sessions list filled in then and pushed the
 * Files pane 26 px down between the press and the release).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const importTop = async (page: Page) => (await page.getByRole('button', { name: 'Import', exact: true }).boundingBox())?.y;
const sessionItems = (page: Page) => page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');

test('the Files pane stays where it is while the first session loads and as sessions are added', async ({ page }) => {
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeVisible();
  const first = await importTop(page);
  await expect(sessionItems(page)).toHaveCount(1);
  expect(await importTop(page)).toBe(first);
  for (let count = 2; count <= 6; count++) {
    await page.getByRole('button', { name: 'New session' }).click();
    await expect(sessionItems(page)).toHaveCount(count);
    expect(await importTop(page)).toBe(first);
  }
});
