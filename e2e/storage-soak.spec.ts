/**
 * Fault suite T5, storage, in Chromium (the schema upgrades are src/store/storage-faults.test.ts).
 *
 * A full disk (the origin's quota set to one byte over CDP) at five moments of a session on the
 * fake Gemini server (offline sandbox, Allow all): before a message, during a run (a tool's
 * write and its checkpoint), during a long answer (its commit and round-trip record), on a
 * Settings save and on New session. Each run counts the failures injected and shown (an alert
 * in the page that says what failed), then lifts the quota, reloads and reads IndexedDB: writes
 * left half-done (a call not answered once, a stored file that differs from what the page last
 * reported saved, a session without its head, settings that changed) and rows lost (anything
 * stored before the fault missing). The session must then answer a new message with a paired
 * history. Two tabs on one session count the writes applied, refused with a message, and lost.
 *
 * Each moment runs once here; `npm run soak` (LOOPSCOPE_SOAK=1) runs each 10 times. The table
 * of counts is printed when a worker finishes (the last one printed covers every run).
 */
import type { Page } from '@playwright/test';
import type { FakeGemini, FakeScriptEntry } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';
import { countsTable, fillStorage, historyDefects, limitStorage, readStore, recordCounts, requestDefects, restoreQuota, rowsLost } from './storage-soak-helpers';
import type { MomentCounts, StoredData, StoredSession, TabCounts } from './storage-soak-helpers';

const REPEATS = process.env.LOOPSCOPE_SOAK === '1' ? 10 : 1;
// Two fills of the disk, a reload and a follow-up message per test: more than the default 60 s on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

const SAVED_TEXT = 'saved line\n';
const call = (name: string, args: Record<string, unknown>) => ({ chunks: [{ functionCalls: [{ name, args }], finishReason: 'STOP' }] });
const answer = (text: string) => ({ chunks: [{ text, finishReason: 'STOP' }] });
const createNotes = [call('write_file', { file_path: 'notes.txt', content: SAVED_TEXT }), answer('Created.')];
const recovered = answer('Recovered.');

const agentReplies = (page: Page) => transcript(page).getByRole('article', { name: 'Agent' });
const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop' });
const pausedBefore = (page: Page, stage: 'the model call' | 'the tool') => page.getByRole('status').filter({ hasText: `Paused before ${stage}` });
const alerts = (page: Page) => page.getByRole('alert');

/** Whether an alert matching `text` (and not `unlike`) appears (waits for it; false when it never does). */
async function alertShown(page: Page, text: RegExp, unlike?: RegExp): Promise<boolean> {
  return alerts(page)
    .filter({ hasText: text })
    .filter(unlike ? { hasNotText: unlike } : {})
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
}

/** Waits until the run is over, pressing Next step at every pause of Step through. */
async function finishRun(page: Page): Promise<void> {
  const paused = page.getByRole('status').filter({ hasText: /Paused before/ });
  await expect
    .poll(
      async () => {
        if ((await stopButton(page).count()) === 0) return 'ended';
        if ((await paused.count()) > 0) await page.getByRole('button', { name: 'Next step' }).click({ timeout: 2_000 }).catch(() => undefined);
        return 'running';
      },
      { timeout: 45_000 },
    )
    .toBe('ended');
}

async function currentSession(page: Page): Promise<StoredSession> {
  const stored = await readStore(page);
  const session = stored.sessions.find((candidate) => candidate.history.length > 0) ?? stored.sessions[0];
  if (!session) throw new Error('no session stored');
  return session;
}

/** A session with notes.txt written by the agent, everything about it stored. */
async function savedSession(page: Page, gemini: FakeGemini, more: FakeScriptEntry[], options: { stepThrough?: boolean } = {}): Promise<StoredData> {
  gemini.setScript({ responses: [...createNotes, ...more], fallback: recovered });
  await limitStorage(page, new URL(test.info().project.use.baseURL ?? '').origin);
  await openApp(page);
  await useGemini(page, gemini, { remember: true });
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Create notes.txt');
  await expect(agentReplies(page).last()).toHaveText('Created.');
  await expect(stopButton(page)).toHaveCount(0);
  await expect.poll(async () => {
    const session = await currentSession(page);
    return [session.history.length, session.roundTrips, session.files['notes.txt']];
  }).toEqual([4, 2, SAVED_TEXT]);
  if (options.stepThrough) await page.getByRole('checkbox', { name: 'Step through' }).check();
  await expect.poll(async () => (await readStore(page)).settings?.stepThrough ?? false).toBe(options.stepThrough ?? false);
  return readStore(page);
}

/** Lifts the quota, reloads, and returns what is stored. */
async function reloadWithSpace(page: Page): Promise<StoredData> {
  await fillStorage(page, false);
  await page.reload();
  await openApp(page);
  return readStore(page);
}

/** The session answers a new message, and its stored history is then paired throughout. */
async function expectSessionGoesOn(page: Page, gemini: FakeGemini, counts: MomentCounts): Promise<void> {
  gemini.setScript({ responses: [], fallback: recovered });
  const before = await agentReplies(page).filter({ hasText: 'Recovered.' }).count();
  const step = page.getByRole('checkbox', { name: 'Step through' });
  if (await step.isChecked()) await step.uncheck();
  await sendMessage(page, 'Are you still there?');
  await expect(agentReplies(page).filter({ hasText: 'Recovered.' })).toHaveCount(before + 1);
  await expect(stopButton(page)).toHaveCount(0);
  const session = await currentSession(page);
  const { defects, endsInterrupted, sameRole } = historyDefects(session.history);
  if (endsInterrupted) defects.push('history ends on an unanswered call after a new message');
  counts.partialWrites += defects.length;
  counts.details.push(...defects.map((defect) => `after a new message: ${defect}`));
  counts.sameRoleTurns += sameRole.length;
  const badRequests = requestDefects(gemini.requests());
  counts.badRequests += badRequests.length;
  counts.details.push(...badRequests);
}

/** Half-written data and lost rows after the reload, added to `counts`. */
function judgeStored(before: StoredData, after: StoredData, counts: MomentCounts, expectedFiles: Record<string, string>): void {
  const lost = rowsLost(before, after, new Set(Object.keys(expectedFiles)));
  counts.rowsLost += lost.length;
  counts.details.push(...lost.map((row) => `lost ${row}`));
  for (const session of after.sessions) {
    const { defects, endsInterrupted } = historyDefects(session.history);
    if (endsInterrupted) counts.interruptedTurns += 1;
    counts.partialWrites += defects.length;
    counts.details.push(...defects.map((defect) => `${session.id}: ${defect}`));
    if (session.revision === null) {
      counts.partialWrites += 1;
      counts.details.push(`session ${session.id} has no head (revision)`);
    }
  }
  counts.partialWrites += after.orphanHeads.length;
  counts.details.push(...after.orphanHeads.map((id) => `head ${id} without a session`));
  const session = after.sessions.find((candidate) => candidate.id === before.sessions[0]?.id);
  for (const [path, content] of Object.entries(expectedFiles)) {
    if (session?.files[path] !== content) {
      counts.partialWrites += 1;
      counts.details.push(`${path} stored as ${JSON.stringify(session?.files[path])}, last reported saved as ${JSON.stringify(content)}`);
    }
  }
}

interface Moment {
  name: string;
  /** What to script after the saved session, and whether Step through is on. */
  script: FakeScriptEntry[];
  stepThrough?: boolean;
  /** Fills the disk at its moment and returns the failures injected and shown, and the files as last reported saved. */
  fault(page: Page, counts: MomentCounts): Promise<{ files: Record<string, string> }>;
  /** Extra checks of what was stored (e.g. the settings row). */
  judge?(before: StoredData, after: StoredData, counts: MomentCounts): void;
}

/** Counts one failure that should be shown, and whether an alert says so. */
async function expectShown(page: Page, counts: MomentCounts, what: string, text: RegExp, unlike?: RegExp): Promise<boolean> {
  counts.injected += 1;
  const shown = await alertShown(page, text, unlike);
  if (shown) counts.shown += 1;
  else counts.details.push(`not shown: ${what} (no alert matching ${text}; alerts: ${JSON.stringify(await alerts(page).allInnerTexts())})`);
  return shown;
}

const STORAGE_FULL = /Browser storage is full/;
/** The alerts of writes that do not end the run: a commit's failure must have its own. */
const OTHER_WRITES = /Not saved: |No checkpoint could be saved|round-trip could not be saved/;

const MOMENTS: Moment[] = [
  {
    name: 'before a message (the prompt commit)',
    script: [],
    async fault(page, counts) {
      await fillStorage(page, true);
      await sendMessage(page, 'A message on a full disk');
      await finishRun(page);
      await expectShown(page, counts, 'the prompt could not be stored', STORAGE_FULL);
      return { files: { 'notes.txt': SAVED_TEXT } };
    },
  },
  {
    name: 'during a run (a tool write and its checkpoint)',
    script: [call('write_file', { file_path: 'notes.txt', content: 'written on a full disk\n' }), answer('Changed.')],
    stepThrough: true,
    async fault(page, counts) {
      await sendMessage(page, 'Change notes.txt');
      await expect(pausedBefore(page, 'the model call')).toBeVisible();
      await page.getByRole('button', { name: 'Next step' }).click();
      await expect(pausedBefore(page, 'the tool')).toBeVisible();
      await fillStorage(page, true);
      await page.getByRole('button', { name: 'Next step' }).click();
      await finishRun(page);
      await expectShown(page, counts, 'the checkpoint before write_file', /No checkpoint could be saved before write_file/);
      const fileShown = await expectShown(page, counts, 'the tool write of notes.txt', /Not saved: notes\.txt/);
      await expectShown(page, counts, 'the tool result could not be committed', STORAGE_FULL, OTHER_WRITES);
      return { files: { 'notes.txt': fileShown ? SAVED_TEXT : 'written on a full disk\n' } };
    },
  },
  {
    name: 'during a long answer (its commit and round-trip record)',
    script: [{ chunks: Array.from({ length: 400 }, (_, index) => ({ text: `Line ${index} of a long answer, written while the disk fills up.\n`, ...(index === 399 ? { finishReason: 'STOP' } : {}) })) }],
    stepThrough: true,
    async fault(page, counts) {
      await sendMessage(page, 'Explain at length');
      await expect(pausedBefore(page, 'the model call')).toBeVisible();
      await fillStorage(page, true);
      await page.getByRole('button', { name: 'Next step' }).click();
      await expect(agentReplies(page).last()).toContainText('Line 399 of a long answer');
      await finishRun(page);
      await expectShown(page, counts, 'the round-trip record', /round-trip could not be saved/);
      await expectShown(page, counts, 'the answer could not be committed', STORAGE_FULL, OTHER_WRITES);
      return { files: { 'notes.txt': SAVED_TEXT } };
    },
  },
  {
    name: 'on a Settings save',
    script: [],
    async fault(page, counts) {
      await fillStorage(page, true);
      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByRole('textbox', { name: 'Model' }).fill('gemini-2.5-flash-with-a-longer-name-than-before');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectShown(page, counts, 'the settings could not be saved', /Settings could not be saved/);
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Cancel' }).click();
      return { files: { 'notes.txt': SAVED_TEXT } };
    },
    judge(before, after, counts) {
      if (JSON.stringify(after.settings) !== JSON.stringify(before.settings)) {
        counts.partialWrites += 1;
        counts.details.push(`settings changed although the save was refused: ${JSON.stringify(after.settings)}`);
      }
    },
  },
  {
    name: 'on New session',
    script: [],
    async fault(page, counts) {
      await fillStorage(page, true);
      await page.getByRole('button', { name: 'New session' }).click();
      await expectShown(page, counts, 'the new session could not be created', STORAGE_FULL);
      return { files: { 'notes.txt': SAVED_TEXT } };
    },
  },
];

test.afterAll(() => console.log(`\nT5 storage faults in Chromium (${REPEATS} run${REPEATS === 1 ? '' : 's'} per moment), every run so far:\n${countsTable()}\n`));

for (let run = 1; run <= REPEATS; run++) {
  for (const moment of MOMENTS) {
    test(`a full disk ${moment.name} is shown, half-writes nothing and loses nothing saved (run ${run})`, async ({ page, gemini }) => {
      const counts: MomentCounts = { moment: moment.name, injected: 0, shown: 0, partialWrites: 0, rowsLost: 0, interruptedTurns: 0, sameRoleTurns: 0, badRequests: 0, details: [] };
      try {
        const before = await savedSession(page, gemini, moment.script, { stepThrough: moment.stepThrough ?? false });
        const { files } = await moment.fault(page, counts);
        const after = await reloadWithSpace(page);
        judgeStored(before, after, counts, files);
        moment.judge?.(before, after, counts);
        await expectSessionGoesOn(page, gemini, counts);
      } finally {
        recordCounts(counts);
        await restoreQuota(page);
      }
      expect(counts.details).toEqual([]);
      expect(counts).toMatchObject({ shown: counts.injected, partialWrites: 0, rowsLost: 0, badRequests: 0 });
    });
  }

  test(`two tabs writing one session at once: every write is applied or refused with a message, none lost (run ${run})`, async ({ page, context, gemini }) => {
    const counts: TabCounts = { moment: 'two tabs on one session', applied: 0, refused: 0, refusedShown: 0, lost: 0, details: [] };
    try {
      await twoTabs(page, await context.newPage(), gemini, counts);
    } finally {
      recordCounts(counts);
    }
    expect(counts.details).toEqual([]);
    expect(counts).toMatchObject({ lost: 0, refusedShown: counts.refused });
  });
}

const editorText = (page: Page) => page.locator('.monaco-editor .view-lines');
const elsewhere = (page: Page) => alerts(page).filter({ has: page.getByRole('button', { name: 'Take over here' }) });

/** Types `text` at the end of notes.txt in `page` and saves with Ctrl+S. */
async function editNotes(page: Page, text: string): Promise<void> {
  const tab = page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name: 'notes.txt', exact: true });
  if ((await tab.count()) === 0) await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'notes.txt' }).click();
  await expect(editorText(page)).toContainText('saved line');
  await editorText(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
  await page.keyboard.press('ControlOrMeta+s');
}

interface Write {
  tab: 'first' | 'second';
  kind: 'message' | 'file save';
  text: string;
}

// A save can also meet the other tab's change of the same file first: the editor then shows the
// conflict and keeps the person's text until they choose, which is not a loss either.
const REFUSALS: Record<Write['kind'], RegExp> = {
  message: /Your message was not sent/,
  'file save': /notes\.txt could not be saved|notes\.txt changed while you had unsaved edits/,
};

/**
 * Round 1: the first tab sends while the read-only second tab saves notes.txt and sends.
 * Round 2: the second tab takes over and does the same while the first tab sends.
 * After each round every write is looked up in IndexedDB (applied) or in its tab's alerts (refused).
 */
async function twoTabs(first: Page, second: Page, gemini: FakeGemini, counts: TabCounts): Promise<void> {
  gemini.setScript({ responses: createNotes, fallback: answer('Noted.') });
  await openApp(first);
  await useGemini(first, gemini, { remember: true });
  await first.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(first, 'Create notes.txt');
  await expect(agentReplies(first).last()).toHaveText('Created.');
  await expect(stopButton(first)).toHaveCount(0);
  await openApp(second);
  await expect(elsewhere(second)).toBeVisible();
  const tabs = { first, second };

  const round = async (n: number, writer: Write['tab'], readOnly: Write['tab']) => {
    const writes: Write[] = [
      { tab: writer, kind: 'message', text: `round ${n}: message from the ${writer} tab` },
      { tab: readOnly, kind: 'file save', text: `round ${n}: edit from the ${readOnly} tab` },
      { tab: readOnly, kind: 'message', text: `round ${n}: message from the ${readOnly} tab` },
    ];
    const [send, save, alsoSend] = writes as [Write, Write, Write];
    await Promise.all([
      sendMessage(tabs[send.tab], send.text),
      (async () => {
        await editNotes(tabs[save.tab], save.text);
        await sendMessage(tabs[alsoSend.tab], alsoSend.text);
      })(),
    ]);
    // Applied writes are stored once the writing tab's run is over.
    await expect(agentReplies(tabs[writer]).filter({ hasText: 'Noted.' })).toHaveCount(n);
    for (const page of [first, second]) await expect(stopButton(page)).toHaveCount(0);
    const session = await currentSession(first);
    const stored = JSON.stringify(session.history);
    const notes = session.files['notes.txt'];
    for (const write of writes) {
      const applied = write.kind === 'message' ? stored.includes(write.text) : typeof notes === 'string' && notes.includes(write.text);
      if (applied) {
        counts.applied += 1;
        continue;
      }
      counts.refused += 1;
      if (await alertShown(tabs[write.tab], REFUSALS[write.kind])) counts.refusedShown += 1;
      else {
        counts.lost += 1;
        counts.details.push(`round ${n}: ${write.tab} tab's ${write.kind} "${write.text}" neither stored nor refused with a message (alerts: ${JSON.stringify(await alerts(tabs[write.tab]).allInnerTexts())})`);
      }
    }
    counts.details.push(...historyDefects(session.history).defects.map((defect) => `round ${n}: ${defect}`));
  };

  await round(1, 'first', 'second');
  await second.getByRole('button', { name: 'Take over here' }).click();
  await expect(elsewhere(second)).toHaveCount(0);
  await expect(elsewhere(first)).toBeVisible();
  await round(2, 'second', 'first');
  counts.details.push(...requestDefects(gemini.requests()));
}
