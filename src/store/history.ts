/**
 * History repository: one record per Content, keyed [sessionId+seq].
 *
 * A commit writes only the changed suffix (from the first entry that differs from the
 * last committed array) and deletes records beyond the new length, in one transaction
 * that also bumps the session's revision (its `heads` record). The commit names the revision it expects; if
 * another writer (another tab's worker) bumped it first, nothing is written and the
 * result is a `conflict` (reliability rule 10: two tabs must not overwrite each other).
 * The same transaction stores the cards of the calls whose results it writes (tool-cards.ts).
 */
import { err, ok } from '../shared/errors';
import type { Result } from '../shared/errors';
import type { Content } from '../shared/content';
import type { LoopscopeDb } from './db';
import { attempt, notFound } from './errors';
import { firstDifference } from './history-diff';
import { writeHistory } from './history-write';
import { queryHistory } from './queries';
import { cardsAnsweredBy } from './tool-cards';
import type { HistoryRecord, StoreError, ToolCard } from './types';

export interface LoadedHistory {
  history: Content[];
  /** The session revision this history belongs to; pass it to the next commit. */
  revision: number;
}

export interface HistoryCommit {
  sessionId: string;
  history: readonly Content[];
  /** The array last loaded or committed at `expectedRevision`; it decides what is rewritten. */
  previous: readonly Content[];
  expectedRevision: number;
  /** Cards of finished calls: those whose results are among the entries written are stored with them. */
  cards?: ReadonlyMap<string, ToolCard>;
}

export interface CommitOutcome {
  revision: number;
  /** Records put (the changed suffix). */
  written: number;
  /** Records deleted beyond the new length. */
  deleted: number;
  /** The calls whose cards were stored. */
  carded: string[];
}

/** The history and its revision, read together in one transaction. */
export function loadHistory(db: LoopscopeDb, sessionId: string): Promise<Result<LoadedHistory, StoreError>> {
  return attempt(() =>
    db.transaction('r', [db.sessions, db.heads, db.history], async () => {
      const session = await db.sessions.get(sessionId);
      if (!session) return undefined;
      const head = await db.heads.get(sessionId);
      return { history: await queryHistory(db, sessionId), revision: head?.revision ?? 0 };
    }),
  ).then((loaded) => {
    if (!loaded.ok) return loaded;
    return loaded.value ? ok(loaded.value) : err(notFound('The session'));
  });
}

export async function commitHistory(
  db: LoopscopeDb,
  { sessionId, history, previous, expectedRevision, cards }: HistoryCommit,
): Promise<Result<CommitOutcome, StoreError>> {
  const start = firstDifference(previous, history);
  if (start === history.length && history.length === previous.length) {
    return ok({ revision: expectedRevision, written: 0, deleted: 0, carded: [] });
  }
  const records: HistoryRecord[] = history
    .slice(start)
    .map((content, offset) => ({ sessionId, seq: start + offset, content }));
  const cardRecords = cards ? cardsAnsweredBy(sessionId, history.slice(start), cards) : [];
  const revision = expectedRevision + 1;
  const deleteTo = Math.max(previous.length, history.length);
  const step = await attempt(async () => {
    // Closed by another tab's upgrade: said as Dexie says it (errors.ts).
    if (!db.isOpen()) throw Object.assign(new Error('Database has been closed'), { name: 'DatabaseClosedError' });
    return writeHistory(db.backendDB(), { sessionId, expectedRevision, records, deleteFrom: history.length, deleteTo, cards: cardRecords });
  });
  if (!step.ok) return step;
  switch (step.value.type) {
    case 'committed':
      return ok({ revision, written: records.length, deleted: deleteTo - history.length, carded: cardRecords.map((card) => card.callId) });
    case 'missing':
      return err(notFound('The session'));
    case 'conflict':
      return err({
        kind: 'conflict',
        message:
          'This session was changed in another tab, so this change was not saved. Reload the session to continue from the saved version.',
        detail: `expected revision ${expectedRevision}, found ${step.value.actual}`,
      });
  }
}

/** One session's history as seen by one writer (the worker running it). */
export interface HistoryWriter {
  readonly sessionId: string;
  /** Reads the stored history and remembers it and its revision as the commit base. */
  load(): Promise<Result<Content[], StoreError>>;
  /**
   * Makes `history` durable, writing only what changed since the last load or commit.
   * On `conflict` the base is kept; call load() to adopt the other writer's history.
   * Calling it before load() is a bug and throws.
   */
  commit(history: readonly Content[]): Promise<Result<void, StoreError>>;
  /** How a call's card ended; it is stored by the commit that writes the call's result. */
  noteCard(callId: string, card: ToolCard): void;
  /** The revision of the last load or commit; undefined before load(). */
  revision(): number | undefined;
}

export function createHistoryWriter(db: LoopscopeDb, sessionId: string): HistoryWriter {
  let base: { revision: number; previous: readonly Content[] } | undefined;
  // Cards of finished calls whose results are not stored yet.
  const cards = new Map<string, ToolCard>();
  // Loads and commits run one at a time, so the base always matches what is stored.
  let queue: Promise<unknown> = Promise.resolve();
  function serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    sessionId,
    load: () =>
      serialized(async () => {
        const loaded = await loadHistory(db, sessionId);
        if (!loaded.ok) return loaded;
        base = { revision: loaded.value.revision, previous: loaded.value.history };
        return ok([...loaded.value.history]);
      }),
    commit: (history) =>
      serialized(async () => {
        if (!base) throw new Error('HistoryWriter.commit() called before load()');
        const snapshot = [...history];
        const committed = await commitHistory(db, {
          sessionId,
          history: snapshot,
          previous: base.previous,
          expectedRevision: base.revision,
          cards,
        });
        if (!committed.ok) return committed;
        for (const callId of committed.value.carded) cards.delete(callId);
        base = { revision: committed.value.revision, previous: snapshot };
        return ok(undefined);
      }),
    noteCard: (callId, card) => void cards.set(callId, card),
    revision: () => base?.revision,
  };
}
