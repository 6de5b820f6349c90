#!/usr/bin/env node
// Steering benchmark (issue 37), on the built app with the fake Gemini: what a steering message
// adds to a run. Each sample is one run of two requests: the first answers with a list_directory
// call, held by the fake until released, the second with a final text. With steering, a message
// is sent (Enter) while the first answer is held, so it joins at the boundary after the call's
// result (stored as its own history entry, then carried by the second request). Figures:
//  - the boundary: the server's last byte of answer 1 → request 2 logged (median), with and without
//    a steering message, and the difference (what the message adds there);
//  - the whole run: release → final text shown (median), with and without, and the difference;
//  - Enter on the steering message → "Waiting to steer" shown (median).
// Prints figures; asserts nothing. Run: node e2e/bench/steering.mjs [--samples 15]
// LOOPSCOPE_DIST=/tmp/some-build serves another build than dist/.
import { argument, figure, median, openAppOnGemini, reply, sendMessage, startLoopRig, waitForAgentText } from './lib.mjs';

const SAMPLES = Number(argument('samples', 15));

const heldCall = {
  holdBefore: 1,
  chunks: [{ text: 'Looking.' }, { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }], finishReason: 'STOP' }],
};

async function waitForHold(fake) {
  for (let turn = 0; turn < 2000 && fake.held() === 0; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** One run; resolves with its boundary gap, its release → final text time and, when steering, Enter → waiting shown. */
async function sample(page, rig, index, steer) {
  const { fake, arrivals, responseEnds } = rig;
  const finalText = `Finished ${steer ? 'steered' : 'plain'} run ${index}.`;
  fake.setScript({ responses: [heldCall, reply({ text: finalText })] });
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('region', { name: 'Transcript' }).getByText('Ask the agent to build or fix something.').waitFor();
  const first = fake.requests().length;
  await sendMessage(page, `list the files (${index})`);
  await waitForHold(fake);
  let waitingShown = Number.NaN;
  if (steer) {
    const waiting = page.evaluate(() =>
      window.__bench.when(() => [...document.querySelectorAll('[aria-label="Transcript"] article[aria-label="You"]')].some((article) => article.textContent?.includes('Waiting to steer')), 30_000),
    );
    const enterAt = await sendMessage(page, 'only the top level, please');
    waitingShown = (await waiting) - enterAt;
  }
  const endsBefore = responseEnds.length;
  const shown = page.evaluate(
    (text) => window.__bench.when(() => [...document.querySelectorAll('[aria-label="Transcript"] article[aria-label="Agent"]')].some((article) => article.textContent?.includes(text)), 60_000),
    finalText,
  );
  const releasedAt = await page.evaluate(() => window.__bench.epoch());
  fake.release();
  const doneAt = await shown;
  await waitForAgentText(page, finalText);
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });
  const answerEnd = responseEnds.slice(endsBefore).find((entry) => entry.url.includes(':streamGenerateContent'))?.calledAt ?? Number.NaN;
  const secondLogged = arrivals.stamps[first + 1] ?? Number.NaN;
  const carried = JSON.stringify(fake.requests()[first + 1]?.body ?? '').includes('only the top level, please');
  if (steer && !carried) console.log(`    sample ${index}: the second request did not carry the steering message`);
  return { boundary: secondLogged - answerEnd, run: doneAt - releasedAt, waitingShown };
}

const rig = await startLoopRig();
try {
  const page = await openAppOnGemini(rig.browser, rig.app.url, rig.fake);
  // One run of each first, not counted: Monaco, the inspector's code and the worker's paths warm up.
  await sample(page, rig, 0, false);
  await sample(page, rig, 0, true);
  const plain = [];
  const steered = [];
  for (let index = 1; index <= SAMPLES; index++) {
    plain.push(await sample(page, rig, index, false));
    steered.push(await sample(page, rig, index, true));
  }
  console.log(`\n${SAMPLES} runs each, alternating; two requests per run (a list_directory call, then a text)`);
  const boundaryPlain = median(plain.map((entry) => entry.boundary));
  const boundarySteered = median(steered.map((entry) => entry.boundary));
  figure('boundary: answer 1 last byte → request 2 (median), no steering', boundaryPlain, 'ms');
  figure('boundary: the same with a steering message joining there', boundarySteered, 'ms');
  figure('extra time a steering message adds at its boundary', boundarySteered - boundaryPlain, 'ms');
  const runPlain = median(plain.map((entry) => entry.run));
  const runSteered = median(steered.map((entry) => entry.run));
  figure('run: release → final text shown (median), no steering', runPlain, 'ms');
  figure('run: the same with a steering message', runSteered, 'ms');
  figure('extra time a steering message adds to the run', runSteered - runPlain, 'ms');
  figure('Enter on a steering message → "Waiting to steer" shown (median)', median(steered.map((entry) => entry.waitingShown)), 'ms');
} finally {
  rig.stopRecording();
  await rig.browser.close();
  rig.app.close();
  await rig.fake.close();
}
