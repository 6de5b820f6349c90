import { expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';

test('a long answer streamed in many small chunks arrives whole, in order', async ({ page, gemini }) => {
  const pieces = Array.from({ length: 1500 }, (_, index) => `part${index} `);
  gemini.setScript({
    responses: [{ chunks: pieces.map((text, index) => (index === pieces.length - 1 ? { text, finishReason: 'STOP' } : { text })) }],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Stream a long answer');
  const answer = transcript(page).getByRole('article', { name: 'Agent' });
  await expect(answer).toHaveAttribute('aria-busy', 'false');
  await expect(answer).toHaveText(pieces.join('').trim());
});

test('the sources an answer cites are listed after it, as plain text', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      {
        chunks: [
          {
            raw: {
              content: { role: 'model', parts: [{ text: 'The spec says so.' }] },
              finishReason: 'STOP',
              citationMetadata: { citationSources: [{ startIndex: 0, endIndex: 8, uri: 'https://example.org/spec?<b>bold</b>' }] },
            },
          },
        ],
      },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Quote the spec');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('The spec says so.');
  await expect(transcript(page)).toContainText('Citations: https://example.org/spec?<b>bold</b>');
  await expect(transcript(page).locator('b')).toHaveCount(0);
});
