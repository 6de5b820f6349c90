/**
 * Playwright fixtures: a fresh fake Gemini server per test, a page that fails the test on
 * uncaught errors, and helpers that drive the app the way a person does (by role and name).
 */
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startFakeGemini } from './fake-gemini/server.mjs';
import type { FakeGemini } from './fake-gemini/server.mjs';

export const TEST_KEY = 'test-key-123';

export const test = base.extend<{ gemini: FakeGemini; pageErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern
  gemini: async ({}, use) => {
    const server = await startFakeGemini();
    await use(server);
    await server.close();
  },
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

/** Opens the app on the offline sandbox and waits until a session is loaded. */
export async function openApp(page: Page, query = 'sandbox=offline'): Promise<void> {
  await page.goto(`/?${query}`);
  await expect(page.getByRole('status').filter({ hasText: /Offline sandbox|WebContainer/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).not.toHaveCount(0);
}

/** Switches to Gemini on the fake server through the Settings dialog. */
export async function useGemini(page: Page, gemini: FakeGemini, options: { key?: string; remember?: boolean } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption('Gemini');
  await dialog.getByLabel('Gemini API key').fill(options.key ?? TEST_KEY);
  if (options.remember) await dialog.getByRole('checkbox', { name: 'Remember key on this device' }).check();
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(gemini.url);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message the agent' });
  await box.fill(text);
  await box.press('Enter');
}

export function transcript(page: Page) {
  return page.getByRole('region', { name: 'Transcript' });
}

export function toolCard(page: Page, name: string) {
  return transcript(page).getByRole('article', { name });
}

export function statusOf(page: Page, cardName: string) {
  return toolCard(page, cardName).locator('[data-status]');
}
