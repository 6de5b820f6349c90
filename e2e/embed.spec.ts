/**
 * Embedding a lesson in a course page (issue 39, part 2): Share session's embed code, pasted
 * into a page on another site that sends no COOP/COEP, shows the session in a replay-only
 * player that plays it to the end by keyboard: the recorded results, no approval, no tool run,
 * with its caption and the Diagram, and Open in Loopscope opens the full app with the session.
 * The full app itself refuses to be framed by another site. On the default URL and offline.
 */
import type { Browser, FrameLocator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { startCoursePage } from './course-page-server.mjs';
import type { CoursePage } from './course-page-server.mjs';
import { expect, openApp, test, transcript } from './fixtures';

const LESSON = 'Build a small web page';
const NOTE = 'Watch the agent write the page before it looks at the folder.';
const PLAYER = 'iframe[title="Loopscope session replay"]';

let course: CoursePage;
test.beforeAll(async () => {
  course = await startCoursePage();
});
test.afterAll(async () => {
  await course.close();
});

/** Opens the recorded lesson, notes its first message and takes the embed code from Share session. */
async function embedCodeOfLesson(page: Page, query: string): Promise<string> {
  await openApp(page, query);
  await page.getByRole('combobox', { name: 'Recorded lesson' }).selectOption(LESSON);
  await page.getByRole('button', { name: 'Open recording' }).click();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText(`Lesson: ${LESSON}`)).toBeVisible();
  await transcript(page).getByRole('article', { name: 'You' }).first().getByRole('button', { name: 'Add note' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill(NOTE);
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(transcript(page).getByRole('note')).toHaveText(NOTE);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  const code = dialog.getByRole('textbox', { name: 'Embed code' });
  await expect(code).toHaveValue(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?(sandbox=offline&amp;)?embed#session=[^"]+" title="Loopscope session replay"[^>]*><\/iframe>$/);
  await dialog.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(dialog.getByRole('status')).toContainText(/Embed code copied|embed code is selected/);
  const value = await code.inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return value;
}

/** A fresh browser (nothing stored) on the course page holding the embed code. */
async function openCoursePage(browser: Browser, code: string): Promise<{ host: Page; player: FrameLocator; close: () => Promise<void> }> {
  course.setBody(code);
  const context = await browser.newContext();
  const host = await context.newPage();
  await host.goto(course.url);
  return { host, player: host.frameLocator(PLAYER), close: () => context.close() };
}

for (const [where, query] of [
  ['default URL', ''],
  ['offline', 'sandbox=offline'],
] as const) {
  test(`${where}: a course page on another site embeds a lesson, which plays to the end by keyboard with the recorded results, running no tools`, async ({ page, browser }) => {
    const code = await embedCodeOfLesson(page, query);
    const { host, player, close } = await openCoursePage(browser, code);
    const errors: string[] = [];
    host.on('pageerror', (error) => errors.push(error.message));
    expect(await host.evaluate(() => crossOriginIsolated)).toBe(false); // the course page sends no COOP/COEP

    await expect(player.getByRole('heading', { name: LESSON })).toBeVisible();
    await expect(player.getByRole('note').filter({ hasText: 'Replay only' })).toContainText('nothing runs in this player');
    const open = player.getByRole('link', { name: 'Open in Loopscope' });
    const appAddress = await open.getAttribute('href');
    expect(appAddress).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${query ? `\\?${query}` : ''}#session=`));
    const cards = player.getByRole('region', { name: 'Transcript' }).getByRole('article', { name: /^write_file / });
    await expect(cards).toHaveCount(2); // the recording as it ended

    // By keyboard: Speed, then Replay.
    const controls = player.getByRole('toolbar', { name: 'Replay controls' });
    await controls.getByRole('combobox', { name: 'Speed' }).selectOption('2');
    await controls.getByRole('button', { name: 'Replay' }).focus();
    await host.keyboard.press('Enter');
    await expect(player.getByRole('region', { name: 'Caption' })).toHaveText(NOTE);
    await expect(player.getByRole('region', { name: 'Replay' }).getByRole('status').filter({ hasText: 'Replay finished' })).toHaveText('Replay finished: round-trip 3 of 3.');
    // Every call answered from the recording: no approval was asked, and the cards say so.
    await expect(player.getByRole('region', { name: 'Approval required' })).toHaveCount(0);
    const playedCards = player.getByRole('region', { name: 'Transcript' }).getByRole('article', { name: /^(write_file|list_directory) / });
    await expect(playedCards).toHaveCount(3);
    // Each card named as the recording named it (the tool's own summary), not by the stand-in.
    for (const name of ['write_file index.html', 'write_file style.css']) await expect(player.getByRole('region', { name: 'Transcript' }).getByRole('article', { name, exact: true })).toBeVisible();
    for (const card of await playedCards.all()) {
      await expect(card.locator('[data-status]')).toHaveText('success');
      await expect(card).toContainText('(recorded; nothing runs in this player)');
    }
    const states = player.getByRole('region', { name: 'Diagram' }).getByRole('list', { name: 'Loop states' });
    // The replay's loop, counted from its own round-trips (the replay starts the session over).
    await expect(states.locator('[aria-current="step"]')).toHaveText('End: 1 time, last by completed');
    await expect(states.getByRole('listitem').filter({ hasText: /^Model request:/ })).toHaveText('Model request: 3 times; then Streaming 3');
    await expect(host.getByRole('heading', { name: 'Lesson 3: the agent loop' })).toBeVisible(); // the course page is still itself

    // Open in Loopscope: the full app, in a tab of its own, with the session.
    const [app] = await Promise.all([host.waitForEvent('popup'), open.click()]);
    await expect(app.getByRole('list', { name: 'Sessions' }).getByText(`Shared: ${LESSON}`)).toBeVisible();
    await expect(app.getByRole('region', { name: 'Shared session' })).toBeVisible();
    expect(await app.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(errors, 'uncaught errors in the course page or the player').toEqual([]);
    await close();
  });
}

test('the full app cannot be framed by another site; the player shows none of the app\'s static shell and says what it needs without a session link', async ({ browser, baseURL }) => {
  course.setBody(`<iframe src="${baseURL}?sandbox=offline" title="App"></iframe><iframe src="${baseURL}?embed" title="Player"></iframe>`);
  const context = await browser.newContext();
  // In the player's frame, each frame drawn while index.html's static prompt is still there: is it shown?
  await context.addInitScript(() => {
    if (!location.search.includes('embed')) return;
    const seen = window as unknown as { shellShown: boolean };
    seen.shellShown = false;
    const look = () => {
      const box = document.getElementById('early-prompt');
      if (box?.checkVisibility()) seen.shellShown = true;
      if (box || document.readyState === 'loading') requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const host = await context.newPage();
  const refused = new Promise<void>((resolve) => host.on('console', (message) => /frame-ancestors/.test(message.text()) && resolve()));
  await host.goto(course.url);
  await refused; // Chromium reports the CSP refusal
  await expect(host.frameLocator('iframe[title="App"]').getByRole('textbox', { name: 'Message the agent' })).toHaveCount(0);
  await expect(host.frameLocator('iframe[title="Player"]').getByRole('alert')).toContainText('needs the session link');
  const player = host.frames().find((frame) => frame.url().includes('embed'));
  expect(await player?.evaluate(() => 'embed' in document.documentElement.dataset)).toBe(true);
  expect(await player?.evaluate(() => (window as unknown as { shellShown?: boolean }).shellShown)).toBe(false);
  await context.close();
});

test('axe finds nothing in the player, before and after its replay', async ({ page, browser }) => {
  const code = await embedCodeOfLesson(page, 'sandbox=offline');
  const { host, player, close } = await openCoursePage(browser, code);
  await expect(player.getByRole('heading', { name: LESSON })).toBeVisible();
  const frame = host.frames().find((candidate) => candidate.url().includes('embed'));
  expect(frame).toBeDefined();
  const scan = async () => {
    const results = await new AxeBuilder({ page: host }).include(PLAYER).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await scan();
  await player.getByRole('combobox', { name: 'Speed' }).selectOption('instant');
  await player.getByRole('button', { name: 'Replay' }).click();
  await expect(player.getByRole('status').filter({ hasText: 'Replay finished' })).toBeVisible();
  await scan();
  await close();
});
