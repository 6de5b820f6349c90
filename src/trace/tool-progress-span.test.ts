/** A tool call's progress steps (MCP progress notifications, noted by the Loop inspector) in the exported trace. */
import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import type { RoundTripRecord } from '../store/types';
import { otlpJson } from './otlp-json';
import { traceSpans } from './trace-spans';

const T = 1_764_900_000_000;
const call: Content = { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'ref__long', args: {} } }] };
const result: Content = { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'ref__long', response: { output: 'done' } } }] };
const roundTrip: RoundTripRecord = {
  id: 'r1',
  sessionId: 's1',
  interactionId: 'i1',
  startedAt: T,
  endedAt: T + 100,
  turn: { id: 't1', attempt: 1 },
  request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'go' }] }] },
  response: [{ candidates: [{ content: call, finishReason: 'STOP' }] }],
  notes: {
    toolCalls: [
      {
        callId: 'c1',
        name: 'ref__long',
        summary: '',
        steps: [
          { status: 'executing', at: T + 200 },
          { status: 'executing', at: T + 1200, progress: '1 / 2 · Reading secret-plan.md' },
          { status: 'executing', at: T + 2200, progress: '2 / 2' },
          { status: 'executing', at: T + 2250, progress: 'Writing the summary' },
          { status: 'success', at: T + 2300 },
        ],
      },
    ],
  },
};

describe('a tool call\'s progress in the trace', () => {
  const progressOf = (includeMessages: boolean) => {
    const request = JSON.parse(otlpJson(traceSpans({ session: { id: 's1', title: 'Long' }, roundTrips: [roundTrip], history: [{ role: 'user', parts: [{ text: 'go' }] }, call, result] }, { includeMessages }))) as {
      resourceSpans: { scopeSpans: { spans: { name: string; events: { name: string; attributes?: { key: string; value: { stringValue?: string } }[] }[] }[] }[] }[];
    };
    const span = request.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)).find((item) => item.name === 'execute_tool ref__long')!;
    const progress = span.events.map((event) => event.attributes?.find((attribute) => attribute.key === 'loopscope.tool.progress')?.value.stringValue);
    expect(span.events.map((event) => event.name)).toEqual(['executing', 'executing', 'executing', 'executing', 'success']);
    return progress;
  };

  it("is an event per progress step of its execute_tool span: only the counts, not the server's message, unless messages are included", () => {
    expect(progressOf(false)).toEqual([undefined, '1 / 2', '2 / 2', undefined, undefined]);
    expect(progressOf(true)).toEqual([undefined, '1 / 2 · Reading secret-plan.md', '2 / 2', 'Writing the summary', undefined]);
  });
});
