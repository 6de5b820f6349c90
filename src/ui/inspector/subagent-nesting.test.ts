import { describe, expect, it } from 'vitest';
import type { RoundTripRecord } from '../../store/types';
import { groupRoundTrips, ownRoundTrips } from './inspector-model';
import { timelineRows } from './loop-timeline';

function roundTrip(id: string, startedAt: number, extra: Partial<RoundTripRecord> = {}): RoundTripRecord {
  return { id, sessionId: 's', interactionId: 'i1', startedAt, endedAt: startedAt + 100, request: { model: 'm', contents: [] }, response: [], ...extra };
}

const subagent = { callId: 'task1', description: 'Count files' };
const taskCall = { callId: 'task1', name: 'task', summary: 'Count files', steps: [{ status: 'executing' as const, at: 1_150 }, { status: 'success' as const, at: 1_900 }] };
const records = [
  roundTrip('r1', 1_000, { turn: { id: 't1', attempt: 1 }, notes: { toolCalls: [taskCall] } }),
  roundTrip('n1', 1_200, {
    interactionId: 'nested',
    turn: { id: 'nt1', attempt: 1 },
    subagent,
    notes: { toolCalls: [{ callId: 'l1', name: 'list_directory', summary: '.', steps: [{ status: 'executing', at: 1_310 }, { status: 'success', at: 1_320 }] }] },
  }),
  roundTrip('n2', 1_400, { interactionId: 'nested', turn: { id: 'nt2', attempt: 1 }, subagent }),
  roundTrip('r2', 2_000, { turn: { id: 't2', attempt: 1 } }),
];

describe("a subagent's round-trips in the Loop inspector", () => {
  it('nest under the turn that asked for their task call, apart from the session’s own interactions and numbers', () => {
    const interactions = groupRoundTrips(records);
    expect(interactions.map((interaction) => interaction.id)).toEqual(['i1']);
    expect(interactions[0]!.roundTrips).toBe(2);
    const [first, second] = interactions[0]!.turns;
    expect(first!.subagents).toEqual([{ callId: 'task1', description: 'Count files', turns: [expect.objectContaining({ id: 'nt1' }), expect.objectContaining({ id: 'nt2' })] }]);
    expect(second!.subagents).toBeUndefined();
    expect(ownRoundTrips(records).map((record) => record.id)).toEqual(['r1', 'r2']);
  });

  it('go in the Timeline right under their task call, numbered within the subagent', () => {
    const rows = timelineRows(records, 3_000);
    expect(rows.map((row) => row.label)).toEqual(['Round-trip 1', 'task Count files', 'Subagent round-trip 1', 'Subagent: list_directory .', 'Subagent round-trip 2', 'Round-trip 2']);
    expect(rows[3]).toMatchObject({ kind: 'tool', nested: true, status: 'success' });
    expect(rows[2]).toMatchObject({ kind: 'round-trip', nested: true, start: 1_200 });
  });
});
