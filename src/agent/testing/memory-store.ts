/**
 * A HistoryStore in memory that keeps a deep copy of every commit, so tests can check
 * INVARIANT (c): what was stored equals the agent's history at every commit point.
 */
import type { Content } from '../../shared/content';
import type { HistoryStore, RoundTrip } from '../types';

export interface MemoryStore extends HistoryStore {
  readonly commits: Content[][];
  readonly roundTrips: RoundTrip[];
  /** The last committed history (what a reload would read). */
  history(): Content[];
}

export function createMemoryStore(initial: readonly Content[] = []): MemoryStore {
  const commits: Content[][] = [];
  const roundTrips: RoundTrip[] = [];
  let last: Content[] = structuredClone([...initial]);
  return {
    commits,
    roundTrips,
    history: () => structuredClone(last),
    async commit(history) {
      last = structuredClone([...history]);
      commits.push(structuredClone(last));
      return { ok: true, value: undefined };
    },
    async recordRoundTrip(roundTrip) {
      roundTrips.push(structuredClone(roundTrip));
    },
  };
}
