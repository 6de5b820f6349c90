/**
 * Fault suite T4, crash mid-run: the page is crashed (CDP `Page.crash`, no beforeunload) at seven
 * points of a run on Gemini (the fake server) in the offline sandbox, reopened in the same
 * browser context, and continued. Every run counts: typed messages missing or doubled in the
 * reopened transcript, the stored history and the last model request; marker-file lines (each
 * shell command appends one) that show a finished command run again or lost; anything sent or
 * run before the person acted; and runs that did not end clearly (stuck running, no answer).
 *
 * `npm test` runs each point once; `LOOPSCOPE_SOAK=1` (npm run soak) ten times, or
 * `LOOPSCOPE_CRASH_RUNS=N`. Each point is one test that repeats its runs, each in a fresh
 * browser context; a worker that finishes prints the table of the points done so far.
 */
import type { Browser } from '@playwright/test';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, test } from './fixtures';
import { CrashRun, MARKER, answer, append, readCall, shellCall, writeCall } from './crash/crash-run';
import { holdFileWrites, readStored } from './crash/stored-state';
import { emptyTally, formatTallies, saveTally, savedTallies } from './crash/tally';

const RUNS = Number(process.env.LOOPSCOPE_CRASH_RUNS ?? (process.env.LOOPSCOPE_SOAK ? 10 : 1));
/** A run takes 5–10 s; a failing one waits out a few 15 s expectations before it is counted. */
const RUN_BUDGET_MS = 50_000;

const POINTS = [
  'during a stream',
  'awaiting approval',
  'during a shell command',
  'between commit and next request',
  'while the model thinks after a read',
  'during compression',
  'during Restore',
] as const;

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take fixtures first; this one needs none.
test.afterAll(({}, testInfo) => {
  const tallies = savedTallies(testInfo.project.outputDir);
  const done = tallies.length === POINTS.length ? '' : ` (${tallies.length} of ${POINTS.length} points done so far)`;
  console.log(`\nCrash recovery (T4), ${RUNS} run(s) per point${done}:\n${formatTallies(tallies)}\n`);
});

async function crashRuns(point: (typeof POINTS)[number], browser: Browser, gemini: FakeGemini, scenario: (run: CrashRun) => Promise<void>): Promise<void> {
  test.setTimeout(RUNS * RUN_BUDGET_MS + 10_000);
  const tally = emptyTally(point);
  const baseURL = test.info().project.use.baseURL ?? '';
  const started = Date.now();
  for (let index = 1; index <= RUNS; index++) {
    tally.runs += 1;
    const run = await CrashRun.open(browser, baseURL, gemini, tally, index);
    try {
      await scenario(run);
    } catch (thrown) {
      run.problem(`did not end clearly: ${firstLine(thrown)}`, 'notEndingClearly');
      // Counted on a fresh page, from what is stored (the page may hold a transaction).
      await run.page?.close().catch(() => undefined);
    }
    try {
      await run.measure();
    } catch (thrown) {
      run.problem(`could not be counted: ${firstLine(thrown)}`, 'notEndingClearly');
    }
    await run.close();
    tally.milliseconds = Date.now() - started;
  }
  saveTally(test.info().project.outputDir, POINTS.indexOf(point), tally);
  expect(tally.problems, `${point}: ${tally.problems.length} problem(s)`).toEqual([]);
}

function firstLine(thrown: unknown): string {
  return (thrown instanceof Error ? thrown.message : String(thrown)).split('\n').find((line) => line.trim() !== '') ?? 'unknown error';
}

test('a crash while the answer streams: Continue asks again, the command that finished is not run again, no message is lost', async ({ browser, gemini }) => {
  await crashRuns('during a stream', browser, gemini, async (run) => {
    await run.start([shellCall(append('stream-done')), { hang: true, chunks: [{ text: 'Half of an ans' }] }, answer('Answered after the crash.')]);
    await run.send('Run the first step, then explain');
    await run.allowFinished('stream-done');
    await expect(run.lastAgentText()).toContainText('Half of an ans');
    await run.crashAndReopen();
    await run.pressContinue();
    await run.expectClearEnd('Answered after the crash.');
  });
});

test('a crash while a command awaits approval: Continue closes it, and it runs again only through a fresh Allow, once', async ({ browser, gemini }) => {
  await crashRuns('awaiting approval', browser, gemini, async (run) => {
    await run.start([
      shellCall(append('approval-done')),
      shellCall(append('approval-pending')),
      // After Continue the model (scripted) asks for the cut-off command again.
      shellCall(append('approval-pending')),
      answer('Both steps done.'),
    ]);
    await run.send('Run both steps');
    await run.allowFinished('approval-done');
    await expect(run.page.getByRole('region', { name: 'Approval required' })).toContainText(append('approval-pending'));
    await run.crashAndReopen();
    // The Loop inspector's records are written behind the loop, but before an approval waits: none is lost.
    expect((await readStored(run.page)).roundTrips).toBe(2);
    await run.pressContinue();
    await run.allowReoffered('approval-pending');
    await run.expectCutOff(`run_shell_command ${append('approval-pending')}`);
    await run.expectClearEnd('Both steps done.');
  });
});

test('a crash while a command runs: Continue closes it, it runs again only through a fresh Allow, and the one that finished stays once', async ({ browser, gemini }) => {
  const slow = `${append('shell-running')}; sleep 60`;
  await crashRuns('during a shell command', browser, gemini, async (run) => {
    await run.start([shellCall(append('shell-done')), shellCall(slow), shellCall(append('shell-running')), answer('The slow step is done.')]);
    await run.send('Run the quick step, then the slow one');
    await run.allowFinished('shell-done');
    await run.allow(slow);
    await expect(run.transcript().locator('[data-status]').last()).toHaveText('executing');
    await run.crashAndReopen();
    await run.pressContinue();
    await run.allowReoffered('shell-running');
    await run.expectCutOff(`run_shell_command ${slow}`);
    await run.expectClearEnd('The slow step is done.');
  });
});

test('a crash after a tool result is stored and before the model answers it: Continue sends it again, the command is not run again', async ({ browser, gemini }) => {
  await crashRuns('between commit and next request', browser, gemini, async (run) => {
    // The second request is held (no answer ever comes): the result was committed before it was sent.
    await run.start([shellCall(append('commit-done')), { hang: true }, answer('Got the result after the crash.')]);
    await run.send('Run one step');
    await run.allowFinished('commit-done');
    await expect.poll(() => run.gemini.requests().length).toBe(2);
    await run.crashAndReopen();
    await run.pressContinue();
    await run.expectClearEnd('Got the result after the crash.');
    expect(JSON.stringify(run.gemini.requests().at(-1)?.body)).toContain('commit-done');
  });
});

test("a crash while the model thinks after a step nothing paused: the Loop inspector's record of that step is kept, and Continue asks again", async ({ browser, gemini }) => {
  await crashRuns('while the model thinks after a read', browser, gemini, async (run) => {
    await run.start([readCall('notes.txt'), { hang: true }, answer('Read them after the crash.')]);
    await run.send('Read the notes');
    await expect.poll(() => run.gemini.requests().length).toBe(2);
    // No approval or pause flushed it: the record is written behind the loop, while the model thinks.
    await expect.poll(async () => (await readStored(run.page)).roundTrips).toBe(1);
    await run.crashAndReopen();
    expect((await readStored(run.page)).roundTrips).toBe(1);
    await run.pressContinue();
    await run.expectClearEnd('Read them after the crash.');
  });
});

test('a crash during Compress: the history stays whole, nothing is offered to continue, and the next message is answered', async ({ browser, gemini }) => {
  await crashRuns('during compression', browser, gemini, async (run) => {
    await run.start([
      shellCall(append('compress-done')),
      answer('First answer.'),
      answer('Second answer.'),
      // The summarizer's call, held until the crash.
      { hang: true },
      answer('Third answer.'),
    ]);
    await run.send('First message, with a command');
    await run.allowFinished('compress-done');
    await expect(run.lastAgentText()).toHaveText('First answer.');
    await run.send('Second message');
    await expect(run.lastAgentText()).toHaveText('Second answer.');
    await expect(run.page.getByRole('button', { name: 'Stop' })).toBeHidden();
    await run.page.getByRole('button', { name: 'Compress' }).click();
    await expect.poll(() => run.gemini.requests().length).toBe(4);
    expect(JSON.stringify(run.gemini.requests()[3]?.body)).toContain('state_snapshot');
    await run.crashAndReopen();
    await expect(run.transcript().getByRole('article', { name: 'You' })).toHaveCount(2);
    await expect(run.page.getByRole('button', { name: 'Continue' })).toBeHidden();
    run.expectNothingSentSinceCrash();
    await run.send('Third message');
    await run.expectClearEnd('Third answer.');
  });
});

test('a crash during Restore: the files stay as stored, Restore again puts them back, and nothing runs again', async ({ browser, gemini }) => {
  await crashRuns('during Restore', browser, gemini, async (run) => {
    await run.start([
      writeCall('notes.txt', 'original\n'),
      shellCall(append('restore-done')),
      writeCall('notes.txt', 'changed\n'),
      answer('Notes written.'),
    ]);
    await run.send('Write the notes, run a step, change the notes');
    await run.allow('notes.txt');
    await run.allowFinished('restore-done');
    await run.allow('changed');
    await expect(run.lastAgentText()).toHaveText('Notes written.');
    await expect(run.page.getByRole('button', { name: 'Stop' })).toBeHidden();
    const restoreLast = () => run.transcript().getByRole('article', { name: 'write_file notes.txt' }).last().getByRole('button', { name: 'Restore' });
    await expect(restoreLast()).toBeVisible();

    // Crash while Restore is under way: the workspace's file writes wait behind a held
    // transaction, so Restore can put notes.txt back in the sandbox but not store it. The
    // terminal (same sandbox) shows when it has got that far.
    await run.page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Terminal' }).click();
    const terminal = run.page.getByRole('region', { name: 'Terminal' });
    await expect(terminal.locator('.xterm')).toBeVisible();
    await holdFileWrites(run.page);
    await restoreLast().click();
    await expect(async () => {
      await terminal.locator('.xterm').click();
      await run.page.keyboard.type('cat notes.txt');
      await run.page.keyboard.press('Enter');
      await expect(terminal.locator('.xterm-rows')).toContainText('original', { timeout: 1_000 });
    }).toPass();
    await expect(run.transcript()).not.toContainText('Restored');
    await run.crashAndReopen();

    await expect(run.page.getByRole('button', { name: 'Continue' })).toBeHidden();
    run.expectNothingSentSinceCrash();
    const afterCrash = (await readStored(run.page)).files['notes.txt'];
    // Restore had not stored anything yet: the files are as they were before it.
    expect(afterCrash).toBe('changed\n');
    await restoreLast().click();
    await expect(run.transcript()).toContainText('Restored 1 file(s): notes.txt');
    await expect.poll(async () => (await readStored(run.page)).files['notes.txt']).toBe('original\n');
    expect((await readStored(run.page)).files[MARKER]).toBeDefined();
    await run.expectClearEnd('Notes written.');
  });
});
