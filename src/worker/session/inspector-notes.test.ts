import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { AgentEvent, ToolCallStatus, ToolCallView } from '../../agent/types';
import { listRoundTrips } from '../../store/round-trips';
import { PROGRESS_STEPS_KEPT, createInspectorNotes } from './inspector-notes';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

function update(callId: string, status: ToolCallStatus): AgentEvent {
  const view: ToolCallView = { callId, name: 'write_file', args: {}, summary: 'a.txt', status, index: 0 };
  return { type: 'tool_calls_update', value: [view] };
}

describe('inspector notes', () => {
  it('keep each status a call enters once, with its time, under the round-trip that asked for the call', () => {
    const notes = createInspectorNotes();
    notes.observe({ type: 'round_trip_start', value: { roundTripId: 'rt1', model: 'm' } }, 0);
    notes.observe({ type: 'round_trip_end', value: { roundTripId: 'rt1' } }, 5);
    expect(notes.observe(update('c1', 'validating'), 10)).toEqual(['rt1']);
    notes.observe(update('c1', 'awaiting_approval'), 11);
    expect(notes.observe(update('c1', 'awaiting_approval'), 12)).toEqual([]);
    notes.observe(update('c1', 'executing'), 400);
    notes.observe(update('c1', 'success'), 450);
    notes.observe({ type: 'round_trip_start', value: { roundTripId: 'rt2', model: 'm' } }, 460);
    // A late update of the call still goes to the round-trip that asked for it.
    expect(notes.observe(update('c1', 'success'), 470)).toEqual([]);
    expect(notes.notesOf('rt1')).toEqual({
      toolCalls: [
        {
          callId: 'c1',
          name: 'write_file',
          summary: 'a.txt',
          steps: [
            { status: 'validating', at: 10 },
            { status: 'awaiting_approval', at: 11 },
            { status: 'executing', at: 400 },
            { status: 'success', at: 450 },
          ],
        },
      ],
    });
    expect(notes.notesOf('rt2')).toBeUndefined();
  });

  it('put compression and loop-guard events on the round-trip running or last ended, and hold early ones for the next', () => {
    const notes = createInspectorNotes();
    const compressed: AgentEvent = { type: 'chat_compressed', value: { originalTokenCount: 900, newTokenCount: 100, compressionStatus: 'COMPRESSED' } };
    expect(notes.observe(compressed, 1)).toEqual([]);
    expect(notes.observe({ type: 'round_trip_start', value: { roundTripId: 'rt1', model: 'm' } }, 2)).toEqual(['rt1']);
    expect(notes.observe({ type: 'loop_detected', value: { loopType: 'consecutive_identical_tool_calls' } }, 3)).toEqual(['rt1']);
    expect(notes.notesOf('rt1')?.events).toEqual([
      { ...compressed, at: 1 },
      { type: 'loop_detected', value: { loopType: 'consecutive_identical_tool_calls' }, at: 3 },
    ]);
  });
});

describe('the worker keeps the notes with the round-trip records', () => {
  it('stores the tool timeline, the turn and the scripted model name with each round-trip', async () => {
    const harness = createControllerHarness({
      databaseName: `inspector-notes-${Math.random()}`,
      model: createFakeModel([reply(FC('write_file', { file_path: 'a.txt', content: 'hi' }), 'STOP'), reply(T('done'), 'STOP')]),
      settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' },
    });
    await harness.init();
    const sessionId = harness.loaded()[0]!.sessionId;
    await harness.send({ type: 'send', sessionId: null, text: 'write a.txt' });
    await harness.controller.idle();
    const stored = await listRoundTrips(harness.db, sessionId);
    if (!stored.ok) throw new Error(stored.error.message);
    const [first, second] = stored.value;
    expect(stored.value.map((roundTrip) => roundTrip.request.model)).toEqual(['Scripted demo', 'Scripted demo']);
    expect(first!.turn?.attempt).toBe(1);
    expect(second!.turn?.id).not.toBe(first!.turn?.id);
    const timeline = first!.notes?.toolCalls?.[0];
    expect(timeline?.name).toBe('write_file');
    expect(timeline?.steps.map((step) => step.status)).toEqual(['validating', 'scheduled', 'executing', 'success']);
    const times = timeline!.steps.map((step) => step.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(first!.endedAt!);
    expect(second!.notes).toBeUndefined();
    harness.db.close();
  });
});

describe('inspector notes of a tool call\'s progress', () => {
  const progressing = (callId: string, progress: number, total: number): AgentEvent => ({
    type: 'tool_calls_update',
    value: [{ callId, name: 'srv__long', args: {}, summary: '', status: 'executing', index: 0, progress: { progress, total } }],
  });

  it('note each change of the words as an executing step with its time, and keep the first ones and the latest of a chatty tool', () => {
    const notes = createInspectorNotes();
    notes.observe({ type: 'round_trip_start', value: { roundTripId: 'rt1', model: 'm' } }, 0);
    notes.observe(update('c1', 'executing'), 10);
    expect(notes.observe(progressing('c1', 1, 3), 20)).toEqual(['rt1']);
    expect(notes.observe(progressing('c1', 1, 3), 25)).toEqual([]);
    notes.observe(progressing('c1', 2, 3), 30);
    notes.observe(update('c1', 'success'), 40);
    expect(notes.notesOf('rt1')?.toolCalls?.[0]?.steps).toEqual([
      { status: 'executing', at: 10 },
      { status: 'executing', at: 20, progress: '1 / 3' },
      { status: 'executing', at: 30, progress: '2 / 3' },
      { status: 'success', at: 40 },
    ]);

    notes.observe(update('c2', 'executing'), 100);
    for (let step = 1; step <= 100; step++) notes.observe(progressing('c2', step, 100), 100 + step);
    const steps = notes.notesOf('rt1')!.toolCalls![1]!.steps.filter((step) => step.progress !== undefined);
    expect(steps).toHaveLength(PROGRESS_STEPS_KEPT);
    expect(steps[0]).toEqual({ status: 'executing', at: 101, progress: '1 / 100' });
    expect(steps.at(-1)).toEqual({ status: 'executing', at: 200, progress: '100 / 100' });
  });
});
