/**
 * Two tabs on one session: only one writes to it. The second says the session is open
 * elsewhere, changes nothing, and can take it over; the first then stops writing.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, sendMessage, test, transcript } from './fixtures';

const elsewhere = (page: Page) => page.getByRole('alert').filter({ hasText: 'This session is open in another tab' });
const you = (page: Page) => transcript(page).getByRole('article', { name: 'You' });

test('a second tab on the same session is read-only until it takes over, and then the first one is', async ({ page, context }) => {
  await openApp(page);
  await sendMessage(page, 'hello from the first tab');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText("I'm the Scripted demo");

  const second = await context.newPage();
  await openApp(second);
  await expect(elsewhere(second)).toBeVisible();
  await expect(you(second)).toHaveText('hello from the first tab');
  await expect(elsewhere(page)).toHaveCount(0);

  // A message in the read-only tab is refused and comes back to the prompt.
  await sendMessage(second, 'overwrite?');
  await expect(second.getByRole('alert').filter({ hasText: 'Your message was not sent' })).toBeVisible();
  await expect(second.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('overwrite?');

  // The first tab goes on meanwhile.
  await sendMessage(page, 'a second question');
  await expect(you(page)).toHaveCount(2);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).nth(1)).toContainText('paste your Gemini API key.');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);

  await second.getByRole('button', { name: 'Take over here' }).click();
  await expect(elsewhere(second)).toHaveCount(0);
  // What the first tab stored meanwhile is here.
  await expect(you(second)).toHaveText(['hello from the first tab', 'a second question']);
  await expect(elsewhere(page)).toBeVisible();

  await sendMessage(page, 'still mine?');
  await expect(page.getByRole('alert').filter({ hasText: 'Your message was not sent' })).toBeVisible();
  await second.getByRole('textbox', { name: 'Message the agent' }).fill('');
  await sendMessage(second, 'now from the second tab');
  await expect(you(second)).toHaveCount(3);
  await expect(transcript(second).getByRole('article', { name: 'Agent' })).toHaveCount(3);
});
