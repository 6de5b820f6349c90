import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';

const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });
const call = (name: string, args: Record<string, unknown>, finishReason = 'STOP') => ({
  chunks: [{ functionCalls: [{ name, args }], finishReason }],
});

test('a 429 is retried, the retry is shown, and the answer arrives', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      { status: 429, headers: { 'Retry-After': '1' }, body: { error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } } },
      text('Recovered after the rate limit.'),
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'hello');
  await expect(transcript(page)).toContainText(/Retrying \(attempt 1 of \d+\)/);
  // Also announced in the status line while the retry waits (Retry-After: 1 s).
  await expect(page.getByRole('status').filter({ hasText: /Retrying \(attempt 1 of \d+\)/ })).toBeVisible();
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('Recovered after the rate limit.');
  expect(gemini.requests()).toHaveLength(2);
});

test('a connection dropped before the first chunk is replayed', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ drop: 'after-headers' }, text('Second try worked.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'hello');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('Second try worked.');
  await expect(transcript(page)).toContainText('Retrying');
  expect(gemini.requests()).toHaveLength(2);
});

test('a connection dropped after the first chunk is not replayed: the text stays once and an alert says what happened', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ drop: 'after-first-chunk', chunks: [{ text: 'partial answer' }, { text: ' never sent' }] }, text('unused')] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'hello');
  await expect(transcript(page).getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(transcript(page).getByText('partial answer')).toHaveCount(1);
  expect(gemini.requests()).toHaveLength(1);
});

test('five identical calls stop the loop after four executions, with an offer to disable detection', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ repeat: 5, response: call('read_file', { file_path: 'same.txt' }) }, text('should not be reached')] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'read it');
  const alert = transcript(page).getByRole('alert');
  await expect(alert).toContainText('Loop detected');
  await expect(alert.getByRole('button', { name: 'Disable loop detection for this session' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  expect(gemini.requests()).toHaveLength(5);
  // Four ran (the file does not exist, so they end in error); the fifth has a card saying it never ran.
  const cards = toolCard(page, 'read_file same.txt');
  await expect(cards).toHaveCount(5);
  await expect(cards.locator('[data-status="error"]')).toHaveCount(5);
  await expect(cards.last()).toContainText('not executed: loop detected');
  await expect(cards.filter({ hasText: 'not executed: loop detected' })).toHaveCount(1);
  const fifth = JSON.stringify(gemini.requests()[4]?.body);
  expect(fifth.match(/functionResponse/g)).toHaveLength(4);
});

test('Disable loop detection lets the next prompt repeat a call five times', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      { repeat: 5, response: call('read_file', { file_path: 'same.txt' }) },
      { repeat: 5, response: call('read_file', { file_path: 'same.txt' }) },
      text('Read it five times on purpose.'),
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'read it');
  const alert = transcript(page).getByRole('alert');
  await expect(alert).toContainText('Loop detected');
  await alert.getByRole('button', { name: 'Disable loop detection for this session' }).click();
  await expect(transcript(page)).toContainText('Loop detection is off for this session.');
  await expect(alert.getByRole('button', { name: 'Disable loop detection for this session' })).toHaveCount(0);

  await sendMessage(page, 'read it five times, I mean it');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Read it five times on purpose.');
  // Five from the first prompt (the fifth not run), five that all ran in the second.
  await expect(toolCard(page, 'read_file same.txt')).toHaveCount(10);
  await expect(toolCard(page, 'read_file same.txt').filter({ hasText: 'not executed: loop detected' })).toHaveCount(1);
  await expect(transcript(page).getByRole('alert').filter({ hasText: 'Loop detected' })).toHaveCount(1);
  expect(gemini.requests()).toHaveLength(11);
});

test('a truncated write is rejected before any approval is asked', async ({ page, gemini }) => {
  gemini.setScript({ responses: [call('write_file', { file_path: 'big.txt', content: 'half of it' }, 'MAX_TOKENS'), text('I will split it.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'write a big file');
  await expect(statusOf(page, 'write_file big.txt')).toHaveText('error');
  await expect(toolCard(page, 'write_file big.txt')).toContainText('truncated');
  await expect(page.getByRole('region', { name: 'Approval required' })).toHaveCount(0);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('I will split it.');
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem')).toHaveCount(0);
});

test('an unknown tool name is answered with a suggestion', async ({ page, gemini }) => {
  gemini.setScript({ responses: [call('reed_file', { file_path: 'a.txt' }), text('Sorry, wrong name.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'read a.txt');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Sorry, wrong name.');
  const body = JSON.stringify(gemini.requests()[1]?.body);
  expect(body).toContain('Tool \\"reed_file\\" not found');
  expect(body).toContain('read_file');
  await expect(statusOf(page, 'reed_file a.txt')).toHaveText('error');
});

test('a reload while a tool awaits approval offers Continue, which closes the call and goes on', async ({ page, gemini }) => {
  gemini.setScript({ responses: [call('write_file', { file_path: 'x.txt', content: 'x' }), text('Picked up where we left off.')] });
  await openApp(page);
  await useGemini(page, gemini, { remember: true });
  await sendMessage(page, 'write x');
  await expect(page.getByRole('region', { name: 'Approval required' })).toBeVisible();
  await page.reload();
  await openApp(page);
  const resume = page.getByRole('button', { name: 'Continue' });
  await expect(resume).toBeVisible();
  // Nothing runs by itself after the reload.
  expect(gemini.requests()).toHaveLength(1);
  await resume.click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Picked up where we left off.');
  expect(gemini.requests()).toHaveLength(2);
  const lastRequest = JSON.stringify(gemini.requests()[1]?.body);
  expect(lastRequest).toContain('not recorded');
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveCount(1);
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem')).toHaveCount(0);
});
