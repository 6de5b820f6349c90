import { expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';

const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });
const verdict = (speaker: 'user' | 'model', reasoning: string) => text(JSON.stringify({ reasoning, next_speaker: speaker }));

test('with the next-speaker check on, each check and its verdict are shown in the transcript', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      text('I will now write the tests.'),
      verdict('model', 'It announced more work.'),
      text('Tests written.'),
      verdict('user', 'The task is complete.'),
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('checkbox', { name: /Next-speaker check/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();

  await sendMessage(page, 'add tests');
  await expect(transcript(page)).toContainText('Next-speaker check: your turn. The task is complete.');
  await expect(transcript(page)).toContainText('Next-speaker check: the model goes on. It announced more work.');
  // The check's JSON answer is a verdict, never an agent message.
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText(['I will now write the tests.', 'Tests written.']);
  expect(gemini.requests()).toHaveLength(4);
});
