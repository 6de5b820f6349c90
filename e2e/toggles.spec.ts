/**
 * Every checkbox changes state on one click, and its state is what the app then does (issue
 * 36): Settings' checkboxes (Remember key, loop heuristics, next-speaker check, traces,
 * web_fetch local addresses, URL context, an MCP tool) are still as clicked after Save and
 * Settings opened again, after a reload too; Step through pauses the next message; Export
 * trace's Include messages puts the messages in the file; Pause at notes, ticked before Replay
 * or while a replay plays, pauses at a note; a replay's Speed shows a pick at once. On the default URL (no query string).
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { startFakeMcp } from './fake-mcp/server.mjs';
import type { FakeMcp } from './fake-mcp/server.mjs';
import { expect, sendMessage, test, transcript, useGemini } from './fixtures';

async function openDefault(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: /Offline sandbox|WebContainer/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).not.toHaveCount(0);
}

/**
 * One click, and the checkbox shows the new state in the next frame painted (not after a second
 * click, nor only once an answer comes from the worker), and keeps it.
 */
async function clickOnce(box: Locator, checked: boolean) {
  await box.scrollIntoViewIfNeeded();
  const painted = await box.evaluate(async (input: HTMLInputElement) => {
    input.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return input.checked;
  });
  expect(painted, 'state in the frame after one click').toBe(checked);
  await expect(box).toBeChecked({ checked });
  await box.page().waitForTimeout(300);
  expect(await box.isChecked(), 'state a moment later').toBe(checked);
}

/** One pick, and the select shows it in the next frame painted (not only once the worker answers), and keeps it. */
async function pickOnce(select: Locator, value: string) {
  const painted = await select.evaluate(async (element: HTMLSelectElement, chosen) => {
    element.value = chosen;
    element.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return element.value;
  }, value);
  expect(painted, 'value in the frame after one pick').toBe(value);
  await select.page().waitForTimeout(300);
  await expect(select).toHaveValue(value);
}

const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });

let mcp: FakeMcp | undefined;
test.afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
});

test("each of Settings' checkboxes changes on one click and is still so after Save, Settings opened again and a reload", async ({ page, pageErrors }) => {
  mcp = await startFakeMcp();
  await openDefault(page);
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const open = async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(settings).toBeVisible();
  };
  const save = async () => {
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings).toBeHidden();
  };
  await open();
  await settings.getByRole('button', { name: 'Add MCP server' }).click();
  await settings.getByRole('textbox', { name: 'Server name' }).fill('calc');
  await settings.getByRole('textbox', { name: 'Server URL' }).fill(mcp.url);
  await settings.getByRole('button', { name: 'Connect' }).click();
  await expect(settings.getByRole('list', { name: 'MCP tools' }).getByRole('listitem')).toHaveCount(4);
  await save();

  const boxes: { name: string | RegExp; initially: boolean }[] = [
    { name: 'Remember key on this device', initially: false },
    { name: 'Heuristic loop checks', initially: false },
    { name: 'Next-speaker check (an extra, visible model call)', initially: false },
    { name: 'Allow web_fetch to local addresses', initially: false },
    { name: 'Let Gemini read web pages itself (URL context)', initially: false },
    { name: 'Include messages in sent traces', initially: false },
    { name: /^calc__add\b/, initially: true },
  ];
  const box = (name: string | RegExp) => settings.getByRole('checkbox', typeof name === 'string' ? { name, exact: true } : { name });
  const expectAll = async (flipped: boolean) => {
    for (const { name, initially } of boxes) await expect(box(name), String(name)).toBeChecked({ checked: flipped ? !initially : initially });
  };

  await open();
  await expectAll(false);
  for (const { name, initially } of boxes) await clickOnce(box(name), !initially);
  await save();
  await open();
  await expectAll(true);
  await settings.getByRole('button', { name: 'Cancel' }).click();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).not.toHaveCount(0);
  await open();
  await expectAll(true);
  for (const { name, initially } of boxes) await clickOnce(box(name), initially);
  await save();
  await open();
  await expectAll(false);
  expect(pageErrors).toEqual([]);
});

test('Step through: one click turns it on and the next message pauses before the model call; one more turns it off', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({ responses: [text('First.'), text('Second.')] });
  await openDefault(page);
  await useGemini(page, gemini);
  await expect(page.getByText('Model: Gemini', { exact: true })).toBeVisible();
  const step = page.getByRole('checkbox', { name: 'Step through' });
  await clickOnce(step, true);
  await sendMessage(page, 'One');
  await expect(page.getByRole('status').filter({ hasText: 'Paused before the model call' })).toBeVisible();
  expect(gemini.requests()).toHaveLength(0);
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('First.');

  await clickOnce(step, false);
  await sendMessage(page, 'Two');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Second.');
  await expect(page.getByRole('button', { name: 'Next step' })).toBeHidden();
  expect(pageErrors).toEqual([]);
});

test("Export trace's Include messages: one click ticks it, and the downloaded trace then holds the messages", async ({ page, gemini, pageErrors }) => {
  gemini.setScript({ responses: [text('Traced reply.')] });
  await openDefault(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'A message to trace');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Traced reply.');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'OpenTelemetry trace…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export trace' });
  const include = dialog.getByRole('checkbox', { name: 'Include messages' });
  await expect(include).not.toBeChecked();
  await clickOnce(include, true);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  await expect(dialog.getByRole('status')).toContainText('messages included');
  const trace = await readFile(await download.path(), 'utf8');
  expect(trace).toContain('A message to trace');
  expect(trace).toContain('Traced reply.');
  expect(pageErrors).toEqual([]);
});

test('Pause at notes changes on one click before Replay and while a replay plays, and the replay then pauses at the note', async ({ page, gemini, browser, pageErrors }) => {
  const call = (name: string, args: Record<string, unknown>) => ({ chunks: [{ functionCalls: [{ name, args }], finishReason: 'STOP' }] });
  gemini.setScript({ responses: [call('write_file', { file_path: 'notes.txt', content: 'one\n' }), call('list_directory', { dir_path: '.' }), text('Wrote and listed.')] });
  await openDefault(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Write the notes');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote and listed.');
  // A note on the second call: the replay reaches it after the write, which waits to be allowed.
  await transcript(page).getByRole('article', { name: /^list_directory/ }).getByRole('button', { name: 'Add note' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill('Then it looks at the folder.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(transcript(page).getByRole('note')).toHaveText(['Then it looks at the folder.']);

  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share session' });
  const linkBox = share.getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toHaveValue(/#session=/);
  const link = await linkBox.inputValue();
  await share.getByRole('button', { name: 'Close' }).click();

  const context = await browser.newContext();
  const reader = await context.newPage();
  const readerErrors: string[] = [];
  reader.on('pageerror', (error) => readerErrors.push(error.message));
  await reader.goto(link);
  await expect(reader.getByRole('list', { name: 'Sessions' }).getByText('Shared: Write the notes')).toBeVisible();
  const shared = reader.getByRole('region', { name: 'Shared session' });
  const controls = reader.getByRole('toolbar', { name: 'Replay controls' });
  const pauseAtNotes = controls.getByRole('checkbox', { name: 'Pause at notes' });

  // Before Replay: each click changes it once.
  await clickOnce(pauseAtNotes, true);
  await clickOnce(pauseAtNotes, false);

  // While the replay plays (it waits for the write to be allowed): one click ticks it, and the replay then pauses at the note.
  await shared.getByRole('button', { name: 'Replay' }).click();
  const approval = reader.getByRole('region', { name: 'Approval required' });
  await expect(approval).toBeVisible();
  await expect(pauseAtNotes).not.toBeChecked();
  await clickOnce(pauseAtNotes, true);
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(reader.getByRole('region', { name: 'Caption' })).toHaveText('Then it looks at the folder.');
  await expect(controls.getByRole('status')).toContainText('Round-trip 2 of 3 (paused)');
  await clickOnce(pauseAtNotes, false);
  await clickOnce(pauseAtNotes, true);
  // Speed, the toolbar's other setting the worker answers, shows a pick at once too.
  await pickOnce(controls.getByRole('combobox', { name: 'Speed' }), 'instant');
  await controls.getByRole('button', { name: 'Play' }).click();
  await expect(shared.getByRole('status')).toContainText('Replay finished: round-trip 3 of 3');
  // After the replay it is as last clicked, and the next Replay pauses at the note from the start.
  await expect(pauseAtNotes).toBeChecked();
  await shared.getByRole('button', { name: 'Replay' }).click();
  await expect(pauseAtNotes).toBeChecked();
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(controls.getByRole('status')).toContainText('Round-trip 2 of 3 (paused)');
  await expect(reader.getByRole('region', { name: 'Caption' })).toHaveText('Then it looks at the folder.');
  expect(readerErrors).toEqual([]);
  await context.close();
  expect(pageErrors).toEqual([]);
});
