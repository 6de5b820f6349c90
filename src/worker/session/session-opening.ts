/**
 * A long session opens with its transcript's tail first. Reading a 2,000-round-trip history
 * (4,000 entries, 2 MB) from IndexedDB took 75–360 ms in the worker, and cloning it into the
 * page another 40–180 ms of main-thread time, while the transcript shows only its last 150
 * items. So `session-loaded` carries the last entries (read in ~10 ms) and is posted before the
 * whole history is read for the agent; the entries before them follow in `session-earlier`,
 * as JSON text: a string crosses the thread as one copy, and parsing it costs the page about
 * a tenth of what cloning the objects did.
 */
import { detectTurnInterruption } from '../../agent/history/interruption';
import type { Interruption } from '../../agent/types';
import type { Content } from '../../shared/content';
import type { LoopscopeDb } from '../../store/db';
import { attempt } from '../../store/errors';
import { queryHistoryTail } from '../../store/queries';
import { queryToolCards } from '../../store/tool-cards';
import type { ToolCard } from '../../store/types';
import type { WorkerEvent } from '../protocol';
import { RuntimeError } from './session-runtime';

/** Entries read first: enough for the transcript's first 150 items (a tool call is two entries). */
export const HISTORY_TAIL = 400;

export interface HistoryTail {
  history: Content[];
  /** Index of `history[0]` in the stored history. */
  from: number;
  /** What Continue would resume: it depends on the last entries only. */
  interruption: Interruption;
  /** The stored cards of the calls the tail answers. */
  cards: Record<string, ToolCard>;
}

/**
 * The tail starts at a model entry, so no tool call is split from its result: a model entry's
 * calls are answered by the entry after it.
 */
export async function loadHistoryTail(db: LoopscopeDb, sessionId: string, count = HISTORY_TAIL): Promise<HistoryTail> {
  const read = await attempt(() => queryHistoryTail(db, sessionId, count));
  if (!read.ok) throw new RuntimeError(read.error.kind, read.error.message);
  const { history, from } = read.value;
  const start = from > 0 ? Math.max(0, history.findIndex((content) => content.role === 'model')) : 0;
  const tail = history.slice(start);
  // Cards that cannot be read are derived from the history, as for a session stored before cards were.
  const cards = await attempt(() => queryToolCards(db, sessionId, tail));
  return { history: tail, from: from + start, interruption: detectTurnInterruption(tail), cards: cards.ok ? cards.value : {} };
}

/** The entries before the tail and their calls' cards, once the whole history is loaded; null when the tail was all of it. */
export async function loadEarlierHistory(db: LoopscopeDb, sessionId: string, history: readonly Content[], from: number): Promise<WorkerEvent | null> {
  if (from <= 0) return null;
  const earlier = history.slice(0, from);
  const cards = await attempt(() => queryToolCards(db, sessionId, earlier));
  return { type: 'session-earlier', sessionId, history: JSON.stringify(earlier), cards: cards.ok ? cards.value : {} };
}
