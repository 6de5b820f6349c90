import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { TEST_KEY, expect, openApp, sendMessage, statusOf, test, transcript, useGemini } from './fixtures';

function openInspector(page: Page) {
  return page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
}

test('the loop inspector shows each round-trip with its raw request and response, and never the key', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      { chunks: [{ functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }], finishReason: 'STOP' }] },
      { chunks: [{ text: 'The folder is empty.', finishReason: 'STOP' }] },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'What is in the workspace?');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('The folder is empty.');

  await openInspector(page);
  const inspector = page.getByRole('region', { name: 'Loop inspector' });
  await expect(inspector).toContainText('1 interaction(s), 2 turn(s), 2 round-trip(s)');
  const interaction = inspector.getByRole('region', { name: 'Interaction 1' });
  await expect(interaction.getByText(/calls list_directory/)).toBeVisible();
  await expect(interaction.getByText(/last: user \(result of list_directory\)/)).toBeVisible();

  await interaction.getByRole('button', { name: /Round-trip 1/ }).click();
  await expect(interaction.getByLabel('Raw request')).toContainText('What is in the workspace?');
  await expect(interaction.getByLabel('Raw response')).toContainText('"functionCall"');
  await expect(inspector).not.toContainText(TEST_KEY);
});

test('for a class: turns with their retry, times, tokens, a tool call timeline, folded thoughts, and Export JSON', async ({ page, gemini }) => {
  const usage = { promptTokenCount: 1234, candidatesTokenCount: 56, totalTokenCount: 1290 };
  gemini.setScript({
    responses: [
      {
        chunks: [
          { thought: '**Planning** I should write the note first.' },
          { functionCalls: [{ name: 'write_file', args: { file_path: 'note.txt', content: 'hello\n' } }], finishReason: 'STOP', usage },
        ],
      },
      { status: 429, headers: { 'Retry-After': '1' }, body: { error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } } },
      { chunks: [{ text: 'Wrote note.txt.', finishReason: 'STOP', usage: { promptTokenCount: 1400, candidatesTokenCount: 5, totalTokenCount: 1405 } }] },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Write a note');
  const approval = page.getByRole('region', { name: 'Approval required' });
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(statusOf(page, 'write_file note.txt')).toHaveText('success');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote note.txt.');

  // Thoughts are folded in the transcript until opened.
  const thoughts = transcript(page).getByRole('button', { name: 'Thoughts', exact: true });
  await expect(thoughts).toHaveAttribute('aria-expanded', 'false');
  await expect(transcript(page).getByText('I should write the note first.')).toBeHidden();
  await thoughts.click();
  await expect(thoughts).toHaveAttribute('aria-expanded', 'true');
  await expect(transcript(page).getByText('I should write the note first.')).toBeVisible();

  await openInspector(page);
  const inspector = page.getByRole('region', { name: 'Loop inspector' });
  await expect(inspector).toContainText('1 interaction(s), 2 turn(s), 3 round-trip(s)');
  const interaction = inspector.getByRole('region', { name: 'Interaction 1' });
  await expect(interaction.getByRole('heading', { name: 'Turn 1 · 1 round-trip(s) · 1 tool call(s)' })).toBeVisible();
  await expect(interaction.getByRole('heading', { name: 'Turn 2 · 2 round-trip(s), 1 retry' })).toBeVisible();
  await expect(interaction.getByRole('button', { name: /^Round-trip 1 · gemini-[\w.-]+ · \d/ })).toBeVisible();
  await expect(interaction.getByRole('button', { name: /^Round-trip 2 · / })).toBeVisible();
  await expect(interaction.getByRole('button', { name: /^Round-trip 3 \(retry 1\) · / })).toBeVisible();
  await expect(interaction.getByText('failed: ')).toBeVisible();
  await expect(interaction.getByText('tokens: prompt 1,234, response 56, total 1,290')).toBeVisible();
  await expect(interaction.getByText(/^\d\d:\d\d:\d\d\.\d{3} → \d\d:\d\d:\d\d\.\d{3} \(\d/).first()).toBeVisible();

  const timeline = interaction.getByRole('list', { name: 'Timeline of write_file note.txt' });
  await expect(timeline.getByRole('listitem')).toHaveText([/^validating \d\d:\d\d/, /^awaiting approval \+/, /^scheduled \+/, /^executing \+/, /^success \+/]);

  // The inspector folds the thoughts too.
  const inspectorThoughts = interaction.getByRole('button', { name: 'Thoughts', exact: true });
  await expect(inspectorThoughts).toHaveAttribute('aria-expanded', 'false');
  await inspectorThoughts.press('Enter');
  await expect(interaction.getByText('**Planning** I should write the note first.')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), inspector.getByRole('button', { name: 'Export JSON' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^loopscope-inspector.*\.json$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).not.toContain(TEST_KEY);
  const exported = JSON.parse(text);
  expect(exported.format).toBe('loopscope-loop-inspector');
  const turns = exported.interactions[0].turns;
  expect(turns.map((turn: { roundTrips: { retry: boolean }[] }) => turn.roundTrips.map((roundTrip) => roundTrip.retry))).toEqual([[false], [false, true]]);
  expect(turns[0].roundTrips[0].tokens).toEqual({ prompt: 1234, candidates: 56, total: 1290 });
  expect(turns[0].toolCalls[0].steps.map((step: { status: string }) => step.status)).toEqual(['validating', 'awaiting_approval', 'scheduled', 'executing', 'success']);

  // The timeline is stored with the session: it is still there after a reload.
  await page.reload();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote note.txt.');
  await openInspector(page);
  await expect(
    page.getByRole('region', { name: 'Loop inspector' }).getByRole('list', { name: 'Timeline of write_file note.txt' }).getByRole('listitem'),
  ).toHaveCount(5);
});

/** The scripted demo answers "hello" on the default URL; then the Loop inspector opens. */
async function inspectorAfterDemoAnswer(page: Page) {
  await openApp(page);
  await sendMessage(page, 'hello');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toContainText("I'm the Scripted demo");
  await openInspector(page);
  return page.getByRole('region', { name: 'Loop inspector' });
}

test('the scripted demo names itself in the inspector, not a Gemini model', async ({ page }) => {
  const inspector = await inspectorAfterDemoAnswer(page);
  await expect(inspector.getByRole('button', { name: /^Round-trip 1 · Scripted demo · / })).toBeVisible();
  await expect(inspector).not.toContainText('gemini-');
});

test("a round-trip's Add note and Edit reply and fork read as two links in the page's font, apart", async ({ page }) => {
  // Regression: the two sat flush against each other ("Add noteEdit reply and fork") in the
  // round-trip title's monospace font, a rule meant for the title alone.
  const inspector = await inspectorAfterDemoAnswer(page);
  const note = inspector.getByRole('button', { name: 'Add note' });
  const edit = inspector.getByRole('button', { name: 'Edit reply and fork' });
  const [noteBox, editBox] = [await note.boundingBox(), await edit.boundingBox()];
  expect(noteBox && editBox && editBox.x - (noteBox.x + noteBox.width)).toBeGreaterThanOrEqual(8);
  const fontOf = (locator: typeof note) => locator.evaluate((element) => getComputedStyle(element).fontFamily);
  const pageFont = await page.locator('body').evaluate((element) => getComputedStyle(element).fontFamily);
  expect(await fontOf(note)).toBe(pageFont);
  expect(await fontOf(edit)).toBe(pageFont);
});
