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
 * Round-trip records are not part of that rule: they are written in order behind the loop, in
 * batches. The first record handed over waits RECORD_DELAY_MS, and those handed over meanwhile
 * go with it in one transaction, with their Loop inspector notes as they are then (a change of
 * notes waiting to be written is in them). In a loop that does not wait on the model (a replay
 * at Instant) that is one transaction per several round trips instead of two per round trip,
 * which cost ~0.8 ms of each round trip's turnaround (docs/measurements.md). Nothing waits on
 * the person before they are written (writeHeld), the run's end waits for them (flush), and a
 * failed write is reported once as a notice. Each write starts on a task of its own: storing a
 * record copies it synchronously (a long answer's record holds all of its chunks), and the
 * events already waiting to be posted go first.
 */
import type { HistoryStore, RoundTrip } from '../../agent/types';
import type { Content } from '../../shared/content';
import { err, messageOf, ok } from '../../shared/errors';
import type { Result } from '../../shared/errors';
import type { LoopscopeDb } from '../../store/db';
import type { HistoryWriter } from '../../store/history';
import { addRoundTrips, setRoundTripNotes } from '../../store/round-trips';
import type { InspectorNotes } from './inspector-notes';

export interface WorkerHistoryStore extends HistoryStore {
  /** Writes the history kept for the next commit, if any, and the round-trip records handed over so far (before a pause or an approval). */
  writeHeld(): Promise<Result<void>>;
  /** The kept history, then every round-trip record handed to the store, written. */
  flush(): Promise<void>;
  /** The Loop inspector's notes of these round trips changed: rewrite them behind the records. */
  notesChanged(roundTripIds: string[]): void;
}

/** How long a round-trip record, or a change of its notes, waits for those after it, to be written with them. */
const RECORD_DELAY_MS = 50;

export function historyStore(
  db: LoopscopeDb,
  sessionId: string,
  writer: HistoryWriter,
  report: (message: string) => void,
  notes: InspectorNotes,
  { recordDelayMs = RECORD_DELAY_MS }: { recordDelayMs?: number } = {},
): WorkerHistoryStore {
  // The writes behind the loop, in order; it never rejects (a failure is reported once).
  let pending: Promise<void> = Promise.resolve();
  let reported = false;
  const reportOnce = (why: string) => {
    if (reported) return;
    reported = true;
    report(`A model round-trip could not be saved for the Loop inspector: ${why}`);
  };
  // Notes change with every tool status; changes waiting for the same write go in one.
  const changedNotes = new Set<string>();
  // A history committed `withNext`, not written yet; a commit that fails keeps it.
  let held: readonly Content[] | null = null;
  const behind = behindTheLoop(recordDelayMs);
  /** Runs `task` behind the loop: once the wait is over (or released), on a task of its own, after the writes before it. */
  const later = (task: () => Promise<void>) => {
    const released = behind.next();
    pending = pending
      .then(() => released)
      .then(nextTask)
      .then(task)
      .catch((thrown: unknown) => reportOnce(messageOf(thrown)));
  };

  const write = async (history: readonly Content[]): Promise<Result<void>> => {
    const committed = await writer.commit(history);
    if (!committed.ok) {
      // The store's kind and words cross to the page; its detail (revisions) stays here.
      return err({ kind: committed.error.kind, message: committed.error.message });
    }
    held = null;
    return ok(undefined);
  };
  // Round-trips handed over and not written yet, in the order they started: written together.
  const unwritten: RoundTrip[] = [];
  const writeRecords = async () => {
    const batch = unwritten.splice(0);
    if (batch.length === 0) return;
    // The records carry their notes as they are now: a change waiting to be written is in them.
    for (const roundTrip of batch) changedNotes.delete(roundTrip.id);
    const recorded = await addRoundTrips(db, sessionId, batch.map((roundTrip) => ({ roundTrip, notes: notes.notesOf(roundTrip.id) })));
    if (!recorded.ok) reportOnce(recorded.error.message);
  };
  const writeHeld = async (): Promise<Result<void>> => {
    behind.release();
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
      unwritten.push(roundTrip);
      // The first record since the last write began schedules the next write; later ones join it.
      if (unwritten.length === 1) later(writeRecords);
      return Promise.resolve();
    },
    notesChanged(roundTripIds) {
      if (roundTripIds.length === 0) return;
      const scheduled = changedNotes.size > 0;
      for (const id of roundTripIds) changedNotes.add(id);
      if (scheduled) return;
      // Behind the record's own write: a note for a record not stored yet goes in with the record.
      later(async () => {
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


/** The moment work behind the loop may start: `delayMs` after the first wait began, or release() (someone waits for it). */
function behindTheLoop(delayMs: number): { next(): Promise<void>; release(): void } {
  let waiting: { promise: Promise<void>; release: () => void } | undefined;
  return {
    next() {
      if (!waiting) {
        let resolve!: () => void;
        const promise = new Promise<void>((done) => (resolve = done));
        const timer = setTimeout(() => release(), delayMs);
        const release = () => {
          clearTimeout(timer);
          if (waiting?.promise === promise) waiting = undefined;
          resolve();
        };
        waiting = { promise, release };
      }
      return waiting.promise;
    },
    release: () => waiting?.release(),
  };
}
