/**
 * Compare with original (issue 39): on a fork, the two runs side by side from the fork point:
 * round-trips in pairs with where they diverge, each run's tokens, cost and time, and the files at the
 * end in Monaco's diff editor; by keyboard, readable at 1280×720; an original since deleted is
 * said so. On the offline sandbox and on the default URL.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openApp, sendMessage, test, toolCard, transcript, useGemini } from './fixtures';

const write = (file_path: string, content: string) => ({ name: 'write_file', args: { file_path, content } });
const usage = (prompt: number, response: number) => ({ promptTokenCount: prompt, candidatesTokenCount: response, totalTokenCount: prompt + response });
/** The original writes a.txt, then a.txt again and b.txt, then says so; the fork, continued after the first write, answers at once. */
const script = {
  responses: [
    { chunks: [{ functionCalls: [write('a.txt', 'one\n')], finishReason: 'STOP', usage: usage(100, 10) }] },
    { chunks: [{ functionCalls: [write('a.txt', 'two\n'), write('b.txt', 'bee\n')], finishReason: 'STOP', usage: usage(200, 20) }] },
    { chunks: [{ text: 'Wrote both.', finishReason: 'STOP', usage: usage(300, 5) }] },
    { chunks: [{ text: 'Answered from the fork.', finishReason: 'STOP', usage: usage(210, 7) }] },
  ],
};

const sessions = (page: Page) => page.getByRole('list', { name: 'Sessions' });
const comparison = (page: Page) => page.getByRole('region', { name: 'Comparison' });

async function recordAndFork(page: Page, gemini: Parameters<typeof useGemini>[1], query?: string) {
  gemini.setScript(script);
  await (query === undefined ? openApp(page) : openApp(page, query));
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Write the files');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote both.');
  await toolCard(page, 'write_file a.txt').first().getByRole('button', { name: 'Fork from here' }).click();
  await expect(sessions(page).getByText('Write the files (fork at round-trip 1)')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Answered from the fork.');
}

test.use({ viewport: { width: 1280, height: 720 } });

/** axe-core's WCAG 2.1 A and AA rules over the comparison. */
async function expectNoViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('section[aria-label="Comparison"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('Compare with original: the round-trips in pairs from the fork point, the divergence marked, tokens, cost and time of each, the files in a diff, by keyboard', async ({ page, gemini, pageErrors }) => {
  await recordAndFork(page, gemini);
  const open = page.getByRole('button', { name: 'Compare with original' });
  await open.focus();
  await page.keyboard.press('Enter');

  const region = comparison(page);
  await expect(region).toBeVisible();
  await expect(region.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Transcript' })).toBeHidden();
  await expect(region).toContainText('Both runs share round-trip 1; compared from round-trip 2. They diverge at round-trip 2.');

  const totals = region.getByRole('table', { name: 'Each run from the fork point' });
  await expect(totals.getByRole('row', { name: /^Round-trips/ }).getByRole('cell')).toHaveText(['2', '1']);
  await expect(totals.getByRole('row', { name: /^Tokens/ }).getByRole('cell')).toHaveText(['525 (prompt 500, response 25)', '217 (prompt 210, response 7)']);
  // At gemini-2.5-flash's default prices ($0.30 in, $2.50 out per million): about $0.0002 and $0.00008.
  await expect(totals.getByRole('row', { name: /^Cost/ }).getByRole('cell')).toHaveText([/^\$0\.0002\d*$/, /^\$0\.0000805$/]);
  await expect(totals.getByRole('row', { name: /^Model time/ }).getByRole('cell').first()).toHaveText(/\d+(\.\d+)? m?s$/);

  const steps = region.getByRole('table', { name: 'Round-trips side by side' });
  const rows = steps.getByRole('row');
  await expect(rows).toHaveCount(3); // the header, round-trips 2 and 3
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('2 First divergence');
  await expect(rows.nth(1).getByRole('cell').nth(0)).toContainText('Results of write_file');
  await expect(rows.nth(1).getByRole('cell').nth(0)).toContainText('calls write_file a.txt, write_file b.txt');
  await expect(rows.nth(1).getByRole('cell').nth(1)).toContainText('Results of write_file');
  await expect(rows.nth(1).getByRole('cell').nth(1)).toContainText('“Answered from the fork.”');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('Differs: the reply');
  await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText('—');
  await expect(rows.nth(2).getByRole('cell').nth(2)).toHaveText('Only in the original');

  // The files at the end: a.txt as the first write left it in the fork, b.txt only in the original.
  const differing = region.getByRole('list', { name: 'Files that differ' });
  await expect(differing.getByRole('button')).toHaveText(['a.txt changed', 'b.txt only in the original']);
  await expect(differing.getByRole('button', { name: 'a.txt changed' })).toHaveAttribute('aria-pressed', 'true');
  const diff = region.getByRole('region', { name: 'Differences in a.txt' }).getByTestId('monaco-diff');
  await expect(diff.locator('.editor.original')).toContainText('two');
  await expect(diff.locator('.editor.modified')).toContainText('one');
  await expect(diff.getByRole('textbox', { name: 'Original: a.txt', includeHidden: true })).toHaveCount(1);
  await expect(diff.getByRole('textbox', { name: 'Fork: a.txt', includeHidden: true })).toHaveCount(1);
  const b = differing.getByRole('button', { name: 'b.txt only in the original' });
  await b.focus();
  await page.keyboard.press('Enter');
  await expect(b).toHaveAttribute('aria-pressed', 'true');
  await expect(region.getByRole('region', { name: 'Differences in b.txt' }).getByTestId('monaco-diff').locator('.editor.original')).toContainText('bee');

  // Readable at 1280×720: nothing wider than the page.
  const overflow = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoViolations(page);

  // Escape (outside the diff editor) closes it and gives the focus back to the button.
  await b.focus();
  await page.keyboard.press('Escape');
  await expect(region).toHaveCount(0);
  await expect(open).toBeFocused();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Answered from the fork.');
  expect(pageErrors).toEqual([]);
});

test('Compare with original after the original was deleted says so (default URL)', async ({ page, gemini }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await recordAndFork(page, gemini, '');
  await sessions(page).getByRole('button', { name: 'Delete Write the files', exact: true }).click();
  await expect(sessions(page).getByRole('listitem')).toHaveCount(1);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Answered from the fork.');

  await page.getByRole('button', { name: 'Compare with original' }).click();
  const region = comparison(page);
  await expect(region.getByRole('alert')).toHaveText('The original session, “Write the files”, was deleted, so there is nothing to compare this fork with.');
  await expect(region.getByRole('table')).toHaveCount(0);
  await region.getByRole('button', { name: 'Close comparison' }).click();
  await expect(region).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Compare with original' })).toBeFocused();
});

test('a fork with an edited result differs from the fork point on in what was asked, says it changed a tool result, and reads in the dark theme', async ({ page, gemini }) => {
  gemini.setScript(script);
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Write the files');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote both.');
  await toolCard(page, 'write_file a.txt').first().getByRole('button', { name: 'Edit result and fork' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit tool result' });
  await dialog.getByRole('textbox', { name: 'Result' }).fill('The disk is full; nothing was written.');
  await dialog.getByRole('button', { name: 'Fork' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Answered from the fork.');

  await page.getByRole('button', { name: 'Compare with original' }).click();
  const region = comparison(page);
  await expect(region).toContainText('Both runs share round-trip 1; compared from round-trip 2. The fork changed a tool result at the fork point. They diverge at round-trip 2.');
  const first = region.getByRole('table', { name: 'Round-trips side by side' }).getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toHaveText('2 First divergence');
  await expect(first.getByRole('cell').nth(2)).toHaveText('Differs: what was asked and the reply');

  // Readable in the dark theme too.
  await region.getByRole('button', { name: 'Close comparison' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('combobox', { name: 'Theme' }).selectOption('Dark');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Compare with original' }).click();
  await expect(region.getByRole('table', { name: 'Round-trips side by side' })).toBeVisible();
  await expect(region.getByTestId('monaco-diff').locator('.editor.modified')).toBeVisible();
  await expectNoViolations(page);
});

test('a session that is not a fork offers no comparison', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ chunks: [{ text: 'Hello.', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Hi');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('Hello.');
  await expect(page.getByRole('button', { name: 'Compare with original' })).toHaveCount(0);
});
