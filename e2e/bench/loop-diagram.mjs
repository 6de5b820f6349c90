#!/usr/bin/env node
// Loop diagram benchmark (issue 39): the longest main-thread task while a replay at Instant
// plays with the Loop inspector's Diagram shown (its lit state follows every step, its counts
// every stored round-trip), beside the same replay with the inspector's List shown (what the
// inspector costs without the Diagram) and with the Editor shown (no inspector).
// The session: a Gemini session (fake server) of ROUND_TRIPS round-trips, each a list_directory
// call and a read_file of a missing file (a success and an error; neither asks, so the replay
// runs alone), then a text. Shared as a link, opened in a fresh browser per run, runs alternated.
// Prints figures; asserts nothing. Run: node e2e/bench/loop-diagram.mjs [--runs 3] [--round-trips 30]
import { startFakeGemini } from '../fake-gemini/server.mjs';
import { argument, figure, launchBrowser, median, openApp, pageProbes, startApp, useGemini, allowAll, sendMessage } from './lib.mjs';

const RUNS = Math.max(1, Number(argument('runs', 3)));
const ROUND_TRIPS = Math.max(1, Number(argument('round-trips', 30)));
const app = await startApp();
const browser = await launchBrowser();
const gemini = await startFakeGemini();

function script() {
  const responses = [];
  for (let index = 0; index < ROUND_TRIPS; index++) {
    responses.push({
      chunks: [
        { text: `Step ${index}: looking around.` },
        { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }, { name: 'read_file', args: { file_path: `missing-${index}.txt` } }], finishReason: 'STOP' },
      ],
    });
  }
  responses.push({ chunks: [{ text: 'Looked around enough.', finishReason: 'STOP' }] });
  return { responses };
}

/** Records the session on the fake Gemini and returns its share link. */
async function recordLink() {
  gemini.setScript(script());
  const context = await browser.newContext();
  const page = await context.newPage();
  await openApp(page, app.url);
  await useGemini(page, gemini);
  await allowAll(page);
  await sendMessage(page, 'Look around').catch(() => undefined);
  await page.getByText('Looked around enough.').waitFor({ timeout: 180_000 });
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Share' }).click();
  const box = page.getByRole('dialog', { name: 'Share session' }).getByRole('textbox', { name: 'Share link' });
  await box.waitFor();
  const link = await box.inputValue();
  await context.close();
  return link;
}

/** Opens the link in a fresh browser, shows the Diagram or the List (or leaves the Editor), replays at Instant; the longest task from Replay to the end. */
async function replay(link, view) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`    page error: ${error.message}`));
  await page.addInitScript(pageProbes);
  await openApp(page, app.url);
  await page.evaluate((hash) => (window.location.hash = hash), new URL(link).hash);
  await page.getByRole('region', { name: 'Transcript' }).getByText('Looked around enough.').waitFor({ timeout: 60_000 });
  if (view !== 'editor') {
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
    const inspector = page.getByRole('region', { name: 'Loop inspector' });
    if (view === 'diagram') {
      await inspector.getByRole('tab', { name: 'Diagram' }).click();
      await inspector.getByRole('list', { name: 'Loop states' }).waitFor();
    } else await inspector.getByRole('region', { name: 'Interaction 1' }).waitFor();
  }
  const bar = page.getByRole('region', { name: 'Shared session' });
  await bar.getByRole('combobox', { name: 'Speed' }).selectOption('instant');
  await page.evaluate(() => window.__bench.quiet(300));
  const started = await page.evaluate(() => window.__bench.epoch());
  await bar.getByRole('button', { name: 'Replay' }).click();
  await bar.getByRole('status').filter({ hasText: 'Replay finished' }).waitFor({ timeout: 180_000 });
  const ended = await page.evaluate(() => window.__bench.epoch());
  const tasks = await page.evaluate((from) => window.__bench.longTasks.filter((task) => task.start >= from).map((task) => task.duration), started);
  const lit = view === 'diagram' ? await page.getByRole('list', { name: 'Loop states' }).locator('[aria-current="step"]').innerText() : '';
  await context.close();
  return { longest: tasks.length ? Math.max(...tasks) : 0, tasks: tasks.length, total: ended - started, lit };
}

try {
  const link = await recordLink();
  const runs = { diagram: [], list: [], editor: [] };
  const order = ['diagram', 'list', 'editor'];
  for (let run = 0; run < RUNS; run++) {
    for (const view of [...order.slice(run % 3), ...order.slice(0, run % 3)]) {
      const result = await replay(link, view);
      runs[view].push(result);
      console.log(`  run ${run + 1}, ${view.padEnd(7)}: longest task ${Math.round(result.longest)} ms, ${result.tasks} long task(s), replay ${Math.round(result.total)} ms${result.lit ? `, lit at the end: ${result.lit}` : ''}`);
    }
  }
  const longest = (view) => median(runs[view].map((run) => run.longest));
  const total = (view) => median(runs[view].map((run) => run.total));
  figure(`Replay at Instant (${ROUND_TRIPS} round-trips), Diagram shown: longest task`, longest('diagram'), 'ms', '≤ 50');
  figure('Same, the inspector\'s List shown: longest task', longest('list'), 'ms');
  figure('Same, Editor shown: longest task', longest('editor'), 'ms');
  figure('Replay at Instant, Diagram shown: Replay → finished', total('diagram'), 'ms');
  figure('Same, List shown: Replay → finished', total('list'), 'ms');
  figure('Same, Editor shown: Replay → finished', total('editor'), 'ms');
} finally {
  await gemini.close();
  await browser.close();
  app.close();
}
