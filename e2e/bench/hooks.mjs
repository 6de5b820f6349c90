#!/usr/bin/env node
// Hooks benchmark (issue 37, part 3), on the built app with the fake Gemini and the offline
// sandbox: what the person's hooks add to a run. Each sample is one run of EDITS write_file
// round-trips and a final text, with Settings → Hooks set to one of:
//  - none;
//  - After each edit run `true` (the cheapest command: what running any command costs);
//  - After each edit run `true` and Before stopping run `true` (a check that passes).
// Figures: the whole run, Enter → final text shown (median of each), and the differences: per
// edit for After each edit, once per run for Before stopping; and each command's own time as the
// worker measured it (the hook lines of the cards and the transcript). Runs alternate between the three.
// Prints figures; asserts nothing. Run: node e2e/bench/hooks.mjs [--samples 9] [--edits 10]
// LOOPSCOPE_DIST=/tmp/some-build serves another build than dist/.
import { argument, figure, median, openAppOnGemini, reply, sendMessage, startLoopRig, waitForAgentText } from './lib.mjs';

const SAMPLES = Number(argument('samples', 9));
const EDITS = Number(argument('edits', 10));

const CONFIGS = [
  { name: 'none', afterEdit: '', beforeStop: '' },
  { name: 'after-edit', afterEdit: 'true', beforeStop: '' },
  { name: 'both', afterEdit: 'true', beforeStop: 'true' },
];

async function setHooks(page, { afterEdit, beforeStop }) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'After each edit run' }).fill(afterEdit);
  await dialog.getByRole('textbox', { name: 'Before stopping run' }).fill(beforeStop);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** One run; resolves with Enter → final text shown (ms). */
async function sample(page, fake, config, index) {
  const finalText = `Finished ${config.name} run ${index}.`;
  const edits = Array.from({ length: EDITS }, (_, edit) => reply({ calls: [{ name: 'write_file', args: { file_path: `f${edit}.txt`, content: `${index}\n` } }] }));
  fake.setScript({ responses: [...edits, reply({ text: finalText })] });
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('region', { name: 'Transcript' }).getByText('Ask the agent to build or fix something.').waitFor();
  const shown = page.evaluate(
    (text) => window.__bench.when(() => [...document.querySelectorAll('[aria-label="Transcript"] article[aria-label="Agent"]')].some((article) => article.textContent?.includes(text)), 120_000),
    finalText,
  );
  const enterAt = await sendMessage(page, `write ${EDITS} files (${index})`);
  const doneAt = await shown;
  await waitForAgentText(page, finalText);
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });
  // Each run's own time, as the worker measured it around the command (the cards' and the transcript's hook lines).
  const lines = await page.getByRole('region', { name: 'Transcript' }).getByText(/^Hook "/).allTextContents();
  const hookMs = (hook) => lines.filter((line) => line.startsWith(`Hook "${hook}"`)).map((line) => Number(/, (\d+) ms/.exec(line)?.[1] ?? Number.NaN));
  const afterEditMs = hookMs('After each edit run');
  if (config.afterEdit && afterEditMs.length !== EDITS) console.log(`    sample ${index} (${config.name}): ${afterEditMs.length} cards with a hook run, not ${EDITS}`);
  return { run: doneAt - enterAt, afterEditMs, beforeStopMs: hookMs('Before stopping run') };
}

const rig = await startLoopRig();
try {
  const page = await openAppOnGemini(rig.browser, rig.app.url, rig.fake);
  const times = new Map(CONFIGS.map((config) => [config.name, []]));
  // One run of each first, not counted: the worker's paths and the sandbox's shell warm up.
  for (let index = 0; index <= SAMPLES; index++) {
    for (const config of CONFIGS) {
      await setHooks(page, config);
      const result = await sample(page, rig.fake, config, index);
      if (index > 0) times.get(config.name).push(result);
    }
  }
  console.log(`\n${SAMPLES} runs each, alternating; ${EDITS} write_file round-trips then a text per run, offline sandbox`);
  const runs = (name) => times.get(name).map((result) => result.run);
  const none = median(runs('none'));
  const afterEdit = median(runs('after-edit'));
  const both = median(runs('both'));
  figure('run: Enter → final text shown (median), no hooks', none, 'ms');
  figure('run: the same with After each edit run `true`', afterEdit, 'ms');
  figure('extra time After each edit adds per edit', (afterEdit - none) / EDITS, 'ms');
  figure('run: the same with Before stopping run `true` too', both, 'ms');
  figure('extra time a passing Before stopping adds to the run', both - afterEdit, 'ms');
  figure('After each edit `true`: its run as the worker timed it (median)', median(times.get('both').concat(times.get('after-edit')).flatMap((result) => result.afterEditMs)), 'ms');
  figure('Before stopping `true`: its run as the worker timed it (median)', median(times.get('both').flatMap((result) => result.beforeStopMs)), 'ms');
} finally {
  rig.stopRecording();
  await rig.browser.close();
  rig.app.close();
  await rig.fake.close();
}
