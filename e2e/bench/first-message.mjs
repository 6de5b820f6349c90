#!/usr/bin/env node
// First-message benchmark (issue 14): a person opens the default URL (no query string, so
// WebContainer is tried first) and sends a message the moment the prompt appears. Measures,
// per cold load (a new browser context each): when the prompt appears, when the sandbox is
// chosen (the status names the offline sandbox: no network here, so WebContainer falls back),
// and when the agent's first words are on screen. Prints figures; asserts nothing.
// Run: node e2e/bench/first-message.mjs [--runs 5]
import { argument, figure, launchBrowser, median, startApp } from './lib.mjs';

const RUNS = Math.max(3, Number(argument('runs', 5)));
const app = await startApp();
const browser = await launchBrowser();
const samples = { prompt: [], sandbox: [], reply: [] };
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(app.url, { waitUntil: 'commit' });
    const prompt = page.getByRole('textbox', { name: 'Message the agent' });
    await prompt.fill('hello');
    samples.prompt.push(Date.now() - started);
    await prompt.press('Enter');
    const status = page.getByRole('banner').getByRole('status');
    const agent = page.getByRole('region', { name: 'Transcript' }).getByRole('article', { name: 'Agent' });
    await Promise.all([
      status.filter({ hasText: 'Offline sandbox' }).waitFor({ timeout: 60_000 }).then(() => samples.sandbox.push(Date.now() - started)),
      agent.first().waitFor({ timeout: 60_000 }).then(() => samples.reply.push(Date.now() - started)),
    ]);
    console.log(`  run ${run + 1}: prompt ${samples.prompt.at(-1)} ms, sandbox ${samples.sandbox.at(-1)} ms, first reply ${samples.reply.at(-1)} ms`);
    await context.close();
  }
  figure('Default URL: prompt appears (median)', median(samples.prompt), 'ms');
  figure('Default URL: sandbox chosen, WebContainer unreachable (median)', median(samples.sandbox), 'ms');
  figure('Default URL: message sent at once → first reply on screen', median(samples.reply), 'ms');
} finally {
  await browser.close();
  app.close();
}
