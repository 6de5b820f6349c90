import { describe, expect, it } from 'vitest';
import type { ToolCallStatus, ToolCallView } from '../../agent/types';
import type { RoundTripRecord, ToolTimeline } from '../../store/types';
import type { WorkerEvent } from '../../worker/protocol';
import { currentNode, edgeKey, initialLiveLoop, liveLoopStep, loopCounts } from './loop-diagram-model';
import type { LiveLoop } from './loop-diagram-model';

let clock = 1_000;
function roundTrip(id: string, interactionId: string, extra: Partial<RoundTripRecord> = {}): RoundTripRecord {
  clock += 100;
  return { id, sessionId: 's', interactionId, startedAt: clock, endedAt: clock + 40, request: { model: 'm', contents: [] }, response: [{ candidates: [] }], ...extra };
}
function call(callId: string, ...statuses: ToolCallStatus[]): ToolTimeline {
  return { callId, name: 'write_file', summary: 'a.txt', steps: statuses.map((status, index) => ({ status, at: clock + index })) };
}
const turn = (id: string, attempt = 1) => ({ turn: { id, attempt } });

describe('the Diagram’s counts, from the stored round-trips', () => {
  it('counts a prompt, its requests, their streams, each call’s path through the scheduler, the results going back, and the end', () => {
    const counts = loopCounts([
      roundTrip('r1', 'i1', {
        ...turn('t1'),
        notes: { toolCalls: [call('c1', 'validating', 'awaiting_approval', 'scheduled', 'executing', 'executing', 'success'), call('c2', 'validating', 'scheduled', 'executing', 'error')] },
      }),
      roundTrip('r2', 'i1', turn('t2')),
    ]);
    expect(counts.states).toMatchObject({ prompt: 1, model_request: 2, streaming: 2, validating: 2, awaiting_approval: 1, scheduled: 2, executing: 2, success: 1, error: 1, cancelled: 0, end: 1 });
    expect(Object.fromEntries(counts.edges)).toEqual({
      [edgeKey('prompt', 'model_request')]: 1,
      [edgeKey('model_request', 'streaming')]: 2,
      [edgeKey('streaming', 'validating')]: 2,
      [edgeKey('validating', 'awaiting_approval')]: 1,
      [edgeKey('awaiting_approval', 'scheduled')]: 1,
      [edgeKey('validating', 'scheduled')]: 1,
      [edgeKey('scheduled', 'executing')]: 2,
      [edgeKey('executing', 'success')]: 1,
      [edgeKey('executing', 'error')]: 1,
      [edgeKey('success', 'model_request')]: 1,
      [edgeKey('error', 'model_request')]: 1,
      [edgeKey('streaming', 'end')]: 1,
    });
    expect(counts.lastEnd).toBe('completed');
  });

  it('marks retries, compression and loop guards, and leaves the summarizer’s own request out of the loop', () => {
    const counts = loopCounts([
      roundTrip('r0', 'i1', { turn: { id: 's1', attempt: 1, purpose: 'compression' }, notes: { events: [{ type: 'chat_compressed', value: { originalTokenCount: 900, newTokenCount: 300, compressionStatus: 'COMPRESSED' }, at: 1 }] } }),
      roundTrip('r1', 'i1', { ...turn('t1'), response: [], error: { kind: 'rate-limit', message: '429' } }),
      roundTrip('r2', 'i1', { ...turn('t1', 2), notes: { events: [{ type: 'loop_detected', value: { loopType: 'chanting_identical_sentences' }, at: 2 }] } }),
    ]);
    expect(counts.marks).toEqual({ retry: 1, compression: 1, loop_guard: 1 });
    expect(counts.states).toMatchObject({ prompt: 1, model_request: 2, streaming: 1, end: 1 });
    expect(counts.lastEnd).toBe('loop_detected');
  });

  it('ends a turn whose last attempt failed from where it got, and says the end was an error; a rejected call ends cancelled', () => {
    const failed = loopCounts([roundTrip('r1', 'i1', { ...turn('t1'), response: [], error: { kind: 'server', message: '500' } })]);
    expect(failed.edges.get(edgeKey('model_request', 'end'))).toBe(1);
    expect(failed.lastEnd).toBe('error');
    const rejected = loopCounts([roundTrip('r1', 'i1', { ...turn('t1'), notes: { toolCalls: [call('c1', 'validating', 'awaiting_approval', 'cancelled')] } })]);
    expect(rejected.edges.get(edgeKey('awaiting_approval', 'cancelled'))).toBe(1);
    expect(rejected.edges.get(edgeKey('cancelled', 'end'))).toBe(1);
    expect(rejected.lastEnd).toBe('cancelled');
  });

  it('does not end an interaction that is still running, nor send its finished calls anywhere yet', () => {
    const records = [roundTrip('r1', 'i1', turn('t1')), roundTrip('r2', 'i2', { ...turn('t2'), notes: { toolCalls: [call('c1', 'validating', 'scheduled', 'executing', 'success')] } })];
    const running = loopCounts(records, true);
    expect(running.states).toMatchObject({ prompt: 2, end: 1, success: 1 });
    expect(running.edges.get(edgeKey('success', 'end'))).toBeUndefined();
    expect(loopCounts(records, false).edges.get(edgeKey('success', 'end'))).toBe(1);
    expect(loopCounts(records, false).lastEnd).toBe('stopped');
  });

  it('counts nothing of a subagent’s round-trips', () => {
    const counts = loopCounts([
      roundTrip('r1', 'i1', { ...turn('t1'), notes: { toolCalls: [call('task-1', 'validating', 'scheduled', 'executing', 'success')] } }),
      roundTrip('sub', 'i1', { ...turn('u1'), subagent: { callId: 'task-1', description: 'look around' } }),
      roundTrip('r2', 'i1', turn('t2')),
    ]);
    expect(counts.states.model_request).toBe(2);
  });
});

describe('the Diagram’s current state, live from the worker’s events', () => {
  const S = 'session-1';
  const agent = (event: Extract<WorkerEvent, { type: 'agent-event' }>['event']): WorkerEvent => ({ type: 'agent-event', sessionId: S, event });
  const views = (...statuses: ToolCallStatus[]): ToolCallView[] => statuses.map((status, index) => ({ callId: `c${index}`, name: 'write_file', args: {}, summary: '', status, index }));
  const play = (events: WorkerEvent[], from: LiveLoop = initialLiveLoop) => events.reduce((live, event) => liveLoopStep(live, S, event), from);

  it('follows a run: the prompt, the request, the stream, each tool state, the next request and the end with its reason', () => {
    const steps: [WorkerEvent, string | null][] = [
      [{ type: 'running', sessionId: S, running: true }, 'prompt'],
      [agent({ type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } }), 'model_request'],
      [agent({ type: 'content', value: 'Hel' }), 'streaming'],
      [agent({ type: 'tool_calls_update', value: views('validating') }), 'validating'],
      [agent({ type: 'tool_calls_update', value: views('awaiting_approval') }), 'awaiting_approval'],
      [agent({ type: 'tool_calls_update', value: views('scheduled') }), 'scheduled'],
      [agent({ type: 'tool_calls_update', value: views('executing') }), 'executing'],
      [agent({ type: 'tool_calls_update', value: views('success') }), 'success'],
      [agent({ type: 'retry', value: { attempt: 1, maxRetries: 3, delayMs: 10, reason: 'server', message: '500' } }), 'retry'],
      [agent({ type: 'round_trip_start', value: { roundTripId: 'r2', model: 'm' } }), 'model_request'],
      [agent({ type: 'interaction_end', value: { outcome: 'completed' } }), 'end'],
      [{ type: 'running', sessionId: S, running: false }, 'end'],
    ];
    let live = initialLiveLoop;
    for (const [event, expected] of steps) {
      live = liveLoopStep(live, S, event);
      expect(live.current, event.type === 'agent-event' ? event.event.type : event.type).toBe(expected);
    }
    expect(live.ended).toBe('completed');
    expect(live.running).toBe(false);
    // The interaction's end ends it for the counts, before the run's own end is posted.
    const ended = play([{ type: 'running', sessionId: S, running: true }, agent({ type: 'interaction_end', value: { outcome: 'error' } })]);
    expect(ended).toMatchObject({ current: 'end', running: false, ended: 'error' });
  });

  it('lights the call that waits on the person while another of its batch is queued, then the last call to finish', () => {
    const live = play([{ type: 'running', sessionId: S, running: true }, agent({ type: 'tool_calls_update', value: views('scheduled', 'awaiting_approval') })]);
    expect(live.current).toBe('awaiting_approval');
    expect(play([agent({ type: 'tool_calls_update', value: views('success', 'error') })], play([agent({ type: 'tool_calls_update', value: views('success', 'executing') })], live)).current).toBe('error');
  });

  it('in Step through, lights the model request before a model call and the scheduled state before a tool', () => {
    const beforeModel = play([{ type: 'running', sessionId: S, running: true }, { type: 'paused', sessionId: S, pause: { stage: 'before_model', label: 'model call 1', step: 1 } }]);
    expect(beforeModel.current).toBe('model_request');
    expect(play([{ type: 'paused', sessionId: S, pause: { stage: 'before_tool', label: 'write_file a', step: 2 } }], beforeModel).current).toBe('scheduled');
  });

  it('ignores another session’s events, keeps the same object for an event that changes nothing, and starts again when the session reopens', () => {
    const live = play([{ type: 'running', sessionId: S, running: true }, agent({ type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } }), agent({ type: 'content', value: 'a' })]);
    expect(liveLoopStep(live, S, { type: 'running', sessionId: 'other', running: false })).toBe(live);
    expect(liveLoopStep(live, S, agent({ type: 'content', value: 'b' }))).toBe(live);
    expect(liveLoopStep(live, S, { type: 'session-loaded', session: { sessionId: S, approvalMode: 'ask', history: [], interruption: { type: 'none' }, sandboxKind: 'offline' } })).toEqual(initialLiveLoop);
  });

  it('with no event seen, shows a session at rest at its end, and one that never asked nothing', () => {
    expect(currentNode(initialLiveLoop, loopCounts([roundTrip('r1', 'i1', turn('t1'))]))).toBe('end');
    expect(currentNode(initialLiveLoop, loopCounts([]))).toBeNull();
  });
});
