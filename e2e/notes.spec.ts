/**
 * Notes that play with the replay (issue 26, item 3): notes on a message, a tool card and a Loop
 * inspector round-trip travel in the share link; in a fresh browser they show beside their steps,
 * and a replay with Pause at notes stops at each, its text in Caption. Notes are text, never
 * markup; one too long or holding control characters is refused with a clear message.
 */
import type { Page } from '@playwright/test';
import { decodeLink } from '../src/share/codec';
import { DOCUMENT_VERSION } from '../src/share/document';
import { expect, openApp, sendMessage, test, toolCard, transcript, useGemini } from './fixtures';

const script = {
  responses: [
    { chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: 'notes.txt', content: 'one\n' } }], finishReason: 'STOP' }] },
    { chunks: [{ text: 'Wrote notes.txt.', finishReason: 'STOP' }] },
  ],
};

async function addNote(page: Page, within: ReturnType<Page['locator']>, text: string) {
  await within.getByRole('button', { name: 'Add note' }).click();
  const box = page.getByRole('textbox', { name: 'Note' });
  await box.fill(text);
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(box).toHaveCount(0);
}

test('notes on a message, a tool card and a round-trip travel in the link; the replay pauses at each with its text in Caption', async ({ page, gemini, browser }) => {
  gemini.setScript(script);
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Write the notes');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote notes.txt.');

  await addNote(page, transcript(page).getByRole('article', { name: 'You' }), 'First, the prompt.');
  await addNote(page, toolCard(page, 'write_file notes.txt'), 'Then the <b>tool</b> writes.');
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  const inspector = page.getByRole('region', { name: 'Loop inspector' });
  await addNote(page, inspector.locator('li.round-trip').nth(1), 'Last, the model answers the result.');
  await expect(transcript(page).getByRole('note')).toHaveText(['First, the prompt.', 'Then the <b>tool</b> writes.']);
  await expect(inspector.getByRole('note')).toHaveText(['Last, the model answers the result.']);
  await expect(page.locator('b', { hasText: 'tool' })).toHaveCount(0); // text, never markup

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  const linkBox = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toHaveValue(/#session=/);
  const link = await linkBox.inputValue();
  const decoded = decodeLink(new URL(link).hash);
  expect(decoded.ok && decoded.value.version).toBe(DOCUMENT_VERSION);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(link);
  await expect(reader.getByRole('list', { name: 'Sessions' }).getByText('Shared: Write the notes')).toBeVisible();
  await expect(transcript(reader).getByRole('note')).toHaveText(['First, the prompt.', 'Then the <b>tool</b> writes.']);

  const shared = reader.getByRole('region', { name: 'Shared session' });
  const controls = reader.getByRole('toolbar', { name: 'Replay controls' });
  await controls.getByRole('checkbox', { name: 'Pause at notes' }).check();
  await shared.getByRole('button', { name: 'Replay' }).click();
  const caption = reader.getByRole('region', { name: 'Caption' });
  const approval = reader.getByRole('region', { name: 'Approval required' });

  await expect(caption).toHaveText('First, the prompt.');
  await expect(controls.getByRole('status')).toContainText('(paused)');
  await expect(controls.getByRole('status')).toContainText('Round-trip 0 of 2');
  await controls.getByRole('button', { name: 'Play' }).click();

  await expect(caption).toHaveText('Then the <b>tool</b> writes.');
  await expect(controls.getByRole('status')).toContainText('(paused)');
  await controls.getByRole('button', { name: 'Next step' }).click();
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await controls.getByRole('button', { name: 'Play' }).click();

  await expect(caption).toHaveText('Last, the model answers the result.');
  await expect(toolCard(reader, 'write_file notes.txt').locator('[data-status]')).toHaveText('success');
  // The last step: nothing follows its round-trip, so the replay ends there, its caption still shown.
  await expect(shared.getByRole('status')).toContainText('Replay finished: round-trip 2 of 2');
  await expect(caption).toHaveText('Last, the model answers the result.');
  await context.close();
});

test('a note too long or holding control characters is refused with a clear message, and the text stays to fix', async ({ page, gemini }) => {
  gemini.setScript(script);
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Write the notes');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote notes.txt.');

  await transcript(page).getByRole('article', { name: 'Agent' }).getByRole('button', { name: 'Add note' }).click();
  const box = page.getByRole('textbox', { name: 'Note' });
  await box.fill('x'.repeat(1024 * 1024));
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'at most 2,000 characters' })).toBeVisible();
  await box.fill('right\u202eleft');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'control characters' })).toBeVisible();
  await box.fill('A fine note.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(transcript(page).getByRole('note')).toHaveText(['A fine note.']);
  await transcript(page).getByRole('article', { name: 'Agent' }).getByRole('button', { name: 'Edit note' }).click();
  await page.getByRole('button', { name: 'Delete note' }).click();
  await expect(transcript(page).getByRole('note')).toHaveCount(0);
});
