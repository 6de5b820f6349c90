import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';

const width = (page: Page, selector: string) => page.locator(selector).evaluate((element) => Math.round(element.getBoundingClientRect().width));

test('the sidebar and agent panel resize with the arrow keys and the pointer, and keep their sizes after a reload', async ({ page, pageErrors }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(page);
  const sidebarSplitter = page.getByRole('separator', { name: 'Resize the sidebar' });
  const agentSplitter = page.getByRole('separator', { name: 'Resize the agent panel' });
  await expect(sidebarSplitter).toHaveAttribute('aria-orientation', 'vertical');
  await expect(sidebarSplitter).toHaveAttribute('aria-valuenow', '220');
  const agentBefore = await width(page, '.agent-area');

  await sidebarSplitter.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(sidebarSplitter).toHaveAttribute('aria-valuenow', '252');
  expect(await width(page, 'aside.sidebar')).toBe(252);
  await page.keyboard.press('Home');
  await expect(sidebarSplitter).toHaveAttribute('aria-valuenow', '160');

  const box = await agentSplitter.boundingBox();
  if (!box) throw new Error('the agent panel separator has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 100, box.y + 200, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => width(page, '.agent-area')).toBe(agentBefore + 100);

  await page.reload();
  await openApp(page);
  expect(await width(page, 'aside.sidebar')).toBe(160);
  expect(await width(page, '.agent-area')).toBe(agentBefore + 100);
  expect(pageErrors).toEqual([]);
});
