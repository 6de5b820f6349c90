#!/usr/bin/env node
// Embed benchmark (issue 39, part 2): the embedded player's time to first frame. A course page on
// another site (e2e/course-page-server.mjs: http://localhost, no COOP/COEP) gets the embed code of
// a bundled lesson (Share session → Embed code) inserted into its body; the time runs from that
// insertion to the first animation frame in which the player shows the lesson's transcript
// (its first message in the frame's DOM, then the next frame). Cold: a fresh browser context
// (nothing cached); warm: the same code inserted again in that context (the HTTP cache holds the
// app's files; a new player, worker and in-memory database all the same). The frame's own
// document start is printed beside it, which splits the time into the frame's navigation and
// the player's start-up (its code, its worker, the link decoded and opened).
// Prints figures; asserts nothing. Run: node e2e/bench/embed.mjs [--runs 5]
import { startCoursePage } from '../course-page-server.mjs';
import { argument, epochNow, figure, launchBrowser, median, startApp } from './lib.mjs';

const RUNS = Math.max(1, Number(argument('runs', 5)));
const LESSON = 'Build a small web page';
const app = await startApp();
const course = await startCoursePage();
const browser = await launchBrowser();

/** The embed code of the bundled lesson, as a course author copies it. */
async function embedCode() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${app.url}?sandbox=offline`);
  await page.getByRole('combobox', { name: 'Recorded lesson' }).selectOption(LESSON);
  await page.getByRole('button', { name: 'Open recording' }).click();
  await page.getByRole('list', { name: 'Sessions' }).getByText(`Lesson: ${LESSON}`).waitFor();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const box = page.getByRole('dialog', { name: 'Share session' }).getByRole('textbox', { name: 'Embed code' });
  await box.waitFor();
  const code = (await box.inputValue()).replace(' loading="lazy"', ''); // the frame starts on insertion, not when scrolled to
  await context.close();
  return code;
}

/** In every frame: in the player's, the epoch time of the first animation frame after its transcript shows a message. */
function playerProbe() {
  if (!new URLSearchParams(location.search).has('embed')) return;
  const shown = () => document.querySelector('.embed-transcript article');
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__firstFrame = performance.timeOrigin + performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Inserts the code into the course page; the times (ms from insertion) of the frame's document start and of the player's first frame. */
async function insert(host, code, index) {
  const inserted = await host.evaluate(
    ({ html, index }) => {
      const holder = document.createElement('div');
      holder.id = `embed-${index}`;
      holder.innerHTML = html;
      const at = performance.timeOrigin + performance.now();
      document.body.append(holder);
      return at;
    },
    { html: code, index },
  );
  let frame = null;
  while (!frame) {
    frame = (await host.$(`#embed-${index} iframe`).then((element) => element?.contentFrame())) ?? null;
    if (frame && !frame.url().includes('embed')) frame = null;
    if (!frame) await host.waitForTimeout(5);
  }
  const firstFrame = await frame.waitForFunction(() => window.__firstFrame, undefined, { polling: 50, timeout: 60_000 }).then((handle) => handle.jsonValue());
  const documentStart = await frame.evaluate(() => performance.timeOrigin);
  if (!(epochNow() >= firstFrame)) throw new Error('clocks disagree');
  return { firstFrame: firstFrame - inserted, documentStart: documentStart - inserted };
}

const code = await embedCode();
const cold = [];
const warm = [];
for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext();
  await context.addInitScript(playerProbe);
  const host = await context.newPage();
  await host.goto(course.url);
  cold.push(await insert(host, code, 0));
  warm.push(await insert(host, code, 1));
  await context.close();
}

console.log(`Embedded player, time to first frame (${RUNS} runs, median; a course page on another site, the "${LESSON}" lesson):`);
figure('cold: insertion → player shows the lesson', median(cold.map((sample) => sample.firstFrame)), 'ms');
figure('cold: insertion → the frame’s document starts', median(cold.map((sample) => sample.documentStart)), 'ms');
figure('warm (HTTP cache): insertion → player shows the lesson', median(warm.map((sample) => sample.firstFrame)), 'ms');
figure('warm (HTTP cache): insertion → the frame’s document starts', median(warm.map((sample) => sample.documentStart)), 'ms');

await browser.close();
await course.close();
app.close();
