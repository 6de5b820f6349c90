/**
 * One crash run: a fresh browser context on the fake Gemini server, driven like a person
 * (by role and name), crashed at one point, reopened, and then counted. Scenarios call the
 * steps; `measure` counts what was lost, doubled or run again into the point's tally, and a
 * step that never comes (a throw) makes the run one that did not end clearly.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { FakeGemini, FakeScriptEntry } from '../fake-gemini/server.mjs';
import { expect, openApp, sendMessage, useGemini } from '../fixtures';
import { crashPage, reopen } from './crash-page';
import { countLines, readStored } from './stored-state';
import type { PointTally } from './tally';

export const MARKER = 'marker.txt';

/** A shell command that appends `line` to the marker file: its side effect, counted afterwards. */
export function append(line: string): string {
  return `echo ${line} >> ${MARKER}`;
}

export function shellCall(command: string): FakeScriptEntry {
  return { chunks: [{ functionCalls: [{ name: 'run_shell_command', args: { command } }], finishReason: 'STOP' }] };
}

export function writeCall(filePath: string, content: string): FakeScriptEntry {
  return { chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: filePath, content } }], finishReason: 'STOP' }] };
}

/** A call that only reads: it runs without asking, so nothing waits on the person in its round trip. */
export function readCall(filePath: string): FakeScriptEntry {
  return { chunks: [{ functionCalls: [{ name: 'read_file', args: { file_path: filePath } }], finishReason: 'STOP' }] };
}

export function answer(text: string): FakeScriptEntry {
  return { chunks: [{ text, finishReason: 'STOP' }] };
}

const UNSETTLED = ['validating', 'awaiting approval', 'scheduled', 'executing'];

export class CrashRun {
  page!: Page;
  /** Messages typed, in order. */
  readonly typed: string[] = [];
  /** Marker lines of commands that finished before the crash: each must be stored exactly once. */
  readonly finished: string[] = [];
  /** Marker lines of commands cut off by the crash and offered again: at most once, and only after Allow. */
  readonly reoffered: string[] = [];
  readonly pageErrors: string[] = [];
  private requestsAtCrash = 0;
  private unclear = false;

  private constructor(
    readonly context: BrowserContext,
    readonly gemini: FakeGemini,
    private readonly tally: PointTally,
    private readonly run: number,
  ) {}

  static async open(browser: Browser, baseURL: string, gemini: FakeGemini, tally: PointTally, run: number): Promise<CrashRun> {
    gemini.reset();
    const context = await browser.newContext({ baseURL });
    return new CrashRun(context, gemini, tally, run);
  }

  /** Opens the app on Gemini (key remembered, so the reopened page has it) in "Ask every time". */
  async start(script: FakeScriptEntry[]): Promise<void> {
    this.gemini.setScript({ responses: script });
    this.page = await this.context.newPage();
    this.page.on('pageerror', (error) => this.pageErrors.push(error.message));
    await openApp(this.page);
    await useGemini(this.page, this.gemini, { remember: true });
    await this.page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Ask every time');
  }

  transcript() {
    return this.page.getByRole('region', { name: 'Transcript' });
  }

  lastAgentText() {
    return this.transcript().getByRole('article', { name: 'Agent' }).last();
  }

  /** Sends a message once the agent is idle (while it runs, Enter keeps the text in the box), and waits until it is taken. */
  async send(text: string): Promise<void> {
    this.typed.push(text);
    await expect(this.page.getByRole('button', { name: 'Stop' })).toBeHidden();
    await sendMessage(this.page, text);
    await expect(this.page.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('');
  }

  /** Waits for the approval of `command` (or of a write to that path) and allows it once. */
  async allow(shown: string): Promise<void> {
    const approval = this.page.getByRole('region', { name: 'Approval required' });
    await expect(approval).toContainText(shown);
    const allow = approval.getByRole('button', { name: 'Allow once' });
    await expect(allow).not.toHaveAttribute('aria-disabled', 'true');
    await allow.click();
  }

  /** Allows the command that appends `line`; it finishes before the crash, so `line` must be stored exactly once. */
  async allowFinished(line: string): Promise<void> {
    this.finished.push(line);
    await this.allow(append(line));
  }

  /**
   * The re-offer of a command cut off by the crash: it must come as a fresh approval, with its
   * side effect not there yet (else something ran it by itself); then it is allowed.
   */
  async allowReoffered(line: string, command = append(line)): Promise<void> {
    this.reoffered.push(line);
    const approval = this.page.getByRole('region', { name: 'Approval required' });
    await expect(approval).toContainText(command);
    const marker = (await readStored(this.page)).files[MARKER];
    if (countLines(marker, line) > 0) this.problem(`"${line}" was in ${MARKER} before its fresh approval was answered`, 'ranByItself');
    await this.allow(command);
  }

  /** The card of a call cut off by the crash ends as an error that says its result was not recorded. */
  async expectCutOff(cardName: string): Promise<void> {
    const card = this.transcript().getByRole('article', { name: cardName }).first();
    await expect(card.locator('[data-status]')).toHaveText('error');
    await expect(card).toContainText('not recorded');
  }

  /** Crashes the page, then opens the app again in the same context. */
  async crashAndReopen(): Promise<void> {
    this.requestsAtCrash = this.gemini.requests().length;
    await crashPage(this.page);
    this.page = await reopen(this.context, this.pageErrors);
  }

  /** Nothing is sent to the model after the reopen until the person acts. */
  expectNothingSentSinceCrash(): void {
    const sent = this.gemini.requests().length - this.requestsAtCrash;
    if (sent > 0) this.problem(`${sent} model request(s) sent after the reopen before anyone pressed Continue`, 'ranByItself');
  }

  /** Continue is offered (nothing ran meanwhile); press it. */
  async pressContinue(): Promise<void> {
    const resume = this.page.getByRole('button', { name: 'Continue' });
    await expect(resume).toBeVisible();
    this.expectNothingSentSinceCrash();
    await resume.click();
  }

  /** The session is idle and answered: the final text shown, nothing running, pending or offered. */
  async expectClearEnd(finalText: string): Promise<void> {
    await expect(this.lastAgentText()).toHaveText(finalText);
    await expect(this.page.getByRole('button', { name: 'Stop' })).toBeHidden();
    await expect(this.page.getByRole('button', { name: 'Continue' })).toBeHidden();
    await expect(this.page.getByRole('region', { name: 'Approval required' })).toHaveCount(0);
    const statuses = await this.transcript().locator('[data-status]').allTextContents();
    const unsettled = statuses.filter((status) => UNSETTLED.includes(status.trim()));
    if (unsettled.length > 0) throw new Error(`tool cards left unsettled: ${unsettled.join(', ')}`);
  }

  /** Records a problem; 'notEndingClearly' counts the run once however many it has. */
  problem(message: string, count: keyof Pick<PointTally, 'messagesLost' | 'messagesDoubled' | 'toolsRunTwice' | 'finishedEffectsLost' | 'ranByItself' | 'notEndingClearly'>): void {
    if (count === 'notEndingClearly') {
      if (!this.unclear) this.tally.notEndingClearly += 1;
      this.unclear = true;
    } else {
      this.tally[count] += 1;
    }
    this.tally.problems.push(`run ${this.run}: ${message}`);
  }

  /**
   * Counts the run into the tally: each typed message once in the transcript, the stored
   * history and the last model request; each marker line at most once (finished ones exactly once).
   */
  async measure(): Promise<void> {
    if (!this.page || this.page.isClosed()) this.page = await reopen(this.context, this.pageErrors);
    const shown = await this.transcript().getByRole('article', { name: 'You' }).allTextContents();
    const stored = await readStored(this.page);
    const lastRequest = this.gemini.requests().at(-1)?.body as { contents?: { role: string; parts: { text?: string }[] }[] } | undefined;
    const requested = (lastRequest?.contents ?? []).filter((content) => content.role === 'user').flatMap((content) => content.parts.map((part) => part.text ?? ''));
    for (const message of this.typed) {
      const places = { transcript: shown, 'stored history': stored.userTexts, 'last request': requested };
      const found = Object.entries(places).map(([place, texts]) => ({ place, times: texts.filter((text) => text.includes(message)).length }));
      const missing = found.filter(({ times }) => times === 0).map(({ place }) => place);
      const doubled = found.filter(({ times }) => times > 1).map(({ place, times }) => `${times} times in the ${place}`);
      if (missing.length > 0) this.problem(`"${message}" missing from the ${missing.join(', ')}`, 'messagesLost');
      if (doubled.length > 0) this.problem(`"${message}" ${doubled.join(', ')}`, 'messagesDoubled');
    }
    // The last request pairs every call with one response (a repeated result is a doubled one).
    type RequestPart = { functionCall?: { id?: string; name: string }; functionResponse?: { id?: string; name: string } };
    const parts = (lastRequest?.contents ?? []).flatMap((content) => content.parts as RequestPart[]);
    const calls = parts.filter((part) => part.functionCall);
    const responses = parts.filter((part) => part.functionResponse);
    const responseIds = responses.flatMap((part) => (part.functionResponse?.id ? [part.functionResponse.id] : []));
    if (new Set(responseIds).size < responseIds.length) this.problem(`a tool result is sent twice in the last request: ${responseIds.join(', ')}`, 'messagesDoubled');
    if (calls.length !== responses.length) this.problem(`the last request has ${calls.length} call(s) and ${responses.length} result(s)`, 'notEndingClearly');
    const marker = stored.files[MARKER];
    for (const line of this.finished) {
      const found = countLines(marker, line);
      if (found === 0) this.problem(`the finished command's "${line}" is missing from ${MARKER}`, 'finishedEffectsLost');
      if (found > 1) this.problem(`"${line}" ${found} times in ${MARKER}: a finished command ran again`, 'toolsRunTwice');
    }
    for (const line of this.reoffered) {
      const found = countLines(marker, line);
      if (found > 1) this.problem(`"${line}" ${found} times in ${MARKER}: the cut-off command ran more than once`, 'toolsRunTwice');
    }
    if (this.pageErrors.length > 0) this.problem(`uncaught errors in the page: ${this.pageErrors.join(' | ')}`, 'notEndingClearly');
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
