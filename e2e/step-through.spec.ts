import type { Page } from '@playwright/test';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, statusOf, test, transcript, useGemini } from './fixtures';

const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });
const writeHello = {
  chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: 'hello.txt', content: 'Hello, step by step\n' } }], finishReason: 'STOP' }],
};

const paused = (page: Page) => page.getByRole('status').filter({ hasText: 'Paused before' });
const nextStep = (page: Page) => page.getByRole('button', { name: 'Next step' });
const files = (page: Page) => page.getByRole('tree', { name: 'Files' });

/** Gemini on the fake server, Step through on, and the worker told about both. */
async function setUp(page: Page, gemini: FakeGemini, mode: 'Ask every time' | 'Allow all'): Promise<void> {
  await openApp(page);
  await useGemini(page, gemini);
  // Settings are saved asynchronously: wait for the worker to switch before changing more.
  await expect(page.getByText('Model: Gemini', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption(mode);
  const step = page.getByRole('checkbox', { name: 'Step through' });
  await step.click();
  await expect(step).toBeChecked();
}

test('Step through pauses before each model call and each tool, and Next step goes on', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({ responses: [writeHello, text('Created hello.txt.')] });
  await setUp(page, gemini, 'Ask every time');
  await sendMessage(page, 'Create hello.txt');

  await expect(paused(page)).toHaveText('Paused before the model call: model call 1');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  expect(gemini.requests()).toHaveLength(0);

  await nextStep(page).click();
  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('awaiting approval');
  await expect(paused(page)).toBeHidden();
  expect(gemini.requests()).toHaveLength(1);
  await approval.getByRole('button', { name: 'Allow once' }).click();

  await expect(paused(page)).toHaveText('Paused before the tool: write_file hello.txt');
  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('scheduled');
  await expect(files(page).getByRole('treeitem')).toHaveCount(0);

  await nextStep(page).click();
  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('success');
  await expect(files(page).getByRole('treeitem', { name: 'hello.txt' })).toBeVisible();
  await expect(paused(page)).toHaveText('Paused before the model call: model call 2');
  expect(gemini.requests()).toHaveLength(1);

  await nextStep(page).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Created hello.txt.');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(paused(page)).toBeHidden();
  await expect(nextStep(page)).toBeHidden();
  expect(gemini.requests()).toHaveLength(2);
  expect(JSON.stringify(gemini.requests()[1]?.body)).toContain('functionResponse');
  expect(pageErrors).toEqual([]);
});

test('with Allow all, Step through still pauses before the tool runs', async ({ page, gemini }) => {
  gemini.setScript({ responses: [writeHello, text('Done.')] });
  await setUp(page, gemini, 'Allow all');
  await sendMessage(page, 'Create hello.txt');
  await nextStep(page).click();

  await expect(paused(page)).toHaveText('Paused before the tool: write_file hello.txt');
  await expect(page.getByRole('region', { name: 'Approval required' })).toHaveCount(0);
  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('scheduled');
  await expect(files(page).getByRole('treeitem')).toHaveCount(0);

  await nextStep(page).click();
  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('success');
  await expect(paused(page)).toHaveText('Paused before the model call: model call 2');
  await nextStep(page).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Done.');
  expect(gemini.requests()).toHaveLength(2);
});

test('Stop while paused before a tool cancels the call and sends nothing more to the model', async ({ page, gemini }) => {
  gemini.setScript({ responses: [writeHello], fallback: text('should not be requested') });
  await setUp(page, gemini, 'Allow all');
  await sendMessage(page, 'Create hello.txt');
  await nextStep(page).click();
  await expect(paused(page)).toHaveText('Paused before the tool: write_file hello.txt');

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(paused(page)).toBeHidden();
  await expect(nextStep(page)).toBeHidden();
  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('cancelled');
  await expect(transcript(page)).toContainText('Request cancelled.');
  await expect(files(page).getByRole('treeitem')).toHaveCount(0);
  expect(gemini.requests()).toHaveLength(1);
  // Every call shown is in a final state.
  const statuses = await transcript(page).locator('[data-status]').allTextContents();
  expect(statuses.every((status) => ['success', 'error', 'cancelled'].includes(status))).toBe(true);
});

test('Stop while paused before the model call sends no request at all', async ({ page, gemini }) => {
  gemini.setScript({ responses: [], fallback: text('should not be requested') });
  await setUp(page, gemini, 'Ask every time');
  await sendMessage(page, 'hello');
  await expect(paused(page)).toHaveText('Paused before the model call: model call 1');

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(paused(page)).toBeHidden();
  await expect(transcript(page)).toContainText('Request cancelled.');
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveText('hello');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveCount(0);
  expect(gemini.requests()).toHaveLength(0);

  // Unchecking Step through lets the next message go straight to the model.
  const step = page.getByRole('checkbox', { name: 'Step through' });
  await step.click();
  await expect(step).not.toBeChecked();
  await sendMessage(page, 'again');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('should not be requested');
  expect(gemini.requests()).toHaveLength(1);
});

test('Step through checked right after saving Settings keeps the saved provider', async ({ page, gemini }) => {
  // Regression: each change used to spread the `settings` of the last render, so a change made
  // before Save's asynchronous store write resolved put the old provider back (fixed in 0a9caf2).
  gemini.setScript({ responses: [], fallback: text('from Gemini') });
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption('Gemini');
  await dialog.getByLabel('Gemini API key').fill('test-key-123');
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(gemini.url);
  // Save, then tick Step through in the same moment (a fast person, or a test).
  await page.evaluate(() => {
    const buttons = [...document.querySelectorAll('button')];
    buttons.find((button) => button.textContent === 'Save')?.click();
    const checkbox = [...document.querySelectorAll('label')].find((label) => label.textContent?.includes('Step'))?.querySelector('input');
    checkbox?.click();
  });
  await expect(page.getByRole('checkbox', { name: 'Step through' })).toBeChecked();
  await expect(page.getByText('Model: Gemini', { exact: true })).toBeVisible();
  await sendMessage(page, 'hello');
  await expect(paused(page)).toHaveText('Paused before the model call: model call 1');
  await nextStep(page).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('from Gemini');
  expect(gemini.requests()[0]?.apiKey).toBe('test-key-123');
});

test('Next step keeps the keyboard focus from one pause to the next', async ({ page, gemini }) => {
  gemini.setScript({ responses: [writeHello, text('Created hello.txt.')] });
  await setUp(page, gemini, 'Allow all');
  await sendMessage(page, 'Create hello.txt');
  await expect(paused(page)).toHaveText('Paused before the model call: model call 1');
  await nextStep(page).focus();
  await page.keyboard.press('Enter');
  await expect(paused(page)).toHaveText('Paused before the tool: write_file hello.txt');
  await expect(nextStep(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(paused(page)).toHaveText('Paused before the model call: model call 2');
  await expect(nextStep(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Created hello.txt.');
});

test('a reply that only reads is stored before Step through pauses at its tool: a reload still shows the call', async ({ page, gemini }) => {
  const listFiles = { chunks: [{ functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }], finishReason: 'STOP' }] };
  gemini.setScript({ responses: [listFiles, text('Nothing here.')] });
  await setUp(page, gemini, 'Ask every time');
  await sendMessage(page, 'What is in the folder?');
  await nextStep(page).click();
  await expect(paused(page)).toHaveText(/^Paused before the tool: list_directory/);

  await page.reload();
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveText('What is in the folder?');
  await expect(transcript(page)).toContainText('list_directory');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});
