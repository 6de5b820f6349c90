/**
 * Gemini's own URL context tool (issue 25): offered beside our functions on a Gemini 3 model when
 * Settings say so; what Gemini read on its servers is one line of text in the transcript, kept
 * in the history and sent back exactly with the next request.
 */
import { expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';

const url = 'https://docs.example/guide?<b>x</b>';
const toolCall = { id: 'srv-1', toolType: 'URL_CONTEXT', args: { urls: [url] } };
const toolResponse = { id: 'srv-1', toolType: 'URL_CONTEXT', response: { status: 'URL_RETRIEVAL_STATUS_SUCCESS' } };

interface SentBody {
  contents: { role: string; parts: Record<string, unknown>[] }[];
  tools?: Record<string, unknown>[];
  toolConfig?: Record<string, unknown>;
}

test('with URL context ticked on a Gemini 3 model, Gemini reads a page itself: one line says so, and the next request sends it back', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({
    responses: [
      { chunks: [{ raw: { content: { role: 'model', parts: [{ toolCall }, { toolResponse }, { text: 'The guide says hi.' }] }, finishReason: 'STOP' } }] },
      { chunks: [{ text: 'You are welcome.', finishReason: 'STOP' }] },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'Model' }).fill('gemini-3-flash-preview');
  const box = dialog.getByRole('checkbox', { name: 'Let Gemini read web pages itself (URL context)' });
  await expect(box).not.toBeChecked();
  await box.check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await sendMessage(page, `Read ${url}`);
  const line = `Gemini read ${url} on its own servers (URL context).`;
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('The guide says hi.');
  await expect(transcript(page)).toContainText(line);
  await expect(transcript(page).locator('b')).toHaveCount(0);
  const first = gemini.requests().at(-1)!;
  expect(first.model).toBe('gemini-3-flash-preview');
  const firstBody = first.body as SentBody;
  expect(firstBody.tools?.[0]).toMatchObject({ urlContext: {} });
  expect(firstBody.toolConfig).toEqual({ includeServerSideToolInvocations: true });

  await sendMessage(page, 'Thanks');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('You are welcome.');
  const second = gemini.requests().at(-1)!.body as SentBody;
  expect(second.contents[1]!.role).toBe('model');
  expect(second.contents[1]!.parts.slice(0, 2)).toEqual([{ toolCall }, { toolResponse }]);

  await page.reload();
  await expect(transcript(page)).toContainText(line);
  expect(pageErrors).toEqual([]);
});

test('left unticked (the default), URL context is not offered', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ chunks: [{ text: 'Hi.', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Hello');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('Hi.');
  const body = gemini.requests().at(-1)!.body as SentBody;
  expect(JSON.stringify(body.tools)).not.toContain('urlContext');
  expect(body.toolConfig).toBeUndefined();
});
