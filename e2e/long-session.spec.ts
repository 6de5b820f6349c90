/**
 * A long session reopens fast: the transcript shows its latest items and a "Show earlier"
 * button above them; what is shown is ordinary page text (find-in-page, screen readers).
 */
import { expect, openApp, sendMessage, test, toolCard, transcript, useGemini } from './fixtures';

const CALLS = 160;

test('a long session reopens with its latest items, and Show earlier brings back the rest', async ({ page, gemini, pageErrors }) => {
  const calls = Array.from({ length: CALLS }, (_, index) => ({ name: 'glob', args: { pattern: `file-${index}-*.txt` } }));
  gemini.setScript({ responses: [{ chunks: [{ functionCalls: calls, finishReason: 'STOP' }] }, { chunks: [{ text: 'All done.', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini, { remember: true });
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'look for many files');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('All done.');
  await expect(transcript(page).locator('article.tool-card')).toHaveCount(CALLS);

  await page.reload();
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('All done.');
  const earlier = transcript(page).getByRole('button', { name: /^Show earlier \(\d+ more above\)$/ });
  await expect(earlier).toBeVisible();
  const shown = await transcript(page).locator('article.tool-card').count();
  expect(shown).toBeLessThan(CALLS);
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveCount(0);

  await earlier.click();
  await expect(transcript(page).locator('article.tool-card')).toHaveCount(CALLS);
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveText('look for many files');
  await expect(toolCard(page, 'glob file-0-*.txt')).toBeVisible();
  await expect(earlier).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a session longer than what it opens with shows its tail at once, and Show earlier reaches its first message', async ({ page, gemini, pageErrors }) => {
  const ROUNDS = 230; // 462 history entries: more than the worker sends first (HISTORY_TAIL)
  const responses = Array.from({ length: ROUNDS }, (_, index) => ({ chunks: [{ functionCalls: [{ name: 'glob', args: { pattern: `round-${index}-*.txt` } }], finishReason: 'STOP' }] }));
  gemini.setScript({ responses: [...responses, { chunks: [{ text: 'Every round done.', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini, { remember: true });
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'look in many rounds');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('Every round done.', { timeout: 120_000 });

  await page.reload();
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('Every round done.');
  const earlier = transcript(page).getByRole('button', { name: /^Show earlier/ });
  // Once the earlier history has arrived, the button counts everything above.
  await expect(earlier).toHaveText(/^Show earlier \(\d+ more above\)$/);
  while ((await earlier.count()) > 0) await earlier.click();
  await expect(transcript(page).locator('article.tool-card')).toHaveCount(ROUNDS);
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveText('look in many rounds');
  await expect(toolCard(page, 'glob round-0-*.txt')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
