#!/usr/bin/env node
// Fork from here (issue 26): on the built app with the fake Gemini answering at once and Allow
// all, builds a session of N round-trips (default 200: each a read_file, every tenth a
// write_file, so the fork has checkpoints to undo), then clicks Fork from here on the tool card
// of round-trip N/2 and times the click → the fork's transcript on screen (its link back shown
// and its last card the one forked at), and the longest main-thread task meanwhile. Three forks,
// each from the source session. Prints figures; asserts nothing.
// Run: node e2e/bench/fork.mjs [--round-trips 200]
import { allowAll, argument, figure, launchBrowser, median, openApp, pageProbes, reply, sendMessage, startApp, useGemini, waitForAgentText } from './lib.mjs';
import { startFakeGemini } from '../fake-gemini/server.mjs';

const ROUND_TRIPS = Number(argument('round-trips', 200));
const AT = Math.floor(ROUND_TRIPS / 2);

const app = await startApp();
const fake = await startFakeGemini({ port: 0 });
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => console.log(`    page error: ${error.message}`));
  await page.addInitScript(pageProbes);
  await openApp(page, app.url);
  await useGemini(page, fake);
  await allowAll(page);

  const responses = [];
  for (let index = 1; index < ROUND_TRIPS; index++) {
    const call =
      index % 10 === 1
        ? { name: 'write_file', args: { file_path: `notes/${index}.txt`, content: `note ${index}\n` } }
        : { name: 'read_file', args: { file_path: `notes/${index - (index % 10) + 1}.txt`, start_line: 1, end_line: index } };
    responses.push(reply({ calls: [call] }));
  }
  responses.push(reply({ text: 'All done.' }));
  fake.setScript({ responses });
  const built = Date.now();
  await sendMessage(page, 'Write and read the notes');
  await waitForAgentText(page, 'All done.', 600_000);
  console.log(`Built a session of ${ROUND_TRIPS} round-trips in ${((Date.now() - built) / 1000).toFixed(1)} s.`);
  const source = page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: 'Write and read the notes', exact: true }).first();

  const times = [];
  const longest = [];
  for (let run = 0; run < 3; run++) {
    if (run > 0) {
      await source.click();
      await waitForAgentText(page, 'All done.');
    }
    // A reopened long session shows its tail first: the whole transcript, so the card is the one at round-trip AT.
    for (let more = page.getByRole('button', { name: /^Show earlier/ }); await more.isVisible(); ) await more.click();
    await page.evaluate(() => window.__bench.quiet(300));
    // The AT-th tool card (cards of read_file and write_file; the You message is not a tool card).
    const card = page.locator('[aria-label="Transcript"] article.tool-card').nth(AT - 1);
    await card.scrollIntoViewIfNeeded();
    const shown = page.evaluate(
      (count) =>
        window.__bench.when(() => {
          if (!document.querySelector('.fork-origin')) return false;
          return document.querySelectorAll('[aria-label="Transcript"] article.tool-card').length === count;
        }, 60_000),
      AT,
    );
    await card.getByRole('button', { name: 'Fork from here' }).click();
    const at = await shown;
    const clicked = await page.evaluate(() => window.__bench.marks.pointerdown);
    times.push(at - clicked);
    longest.push(await page.evaluate((since) => Math.max(0, ...window.__bench.longTasks.filter((task) => task.start >= since).map((task) => task.duration)), clicked));
  }
  figure(`Fork at round-trip ${AT} of ${ROUND_TRIPS}: click → fork's transcript shown (median of 3)`, median(times), 'ms', '≤ 500');
  figure('  each', times.map((time) => Math.round(time)).join(', '), 'ms');
  figure('  longest main-thread task meanwhile (median)', median(longest), 'ms');
} finally {
  await browser.close();
  await fake.close();
  app.close();
}
