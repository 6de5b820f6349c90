/**
 * Helpers of the storage fault suite (storage-soak.spec.ts): a full disk through Chromium's
 * quota override, the stored data read straight from IndexedDB in the page, the checks that
 * compare it with what was saved before a fault, and the table of counts.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { pairingViolations, sameRoleNeighbourViolations } from '../src/agent/testing/invariants';
import type { Content } from '../src/shared/content';
import { expect } from './fixtures';

/**
 * Writes `bytes` to a database of its own; resolves with the error's name, or 'stored'. Chromium
 * keeps an origin's space left for up to ~20 s and checks the quota again only when a write
 * asks for more than that, so the probe is larger than the space left under STARTING_QUOTA.
 */
function probeWrite(bytes: number): Promise<string> {
  return new Promise((resolve) => {
    const open = indexedDB.open('storage-probe', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('probe');
    open.onerror = () => resolve(open.error?.name ?? 'error');
    open.onsuccess = () => {
      const transaction = open.result.transaction('probe', 'readwrite');
      transaction.objectStore('probe').put('x'.repeat(bytes), 'probe');
      transaction.onabort = () => {
        open.result.close();
        resolve(transaction.error?.name ?? 'aborted');
      };
      transaction.oncomplete = () => {
        const cleared = open.result.transaction('probe', 'readwrite');
        cleared.objectStore('probe').delete('probe');
        cleared.oncomplete = cleared.onabort = () => {
          open.result.close();
          resolve('stored');
        };
      };
    };
  });
}

/** The origin's quota while a test runs: room for the app, small enough for a probe to exceed what is left. */
const STARTING_QUOTA = 48 * 1024 * 1024;
const PROBE_BYTES = STARTING_QUOTA + 1024 * 1024;

/** One CDP session per page: detaching it would drop the quota override. */
const sessions = new WeakMap<Page, CDPSession>();
async function cdpOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

/** Gives the app's origin STARTING_QUOTA (call before the page opens the app), so fillStorage takes effect at once. */
export async function limitStorage(page: Page, origin: string): Promise<void> {
  await (await cdpOf(page)).send('Storage.overrideQuotaForOrigin', { origin, quotaSize: STARTING_QUOTA });
}

/**
 * Sets the origin's quota to one byte (a full disk), or back to STARTING_QUOTA, and waits until
 * a write in the page meets the new quota.
 */
export async function fillStorage(page: Page, full: boolean): Promise<void> {
  const origin = new URL(page.url()).origin;
  await (await cdpOf(page)).send('Storage.overrideQuotaForOrigin', { origin, quotaSize: full ? 1 : STARTING_QUOTA });
  await expect.poll(() => page.evaluate(probeWrite, full ? PROBE_BYTES : 64), { timeout: 30_000, intervals: [250, 500] }).toBe(full ? 'QuotaExceededError' : 'stored');
}

/** Drops the override (the browser's own quota again). */
export async function restoreQuota(page: Page): Promise<void> {
  const session = sessions.get(page);
  if (!session) return;
  await session.send('Storage.overrideQuotaForOrigin', { origin: new URL(page.url()).origin }).catch(() => undefined);
}

export type StoredContent = string | { bytes: number[] } | null;

export interface StoredSession {
  id: string;
  title: string;
  revision: number | null;
  history: Content[];
  roundTrips: number;
  files: Record<string, StoredContent>;
  checkpoints: string[];
}

export interface StoredData {
  sessions: StoredSession[];
  /** Rows of `heads` without a session (a half-created or half-removed session). */
  orphanHeads: string[];
  settings: Record<string, unknown> | null;
}

/** Everything Loopscope stored, read from IndexedDB ('loopscope') in the page without Dexie. */
export function readStore(page: Page): Promise<StoredData> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('loopscope');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as unknown[]);
        request.onerror = () => reject(request.error ?? new Error(`read ${store} failed`));
      });
    const settingsRow = await new Promise<unknown>((resolve, reject) => {
      const request = db.transaction('settings', 'readonly').objectStore('settings').get('settings');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('read settings failed'));
    });
    const [sessions, heads, history, roundTrips, files, checkpoints] = (await Promise.all(['sessions', 'heads', 'history', 'roundTrips', 'files', 'checkpoints'].map(all))) as [
      unknown[],
      unknown[],
      unknown[],
      unknown[],
      unknown[],
      unknown[],
    ];
    db.close();
    type Row = Record<string, unknown> & { sessionId: string };
    const of = (rows: unknown[], id: string) => (rows as Row[]).filter((row) => row.sessionId === id);
    const plain = (content: unknown) => (content === null || typeof content === 'string' ? content : { bytes: [...(content as Uint8Array)] });
    const ids = new Set((sessions as { id: string }[]).map((session) => session.id));
    return {
      sessions: (sessions as { id: string; title: string }[]).map((session) => ({
        id: session.id,
        title: session.title,
        revision: (of(heads, session.id)[0]?.revision as number | undefined) ?? null,
        history: of(history, session.id)
          .sort((a, b) => (a.seq as number) - (b.seq as number))
          .map((row) => row.content as Content),
        roundTrips: of(roundTrips, session.id).length,
        files: Object.fromEntries(of(files, session.id).map((row) => [row.path as string, plain(row.content)])),
        checkpoints: of(checkpoints, session.id).map((row) => row.id as string),
      })),
      orphanHeads: (heads as Row[]).filter((head) => !ids.has(head.sessionId)).map((head) => head.sessionId),
      settings: (settingsRow as Record<string, unknown> | undefined) ?? null,
    };
  });
}

/**
 * What is half-written in a stored history: calls not answered exactly once, stray responses.
 * A history that ends on a model turn whose calls were cut off (the interruption the page offers
 * to continue, rule 2) is not counted here; `endsInterrupted` says so. Two turns of one role in
 * a row are counted apart (`sameRole`): a prompt whose answer could not be stored is followed by
 * the next prompt, as after a crash; the requests sent must still alternate.
 */
export function historyDefects(history: readonly Content[]): { defects: string[]; endsInterrupted: boolean; sameRole: string[] } {
  const last = history.at(-1);
  const endsInterrupted = last?.role === 'model' && last.parts.some((part) => part.functionCall);
  const checked = endsInterrupted ? history.slice(0, -1) : history;
  return { defects: pairingViolations(checked), endsInterrupted, sameRole: sameRoleNeighbourViolations(history) };
}

/** Violations of the pairing and role invariants in the contents of each request the fake server received. */
export function requestDefects(requests: readonly { body: unknown }[]): string[] {
  return requests.flatMap((request, index) => {
    const contents = (request.body as { contents?: Content[] } | null)?.contents ?? [];
    return [...pairingViolations(contents), ...sameRoleNeighbourViolations(contents)].map((violation) => `request ${index + 1}: ${violation}`);
  });
}

/** Rows of `before` missing or changed in `after`: sessions, history entries, round-trips, checkpoints, files not rewritten since. */
export function rowsLost(before: StoredData, after: StoredData, rewrittenFiles: ReadonlySet<string> = new Set()): string[] {
  const lost: string[] = [];
  for (const session of before.sessions) {
    const now = after.sessions.find((candidate) => candidate.id === session.id);
    if (!now) {
      lost.push(`session ${session.id}`);
      continue;
    }
    session.history.forEach((entry, seq) => {
      if (JSON.stringify(now.history[seq]) !== JSON.stringify(entry)) lost.push(`${session.id} history[${seq}]`);
    });
    if (now.roundTrips < session.roundTrips) lost.push(`${session.id}: ${session.roundTrips - now.roundTrips} round-trips`);
    for (const id of session.checkpoints) if (!now.checkpoints.includes(id)) lost.push(`${session.id} checkpoint ${id}`);
    for (const [path, content] of Object.entries(session.files)) {
      if (rewrittenFiles.has(path)) continue;
      if (JSON.stringify(now.files[path]) !== JSON.stringify(content)) lost.push(`${session.id} file ${path}`);
    }
  }
  return lost;
}

export interface MomentCounts {
  moment: string;
  injected: number;
  shown: number;
  partialWrites: number;
  rowsLost: number;
  /** Runs whose stored history ended on a cut-off call after reload (answered by the next message). */
  interruptedTurns: number;
  /** Two stored turns of one role in a row (a prompt whose answer was refused, then the next prompt). */
  sameRoleTurns: number;
  /** Requests sent to the model whose contents broke pairing or alternation. */
  badRequests: number;
  details: string[];
}

export interface TabCounts {
  moment: string;
  applied: number;
  refused: number;
  refusedShown: number;
  lost: number;
  details: string[];
}

/** One file per Playwright run (its workers are children of one runner process), read by printCounts. */
const countsFile = join(tmpdir(), `loopscope-t5-storage-${process.ppid}.jsonl`);

export function recordCounts(counts: MomentCounts | TabCounts): void {
  appendFileSync(countsFile, `${JSON.stringify(counts)}\n`);
}

/** The table of every run recorded so far (the last worker to finish prints all of them). */
export function countsTable(): string {
  if (!existsSync(countsFile)) return '';
  const rows = readFileSync(countsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MomentCounts | TabCounts);
  const byMoment = new Map<string, Record<string, number>>();
  const details: string[] = [];
  for (const row of rows) {
    const totals = byMoment.get(row.moment) ?? { runs: 0 };
    totals.runs = (totals.runs ?? 0) + 1;
    for (const [key, value] of Object.entries(row)) if (typeof value === 'number') totals[key] = (totals[key] ?? 0) + value;
    byMoment.set(row.moment, totals);
    details.push(...row.details.map((detail) => `${row.moment}: ${detail}`));
  }
  const columns = [...new Set([...byMoment.values()].flatMap((totals) => Object.keys(totals)))];
  const table = [['moment', ...columns], ...[...byMoment].map(([moment, totals]) => [moment, ...columns.map((column) => (column in totals ? String(totals[column]) : '-'))])];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  const lines = table.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  return [...lines, ...details.map((detail) => `  ${detail}`)].join('\n');
}
