import { TEST_KEY, expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';

const writeHello = {
  chunks: [
    { text: 'I will create the file.' },
    { functionCalls: [{ name: 'write_file', args: { file_path: 'hello.txt', content: 'Hello from Gemini\n' } }], finishReason: 'STOP' },
  ],
};

test('Gemini: write_file asks, Allow once writes the file into the tree and editor, and the answer shows', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({ responses: [writeHello, { chunks: [{ text: 'Created hello.txt.', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Create hello.txt');

  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toBeVisible();
  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('awaiting approval');
  await expect(approval).toContainText('Hello from Gemini');
  await approval.getByRole('button', { name: 'Allow once' }).click();

  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('success');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Created hello.txt.');
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'hello.txt' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name: 'hello.txt' })).toBeVisible();
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('Hello from Gemini');

  const requests = gemini.requests();
  expect(requests).toHaveLength(2);
  expect(requests.every((request) => request.apiKey === TEST_KEY)).toBe(true);
  expect(pageErrors).toEqual([]);
});

test('Gemini: Deny cancels the call and the model is not asked again', async ({ page, gemini }) => {
  gemini.setScript({ responses: [writeHello, { chunks: [{ text: 'should not be requested', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Create hello.txt');
  await page.getByRole('region', { name: 'Approval required' }).getByRole('button', { name: 'Deny' }).click();

  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('cancelled');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(transcript(page)).toContainText('Request cancelled.');
  expect(gemini.requests()).toHaveLength(1);
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem')).toHaveCount(0);
  await expect(toolCard(page, 'write_file hello.txt')).toBeVisible();
});

test('Gemini: a 401 shows an alert that names the API key', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      {
        status: 401,
        body: { error: { code: 401, message: 'API key not valid. Please pass a valid API key.', status: 'UNAUTHENTICATED' } },
      },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini, { key: 'wrong-key' });
  await sendMessage(page, 'hello');
  const alert = transcript(page).getByRole('alert');
  await expect(alert).toContainText(/API key/i);
  await expect(alert).not.toContainText('wrong-key');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  // Nothing typed is lost: the prompt is in the transcript and stays in history.
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveText('hello');
});

test('Gemini: in Plan (read-only) mode an edit is refused without asking, and the model is told it is planning', async ({ page, gemini }) => {
  gemini.setScript({ responses: [writeHello, { chunks: [{ text: 'Here is my plan instead.', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Plan (read-only)');
  await sendMessage(page, 'Create hello.txt');

  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Here is my plan instead.');
  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('error');
  await expect(toolCard(page, 'write_file hello.txt')).toContainText('plan (read-only) mode');
  await expect(page.getByRole('region', { name: 'Approval required' })).toHaveCount(0);
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem')).toHaveCount(0);
  const answer = JSON.stringify(gemini.requests()[1]?.body);
  expect(answer).toContain('plan (read-only) mode');
  expect(answer).toContain('present your plan');
});

test('Gemini: a double-click on Allow once answers one call, never the next card that takes its place', async ({ page, gemini }) => {
  const write = (path: string) => ({ name: 'write_file', args: { file_path: path, content: 'same length\n' } });
  gemini.setScript({
    responses: [
      { chunks: [{ functionCalls: [write('one.txt'), write('two.txt')], finishReason: 'STOP' }] },
      { chunks: [{ text: 'Done.', finishReason: 'STOP' }] },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Create two files');

  const approval = page.getByRole('region', { name: 'Approval required' });
  const allow = approval.getByRole('button', { name: 'Allow once' });
  await expect(approval).toContainText('one.txt');
  await expect(allow).not.toHaveAttribute('aria-disabled', 'true');
  // The second click of a double-click lands on the card that replaced the first: click it
  // the moment it appears (in the page, so a loaded machine cannot stretch the gap).
  const secondClick = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          const card = document.querySelector('section[aria-label="Approval required"]');
          if (!card?.textContent?.includes('two.txt')) return;
          observer.disconnect();
          [...card.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Allow once')?.click();
          resolve();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
  );
  await allow.click();
  await secondClick;
  await page.waitForTimeout(200);
  await expect(statusOf(page, 'write_file two.txt')).toHaveText('awaiting approval');
  await expect(statusOf(page, 'write_file one.txt')).toHaveText('scheduled');
  await allow.click();
  await expect(statusOf(page, 'write_file one.txt')).toHaveText('success');
  await expect(statusOf(page, 'write_file two.txt')).toHaveText('success');
});

test('Gemini: an approval card does not take the focus from the prompt, so typing never answers it', async ({ page, gemini }) => {
  gemini.setScript({ responses: [writeHello, { chunks: [{ text: 'Created hello.txt.', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Create hello.txt');
  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toBeVisible();
  await expect(approval.getByRole('button', { name: 'Allow once' })).not.toHaveAttribute('aria-disabled', 'true');
  // The person goes on typing a follow-up in the prompt, spaces and Enter included.
  await page.keyboard.type('and then add a test');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toBeFocused();
  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('awaiting approval');
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('success');
});

test('Gemini: a key pasted with surrounding spaces is saved trimmed, so an error that echoes it never shows it', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [{ status: 400, body: { error: { code: 400, message: `Request with key ${TEST_KEY} is malformed`, status: 'INVALID_ARGUMENT' } } }],
  });
  await openApp(page);
  await useGemini(page, gemini, { key: `  ${TEST_KEY}\n` });
  await sendMessage(page, 'hello');
  const alert = transcript(page).getByRole('alert');
  await expect(alert).toContainText('[API key]');
  await expect(alert).not.toContainText(TEST_KEY);
  expect(gemini.requests().map((request) => request.apiKey)).toEqual([TEST_KEY]);
});
