import { TEST_KEY, expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';

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

  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  const inspector = page.getByRole('region', { name: 'Loop inspector' });
  await expect(inspector).toContainText('1 interaction(s), 2 round-trip(s)');
  const interaction = inspector.getByRole('region', { name: 'Interaction 1' });
  await expect(interaction.getByText(/calls list_directory/)).toBeVisible();
  await expect(interaction.getByText(/last: user \(result of list_directory\)/)).toBeVisible();

  await interaction.getByRole('button', { name: /Round-trip 1/ }).click();
  await expect(interaction.getByLabel('Raw request')).toContainText('What is in the workspace?');
  await expect(interaction.getByLabel('Raw response')).toContainText('"functionCall"');
  await expect(inspector).not.toContainText(TEST_KEY);
});
