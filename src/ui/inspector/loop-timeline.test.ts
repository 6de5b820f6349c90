import { describe, expect, it } from 'vitest';
import type { RoundTripRecord } from '../../store/types';
import { timelineRows } from './loop-timeline';

function roundTrip(id: string, startedAt: number, extra: Partial<RoundTripRecord> = {}): RoundTripRecord {
  return { id, sessionId: 's', interactionId: 'i1', startedAt, endedAt: startedAt + 100, request: { model: 'm', contents: [] }, response: [], ...extra };
}

describe('the Timeline rows', () => {
  it('puts each round-trip (a retry as its own, marked) and each tool call in the order they happened, with the wait for approval as its own segment', () => {
    const rows = timelineRows(
      [
        roundTrip('r1', 1_000, {
          turn: { id: 't1', attempt: 1 },
          notes: {
            toolCalls: [
              {
                callId: 'c1',
                name: 'write_file',
                summary: 'a.txt',
                steps: [
                  { status: 'validating', at: 1_101 },
                  { status: 'awaiting_approval', at: 1_102 },
                  { status: 'executing', at: 1_900 },
                  { status: 'success', at: 1_950 },
                ],
              },
            ],
          },
        }),
        roundTrip('r2', 2_000, { turn: { id: 't2', attempt: 1 }, error: { kind: 'rate-limit', message: '429' } }),
        roundTrip('r3', 3_000, { turn: { id: 't2', attempt: 2 }, endedAt: undefined }),
      ],
      3_500,
    );
    expect(rows.map((row) => row.label)).toEqual(['Round-trip 1', 'write_file a.txt', 'Round-trip 2', 'Round-trip 3 (retry 1)']);
    expect(rows[1]).toMatchObject({ kind: 'tool', start: 1_101, end: 1_950, approval: { start: 1_102, end: 1_900 }, status: 'success', going: false });
    expect(rows[2]).toMatchObject({ kind: 'round-trip', failed: true, retry: false });
    // Still going (a replay's current step): drawn up to now, and marked.
    expect(rows[3]).toMatchObject({ retry: true, going: true, start: 3_000, end: 3_500 });
  });
});
