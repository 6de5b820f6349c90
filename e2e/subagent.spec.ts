/**
 * Subagents (UI-CONTRACT "Steering, subagents and hooks"): the model's `task` call runs a nested
 * loop whose requests the fake server answers in turn (the parent's call, the subagent's
 * requests, then the parent's answer); the call's card holds region `Subagent`, folded, with the
 * nested round-trips and calls; a nested call's approval names the subagent; Stop ends it.
 */
import type { Page } from '@playwright/test';
import { decodeLink } from '../src/share/codec';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';

interface RequestBody {
  contents: { role: string; parts: Record<string, unknown>[] }[];
  systemInstruction?: { parts?: { text?: string }[] };
  tools?: { functionDeclarations?: { name: string }[] }[];
}

const bodyOf = (gemini: FakeGemini, n: number) => gemini.requests()[n]!.body as RequestBody;
const toolNames = (body: RequestBody) => (body.tools ?? []).flatMap((tool) => (tool.functionDeclarations ?? []).map((declaration) => declaration.name));
const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });
const call = (name: string, args: Record<string, unknown>, before?: string) => ({
  chunks: [...(before ? [{ text: before }] : []), { functionCalls: [{ name, args }], finishReason: 'STOP' }],
});
const taskCall = call(
  'task',
  { description: 'Write a note', prompt: 'Look at the workspace, then write note.txt saying it was empty.', tools: ['list_directory', 'write_file'] },
  'Handing this to a subagent.',
);
const taskCard = (page: Page) => toolCard(page, 'task Write a note');

for (const [where, query] of [
  ['offline sandbox', 'sandbox=offline'],
  ['default URL', ''],
] as const) {
  test(`${where}: a task call runs a subagent whose approval names it, and its card holds the nested round-trips, folded`, async ({ page, gemini, pageErrors }) => {
    gemini.setScript({
      responses: [
        taskCall,
        call('list_directory', { dir_path: '.' }),
        call('write_file', { file_path: 'note.txt', content: 'It was empty.\n' }),
        text('Wrote note.txt: the workspace was empty.'),
        text('The subagent wrote note.txt.'),
      ],
    });
    await openApp(page, query);
    await useGemini(page, gemini);
    await sendMessage(page, 'Write a note about the workspace');

    const approval = page.getByRole('region', { name: 'Approval required' });
    await expect(approval).toContainText('Subagent: Write a note');
    await expect(approval).toContainText('note.txt');
    await expect(statusOf(page, 'task Write a note')).toHaveText('executing');
    // Live while it runs: its round-trips and calls so far.
    await expect(taskCard(page).getByRole('region', { name: 'Subagent' }).getByRole('button', { name: /^Subagent: 2 round-trips, 2 tool calls, working$/ })).toBeVisible();
    await approval.getByRole('button', { name: 'Allow once' }).click();

    await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('The subagent wrote note.txt.');
    await expect(statusOf(page, 'task Write a note')).toHaveText('success');
    await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'note.txt' })).toBeVisible();

    // Folded by default; the keyboard opens it.
    const region = taskCard(page).getByRole('region', { name: 'Subagent' });
    const toggle = region.getByRole('button', { name: /^Subagent: 3 round-trips, 2 tool calls, done$/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(region.getByText('Round-trip 1')).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(region.getByRole('listitem', { name: 'list_directory .' }).locator('[data-status]')).toHaveText('success');
    await expect(region.getByRole('listitem', { name: 'write_file note.txt' }).locator('[data-status]')).toHaveText('success');
    await expect(region.getByText('Round-trip 3')).toBeVisible();
    await expect(region).toContainText('Wrote note.txt: the workspace was empty.');
    // The subagent's calls are not the transcript's own cards.
    await expect(toolCard(page, 'list_directory .')).toHaveCount(0);

    // The subagent's requests: its prompt alone, told what it is, with the tools it was given.
    expect(gemini.requests()).toHaveLength(5);
    expect(toolNames(bodyOf(gemini, 0))).toContain('task');
    const nested = bodyOf(gemini, 1);
    expect(nested.contents).toEqual([{ role: 'user', parts: [{ text: 'Look at the workspace, then write note.txt saying it was empty.' }] }]);
    expect((nested.systemInstruction?.parts ?? []).map((part) => part.text).join('')).toContain('subagent that the main agent started for one task: "Write a note"');
    expect(toolNames(nested).sort()).toEqual(['list_directory', 'write_file']);
    // The parent gets the subagent's final text as the call's result, and none of its entries.
    const last = bodyOf(gemini, 4).contents;
    expect(last.at(-1)!.parts[0]).toMatchObject({ functionResponse: { name: 'task', response: { output: 'Wrote note.txt: the workspace was empty.' } } });
    const calls = last.flatMap((content) => content.parts.flatMap((part) => ('functionCall' in part ? [(part['functionCall'] as { name: string }).name] : [])));
    expect(calls).toEqual(['task']);
    expect(pageErrors).toEqual([]);
  });

  test(`${where}: Stop while a subagent's call waits for approval ends the call and the task, and asks the model nothing more`, async ({ page, gemini }) => {
    gemini.setScript({ responses: [taskCall, call('write_file', { file_path: 'note.txt', content: 'x' }), text('never asked'), text('never asked')] });
    await openApp(page, query);
    await useGemini(page, gemini);
    await sendMessage(page, 'Write a note about the workspace');
    const approval = page.getByRole('region', { name: 'Approval required' });
    await expect(approval).toContainText('Subagent: Write a note');

    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(statusOf(page, 'task Write a note')).toHaveText('cancelled');
    await expect(approval).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeHidden();
    const region = taskCard(page).getByRole('region', { name: 'Subagent' });
    const toggle = region.getByRole('button', { name: /^Subagent: 1 round-trip, 1 tool call, cancelled$/ });
    await toggle.click();
    await expect(region.getByRole('listitem', { name: 'write_file note.txt' }).locator('[data-status]')).toHaveText('cancelled');
    expect(gemini.requests()).toHaveLength(2);
    await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'note.txt' })).toHaveCount(0);
  });
}

test('default URL: a shared session with a subagent opens with its card and its round-trips in the Loop inspector, and its replay runs the subagent again: its write asks and happens, its card shows region Subagent', async ({ page, gemini, browser, pageErrors }) => {
  const lookCall = call('task', { description: 'Look around', prompt: 'List the workspace, then write note.txt saying what is there.', tools: ['list_directory', 'write_file'] });
  gemini.setScript({
    responses: [lookCall, call('list_directory', { dir_path: '.' }), call('write_file', { file_path: 'note.txt', content: 'Nothing else.\n' }), text('Wrote note.txt.'), text('It is noted.')],
  });
  await openApp(page, '');
  await useGemini(page, gemini);
  await sendMessage(page, 'What is in the workspace?');
  await page.getByRole('region', { name: 'Approval required' }).getByRole('button', { name: 'Allow once' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('It is noted.');
  await expect(statusOf(page, 'task Look around')).toHaveText('success');

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  const linkBox = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toHaveValue(/#session=/);
  const link = await linkBox.inputValue();
  const decoded = decodeLink(new URL(link).hash);
  expect(decoded.ok && decoded.value.roundTrips.map((roundTrip) => roundTrip.subagent?.description ?? null)).toEqual([null, 'Look around', 'Look around', 'Look around', null]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  const requestsBefore = gemini.requests().length;

  const context = await browser.newContext();
  const reader = await context.newPage();
  const readerErrors: string[] = [];
  reader.on('pageerror', (error) => readerErrors.push(error.message));
  await reader.goto(link);
  const shared = reader.getByRole('region', { name: 'Shared session' });
  await expect(shared).toBeVisible();
  await expect(statusOf(reader, 'task Look around')).toHaveText('success');
  const files = reader.getByRole('tree', { name: 'Files' });
  await expect(files.getByRole('treeitem', { name: 'note.txt' })).toBeVisible();
  await reader.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  const inspector = reader.getByRole('region', { name: 'Loop inspector' });
  const nested = inspector.getByRole('region', { name: 'Subagent: Look around' });
  await expect(nested).toBeVisible();
  await expect(nested.getByRole('button', { name: /^Round-trip 3 · / })).toBeVisible();
  await expect(inspector).toContainText('2 round-trip(s), 3 by subagents');

  await shared.getByRole('button', { name: 'Replay' }).click();
  // The replay starts from the sender's starting files and runs the subagent again: its write asks (Ask every time), naming it.
  const approval = reader.getByRole('region', { name: 'Approval required' });
  await expect(approval).toContainText('Subagent: Look around');
  await expect(approval).toContainText('note.txt');
  await expect(files.getByRole('treeitem', { name: 'note.txt' })).toHaveCount(0);
  const region = toolCard(reader, 'task Look around').getByRole('region', { name: 'Subagent' });
  await expect(region.getByRole('button', { name: /^Subagent: 2 round-trips, 2 tool calls, working$/ })).toBeVisible();
  await approval.getByRole('button', { name: 'Allow once' }).click();

  await expect(shared.getByRole('status')).toContainText('Replay finished: round-trip 2 of 2');
  await expect(shared.getByRole('status')).not.toContainText('differ');
  await expect(statusOf(reader, 'task Look around')).toHaveText('success');
  await expect(files.getByRole('treeitem', { name: 'note.txt' })).toBeVisible();
  const toggle = region.getByRole('button', { name: /^Subagent: 3 round-trips, 2 tool calls, done$/ });
  await toggle.click();
  await expect(region.getByRole('listitem', { name: 'write_file note.txt' }).locator('[data-status]')).toHaveText('success');
  await expect(region).toContainText('Wrote note.txt.');
  await expect(toolCard(reader, 'task Look around')).not.toContainText('the subagent was not run again');
  expect(gemini.requests()).toHaveLength(requestsBefore);
  expect(readerErrors).toEqual([]);
  expect(pageErrors).toEqual([]);
  await context.close();
});
