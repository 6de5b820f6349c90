import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import type { RoundTripRecord } from '../store/types';
import { traceSpans } from './trace-spans';

const T = 1_764_900_000_000;
const MODEL = 'gemini-2.5-flash';
const ask: Content = { role: 'user', parts: [{ text: 'How many files?' }] };
const taskReply: Content = { role: 'model', parts: [{ functionCall: { id: 'task-1', name: 'task', args: { description: 'Count files', prompt: 'Count the files.' } } }] };
const taskResult: Content = { role: 'user', parts: [{ functionResponse: { id: 'task-1', name: 'task', response: { output: 'Two.' } } }] };
const history = [ask, taskReply, taskResult, { role: 'model' as const, parts: [{ text: 'There are two.' }] }];
const subagent = { callId: 'task-1', description: 'Count files' };

function record(id: string, startedAt: number, extra: Partial<RoundTripRecord> = {}): RoundTripRecord {
  return { id, sessionId: 's1', interactionId: 'i1', startedAt, endedAt: startedAt + 100, request: { model: MODEL, contents: [ask] }, response: [], ...extra };
}

const roundTrips = [
  record('r1', T, { notes: { toolCalls: [{ callId: 'task-1', name: 'task', summary: 'Count files', steps: [{ status: 'executing', at: T + 110 }, { status: 'success', at: T + 900 }] }] } }),
  record('n1', T + 200, { interactionId: 'nested', subagent, request: { model: MODEL, contents: [{ role: 'user', parts: [{ text: 'Count the files.' }] }] } }),
  record('n2', T + 400, { interactionId: 'nested', subagent, endedAt: T + 950 }),
  record('r2', T + 1000, { request: { model: MODEL, contents: history.slice(0, 3) } }),
];

describe("a subagent in the session's trace", () => {
  it('is an invoke_agent span under its task call’s execute_tool span, over chat spans of its own round-trips, in the same trace', () => {
    const spans = traceSpans({ session: { id: 's1', title: 'Count' }, roundTrips, history }, { includeMessages: false });
    expect(spans.map((span) => span.name)).toEqual([
      'invoke_agent Loopscope',
      `chat ${MODEL}`,
      `chat ${MODEL}`,
      'execute_tool task',
      'invoke_agent subagent',
      `chat ${MODEL}`,
      `chat ${MODEL}`,
    ]);
    const [root, firstChat, , tool, agent, nestedFirst, nestedSecond] = spans;
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    expect(tool!.parentSpanId).toBe(firstChat!.spanId);
    expect(agent!.parentSpanId).toBe(tool!.spanId);
    expect([nestedFirst!.parentSpanId, nestedSecond!.parentSpanId]).toEqual([agent!.spanId, agent!.spanId]);
    // Each span holds its children in time.
    expect(tool!.end).toBeGreaterThanOrEqual(agent!.end);
    expect(agent!.end).toBeGreaterThanOrEqual(nestedSecond!.end);
    expect(firstChat!.end).toBeGreaterThanOrEqual(tool!.end);
    expect(root!.end).toBeGreaterThanOrEqual(firstChat!.end);
    expect(agent!.attributes['gen_ai.agent.description']).toBeUndefined();
    const withMessages = traceSpans({ session: { id: 's1', title: 'Count' }, roundTrips, history }, { includeMessages: true });
    expect(withMessages.find((span) => span.name === 'invoke_agent subagent')!.attributes['gen_ai.agent.description']).toBe('Count files');
  });
});
