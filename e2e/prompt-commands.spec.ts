/**
 * The prompt box's `/` commands and `@` mentions, the context meter and AGENTS.md, driven by
 * keyboard as a person does, against the fake Gemini server (its recorded requests show what
 * reached the model).
 */
import type { Page } from '@playwright/test';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';

function promptBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message the agent' });
}

function lastAnswer(page: Page) {
  return transcript(page).getByRole('article', { name: 'Agent' }).last();
}

interface SentBody {
  systemInstruction?: { parts?: { text?: string }[] };
  contents?: { role: string; parts: { text?: string }[] }[];
}

function bodyOf(gemini: FakeGemini, index: number): SentBody {
  return gemini.requests()[index]?.body as SentBody;
}

function systemInstruction(gemini: FakeGemini, index: number): string {
  return (bodyOf(gemini, index).systemInstruction?.parts ?? []).map((part) => part.text ?? '').join('');
}

/** Writes AGENTS.md and notes.txt through the agent (Allow all), answering with the usage given. */
async function setUpFiles(page: Page, gemini: FakeGemini): Promise<void> {
  gemini.setScript({
    models: { 'gemini-2.5-flash': { inputTokenLimit: 500_000 } },
    responses: [
      {
        chunks: [
          {
            functionCalls: [
              { name: 'write_file', args: { file_path: 'AGENTS.md', content: '# House rules\nAlways answer in haiku.\n' } },
              { name: 'write_file', args: { file_path: 'notes.txt', content: 'The secret number is 42.\n' } },
            ],
            finishReason: 'STOP',
            usage: { promptTokenCount: 1200, candidatesTokenCount: 40, totalTokenCount: 1240 },
          },
        ],
      },
      { chunks: [{ text: 'Files written.', finishReason: 'STOP', usage: { promptTokenCount: 2345, candidatesTokenCount: 5, totalTokenCount: 2350 } }] },
      { chunks: [{ text: 'The notes say 42.', finishReason: 'STOP', usage: { promptTokenCount: 3456, candidatesTokenCount: 6, totalTokenCount: 3462 } }] },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Set up the project');
  await expect(lastAnswer(page)).toHaveText('Files written.');
}

test('typing / opens Commands; the arrows move in it, Enter runs the command, Escape closes it', async ({ page, pageErrors }) => {
  await openApp(page);
  const box = promptBox(page);
  await box.click();
  await page.keyboard.type('/');
  const commands = page.getByRole('listbox', { name: 'Commands' });
  await expect(commands.getByRole('option')).toHaveText([/^\/help/, /^\/clear/, /^\/compress/, /^\/restore/, /^\/model/, /^\/share/, /^\/export/]);
  await expect(page.getByRole('combobox', { name: 'Message the agent' })).toHaveAttribute('aria-expanded', 'true');
  await expect(commands.getByRole('option', { selected: true })).toHaveText(/^\/help/);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(commands.getByRole('option', { selected: true })).toHaveText(/^\/compress/);
  const activeId = await commands.getByRole('option', { selected: true }).getAttribute('id');
  await expect(box).toHaveAttribute('aria-activedescendant', activeId ?? 'missing');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(commands.getByRole('option', { selected: true })).toHaveText(/^\/help/);
  await page.keyboard.press('Enter');

  await expect(commands).toBeHidden();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  const help = transcript(page).getByText(/^Commands \(type \/ at the start of a message\):/);
  await expect(help).toContainText('/compress — ');
  await expect(help).toContainText('Type @ to mention a workspace file');
  // Nothing went to the model: the transcript holds no message of the person's.
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveCount(0);

  // Filtering, and Escape closes the list without touching the text.
  await page.keyboard.type('/mo');
  await expect(commands.getByRole('option')).toHaveText([/^\/model/]);
  await page.keyboard.press('Escape');
  await expect(commands).toBeHidden();
  await expect(box).toHaveValue('/mo');
  await expect(page.getByRole('combobox', { name: 'Message the agent' })).toHaveAttribute('aria-expanded', 'false');
  expect(pageErrors).toEqual([]);
});

test('/model opens Settings at the model; /clear starts a new session', async ({ page }) => {
  await openApp(page);
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  const before = await sessions.count();
  const box = promptBox(page);
  await box.click();
  await page.keyboard.type('/mod');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(box).toBeFocused();

  // A typed command's full name runs it too (Tab completes the name, Enter runs it).
  await page.keyboard.type('/cl');
  await page.keyboard.press('Tab');
  await expect(box).toHaveValue('/clear ');
  await page.keyboard.press('Enter');
  await expect(sessions).toHaveCount(before + 1);
  await expect(box).toHaveValue('');
});

test('Gemini: AGENTS.md reaches the system instruction, the meter shows each round-trip, an @ mention sends the file', async ({ page, gemini, pageErrors }) => {
  await setUpFiles(page, gemini);

  // AGENTS.md did not exist for the first request; the agent wrote it, and the next one had it.
  expect(systemInstruction(gemini, 0)).not.toContain('AGENTS.md');
  const instruction = systemInstruction(gemini, 1);
  expect(instruction).toContain('# Project instructions from AGENTS.md');
  expect(instruction).toContain('Always answer in haiku.');

  // The meter: the last request's tokens against the window the models endpoint gave.
  const meter = page.getByRole('meter', { name: 'Context used' });
  await expect(meter).toHaveAttribute('aria-valuenow', '2345');
  await expect(meter).toHaveAttribute('aria-valuemax', '500000');
  await expect(meter).toContainText('2.3k / 500k tokens');
  expect(gemini.modelLookups()).toContain('gemini-2.5-flash');

  // @ opens the files; typing filters them; Enter writes the mention.
  const box = promptBox(page);
  await box.click();
  await page.keyboard.type('What do @no');
  const files = page.getByRole('listbox', { name: 'Mention a file' });
  await expect(files.getByRole('option')).toHaveText(['notes.txt']);
  await page.keyboard.press('Enter');
  await expect(files).toBeHidden();
  await expect(box).toHaveValue('What do @notes.txt ');
  await page.keyboard.type('say?');
  await page.keyboard.press('Enter');
  await expect(lastAnswer(page)).toHaveText('The notes say 42.');

  // The file's content went with the message; the transcript shows what was typed.
  const sent = bodyOf(gemini, 2).contents?.at(-1);
  expect(sent?.parts.map((part) => part.text)).toEqual([
    'What do @notes.txt say?',
    '--- Content from referenced files ---\nContent from @notes.txt:\nThe secret number is 42.\n--- End of content ---',
  ]);
  await expect(transcript(page).getByRole('article', { name: 'You' }).last()).toHaveText('What do @notes.txt say?');
  await expect(meter).toHaveAttribute('aria-valuenow', '3456');

  // The Loop inspector labels the project's part of the system instruction.
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  const inspector = page.getByRole('region', { name: 'Loop inspector' });
  await expect(inspector.getByText('Project instructions from AGENTS.md in the system instruction').first()).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('Gemini: /restore goes to the latest Restore, and Enter on it puts the files back', async ({ page, gemini }) => {
  await setUpFiles(page, gemini);
  const tree = page.getByRole('tree', { name: 'Files' });
  await expect(tree.getByRole('treeitem', { name: 'notes.txt' })).toBeVisible();
  const box = promptBox(page);
  await box.click();
  await page.keyboard.type('/restore');
  await page.keyboard.press('Enter');
  const restore = page.getByRole('article', { name: 'write_file notes.txt' }).getByRole('button', { name: 'Restore' });
  await expect(restore).toBeFocused();
  await expect(transcript(page)).toContainText('/restore: press Enter on the focused Restore to put the files back as they were before write_file notes.txt.');
  await page.keyboard.press('Enter');
  await expect(tree.getByRole('treeitem', { name: 'notes.txt' })).toHaveCount(0);
  await expect(tree.getByRole('treeitem', { name: 'AGENTS.md' })).toBeVisible();
});

test('Gemini: /compress compresses the history, and the meter shows the smaller size', async ({ page, gemini }) => {
  await setUpFiles(page, gemini);
  gemini.setScript({
    responses: [
      { chunks: [{ text: 'Answer two.', finishReason: 'STOP', usage: { promptTokenCount: 4000 } }] },
      { chunks: [{ text: 'Answer three.', finishReason: 'STOP', usage: { promptTokenCount: 5000 } }] },
      { chunks: [{ text: '<state_snapshot>\nThe project has AGENTS.md and notes.txt.\n</state_snapshot>', finishReason: 'STOP' }] },
    ],
  });
  await sendMessage(page, 'Second question');
  await expect(lastAnswer(page)).toHaveText('Answer two.');
  await sendMessage(page, 'Third question');
  await expect(lastAnswer(page)).toHaveText('Answer three.');
  const meter = page.getByRole('meter', { name: 'Context used' });
  await expect(meter).toHaveAttribute('aria-valuenow', '5000');

  const box = promptBox(page);
  await box.click();
  await page.keyboard.type('/comp');
  await page.keyboard.press('Enter');
  await expect(transcript(page)).toContainText(/Chat compressed from 5000 to \d+ tokens\./);
  const now = Number(await meter.getAttribute('aria-valuenow'));
  expect(now).toBeLessThan(5000);
});
