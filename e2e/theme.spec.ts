import type { Page } from '@playwright/test';
import { expect, openApp, sendMessage, test, useGemini } from './fixtures';

// The OS asks for dark unless a test says otherwise (Playwright's default is light).
test.use({ colorScheme: 'dark' });

const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(21, 23, 28)';

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const editor = (page: Page) => page.locator('.editor-body .monaco-editor').first();

async function chooseTheme(page: Page, theme: 'System' | 'Dark' | 'Light'): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('choosing Light makes the page and the open editor light, and it stays light after a reload', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({
    responses: [
      { chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: 'hello.txt', content: 'Hello\n' } }], finishReason: 'STOP' }] },
      { chunks: [{ text: 'Created hello.txt.', finishReason: 'STOP' }] },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Create hello.txt');
  await page.getByRole('region', { name: 'Approval required' }).getByRole('button', { name: 'Allow once' }).click();
  await expect(editor(page)).toHaveClass(/\bvs-dark\b/);
  expect(await pageBackground(page)).toBe(DARK_BG);

  await chooseTheme(page, 'Light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(page)).toBe(LIGHT_BG);
  await expect(editor(page)).toHaveClass(/\bvs\b/);
  await expect(editor(page)).not.toHaveClass(/\bvs-dark\b/);

  await page.reload();
  await openApp(page);
  expect(await pageBackground(page)).toBe(LIGHT_BG);
  await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'hello.txt' }).click();
  await expect(editor(page)).toHaveClass(/\bvs\b/);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('combobox', { name: 'Theme' })).toHaveValue('light');
  expect(pageErrors).toEqual([]);
});

test('System follows the OS colour scheme as it changes; Dark then holds against it', async ({ page, pageErrors }) => {
  await openApp(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(DARK_BG);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(page)).toBe(LIGHT_BG);

  await chooseTheme(page, 'Dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(DARK_BG);
  expect(pageErrors).toEqual([]);
});
