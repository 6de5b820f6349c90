/**
 * The agent's HistoryStore in the worker: history commits through the session's HistoryWriter,
 * round-trip records for the Loop inspector behind the loop.
 *
 * History commits are awaited (the loop's durability rule), except one the agent marks
 * `withNext` (a model turn whose calls only read): that one is kept and written by the next
 * commit, in its transaction (one IndexedDB transaction per read-only round trip instead of
 * two), or by `writeHeld` before anything waits on the person (the records handed over so far
 * too), or when the run ends (`flush`).
 *
 * Round-trip records are not part of that rule: they are written in order behind the loop, so a
 * model request never waits for the previous response's record; the run's end waits for them
 * (flush), and a failed write is reported once as a notice. Each write starts on a task of its
 * own: storing a record copies it synchronously (a long answer's record holds all of its
 * chunks), and the events already waiting to be posted go first.
 */
import type { HistoryStore } from '../../agent/types';
import type { Content } from '../../shared/content';
import { err, ok } from '../../shared/errors';
import type { Result } from '../../shared/errors';
import type { LoopscopeDb } from '../../store/db';
import type { HistoryWriter } from '../../store/history';
import { addRoundTrip, setRoundTripNotes } from '../../store/round-trips';
import type { InspectorNotes } from './inspector-notes';

export interface WorkerHistoryStore extends HistoryStore {
  /** Writes the history kept for the next commit, if any, and the round-trip records handed over so far (before a pause or an approval). */
  writeHeld(): Promise<Result<void>>;
  /** The kept history, then every round-trip record handed to the store, written. */
  flush(): Promise<void>;
  /** The Loop inspector's notes of these round trips changed: rewrite them behind the records. */
  notesChanged(roundTripIds: string[]): void;
}

export function historyStore(
  db: LoopscopeDb,
  sessionId: string,
  writer: HistoryWriter,
  report: (message: string) => void,
  notes: InspectorNotes,
): WorkerHistoryStore {
  let pending: Promise<void> = Promise.resolve();
  let reported = false;
  // Notes change with every tool status; changes waiting for the same write go in one.
  const changedNotes = new Set<string>();
  // A history committed `withNext`, not written yet; a commit that fails keeps it.
  let held: readonly Content[] | null = null;

  const write = async (history: readonly Content[]): Promise<Result<void>> => {
    const committed = await writer.commit(history);
    if (!committed.ok) {
      // The store's kind and words cross to the page; its detail (revisions) stays here.
      return err({ kind: committed.error.kind, message: committed.error.message });
    }
    held = null;
    return ok(undefined);
  };
  const writeHeld = async (): Promise<Result<void>> => {
    const records = pending;
    const written = held ? await write(held) : ok(undefined);
    await records;
    return written;
  };

  return {
    commit(history, options) {
      if (!options?.withNext) return write(history);
      held = history;
      return Promise.resolve(ok(undefined));
    },
    writeHeld,
    recordRoundTrip(roundTrip) {
      pending = pending.then(nextTask).then(async () => {
        const recorded = await addRoundTrip(db, sessionId, roundTrip, notes.notesOf(roundTrip.id));
        if (recorded.ok || reported) return;
        reported = true;
        report(`A model round-trip could not be saved for the Loop inspector: ${recorded.error.message}`);
      });
      return Promise.resolve();
    },
    notesChanged(roundTripIds) {
      if (roundTripIds.length === 0) return;
      const scheduled = changedNotes.size > 0;
      for (const id of roundTripIds) changedNotes.add(id);
      if (scheduled) return;
      // Behind the record's own write: a note for a record not stored yet goes in with the record.
      pending = pending.then(nextTask).then(async () => {
        const ids = [...changedNotes];
        changedNotes.clear();
        for (const id of ids) {
          const current = notes.notesOf(id);
          if (current) await setRoundTripNotes(db, id, current);
        }
      });
    },
    // A kept history whose write fails here was already refused with its results (the agent said so).
    flush: () => writeHeld().then(() => pending),
  };
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
