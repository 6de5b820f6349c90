#!/usr/bin/env node
// Share benchmark (issue 12): how large a share link is, and how fast a link opens and replays.
// - the link of each bundled lesson (run on the scripted demo, Allow all) and of a 20-round-trip
//   Gemini session (fake server) that writes 10 files and edits them; its ratio to the JSON;
// - opening that link in a fresh browser: until its transcript is shown, then Replay at
//   Instant: until the first replayed round-trip is played.
// Prints figures; asserts nothing. Run: node e2e/bench/share.mjs [--runs 3]
import { startFakeGemini } from '../fake-gemini/server.mjs';
import { argument, figure, launchBrowser, median, startApp } from './lib.mjs';

const RUNS = Math.max(1, Number(argument('runs', 3)));
const app = await startApp();
const browser = await launchBrowser();
const gemini = await startFakeGemini();

/** A source file of some 1–2 KB, different per index (as a real project's files are). */
function sourceFile(index) {
  const lines = [`// Module ${index}: helpers for part ${index} of the app.`, `export const NAME_${index} = 'part-${index}';`];
  for (let line = 0; line < 40; line++) lines.push(`export function step${index}_${line}(value) { return value * ${line + index} + ${index * 7}; }`);
  return `${lines.join('\n')}\n`;
}

function twentyRoundTrips() {
  const responses = [];
  for (let index = 0; index < 10; index++) {
    responses.push({ chunks: [{ text: `Writing src/part${index}.js.` }, { functionCalls: [{ name: 'write_file', args: { file_path: `src/part${index}.js`, content: sourceFile(index) } }], finishReason: 'STOP' }] });
  }
  for (let index = 0; index < 9; index++) {
    responses.push({ chunks: [{ functionCalls: [{ name: 'edit', args: { file_path: `src/part${index}.js`, old_string: `'part-${index}'`, new_string: `'part-${index}-v2'` } }], finishReason: 'STOP' }] });
  }
  responses.push({ chunks: [{ text: 'Wrote ten modules and renamed nine of them.', finishReason: 'STOP' }] });
  return { responses };
}

async function openShare(page) {
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  const box = dialog.getByRole('textbox', { name: 'Share link' });
  await box.waitFor();
  const link = await box.inputValue();
  const sizeText = await dialog.locator('.share-size').innerText();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const fragment = new URL(link).hash.slice(1);
  const ratio = Number(/packed ([\d.]+)×/.exec(sizeText)?.[1]);
  return { link, fragmentChars: fragment.length, ratio };
}

async function freshPage() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${app.url}?sandbox=offline`);
  await page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first().waitFor();
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  return { context, page };
}

try {
  // Each bundled lesson, run to its end on the scripted demo.
  const { context: lessonContext, page: lessonPage } = await freshPage();
  const lessonNames = await lessonPage.locator('.lessons > button').allInnerTexts();
  await lessonContext.close();
  for (const lesson of lessonNames) {
    const { context, page } = await freshPage();
    await page.locator('.lessons > button', { hasText: lesson }).click();
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden', timeout: 120_000 });
    await page.getByRole('region', { name: 'Transcript' }).getByRole('article', { name: 'Agent' }).last().waitFor();
    const shared = await openShare(page);
    figure(`Lesson "${lesson}": link size`, shared.fragmentChars / 1024, 'KB', '≤ 3');
    figure(`Lesson "${lesson}": JSON / link`, shared.ratio, '×', '≥ 5');
    await context.close();
  }

  // A 20-round-trip Gemini session with 10 files.
  gemini.setScript(twentyRoundTrips());
  const { context, page } = await freshPage();
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('combobox', { name: 'Provider' }).selectOption('Gemini');
  await settings.getByLabel('Gemini API key').fill('bench-key');
  await settings.getByRole('textbox', { name: 'API base URL' }).fill(gemini.url);
  await settings.getByRole('button', { name: 'Save' }).click();
  const box = page.getByRole('textbox', { name: 'Message the agent' });
  await box.fill('Write the ten modules');
  await box.press('Enter');
  await page.getByText('Wrote ten modules and renamed nine of them.').waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden' });
  const shared = await openShare(page);
  await context.close();
  figure('20 round-trips, 10 files: link size', shared.fragmentChars / 1024, 'KB', '≤ 12');
  figure('20 round-trips, 10 files: JSON / link', shared.ratio, '×', '≥ 5');

  const shown = [];
  const firstRoundTrip = [];
  for (let run = 0; run < RUNS; run++) {
    const reader = await browser.newContext();
    const page = await reader.newPage();
    await page.goto(`${app.url}?sandbox=offline`);
    await page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first().waitFor();
    // The app is open: now the link arrives (pasted into the address bar of this tab).
    const started = Date.now();
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, new URL(shared.link).hash);
    await page.getByRole('region', { name: 'Transcript' }).getByText('Wrote ten modules and renamed nine of them.').waitFor();
    shown.push(Date.now() - started);
    const bar = page.getByRole('region', { name: 'Shared session' });
    await bar.getByRole('combobox', { name: 'Speed' }).selectOption('instant');
    const replayStarted = Date.now();
    await bar.getByRole('button', { name: 'Replay' }).click();
    await page.getByRole('toolbar', { name: 'Replay controls' }).getByText(/Round-trip 1 of 20/).waitFor();
    firstRoundTrip.push(Date.now() - replayStarted);
    console.log(`  run ${run + 1}: transcript shown ${shown.at(-1)} ms, first replayed round-trip ${firstRoundTrip.at(-1)} ms`);
    await reader.close();
  }
  figure('Open a link in an open app → transcript shown (median)', median(shown), 'ms', '≤ 500');
  figure('Replay at Instant → first round-trip played (median)', median(firstRoundTrip), 'ms', '≤ 1000');
} finally {
  await gemini.close();
  await browser.close();
  app.close();
}
