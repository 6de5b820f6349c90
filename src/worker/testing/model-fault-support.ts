/**
 * What the kinds of fault suite T3 (model-fault-kinds.ts) are built from: the kind's shape, the
 * scripts' common parts and the conditions a kind waits for or checks.
 */
import type { FakeChunk, FakeResponse, FakeScript, RecordedRequest } from '../../../e2e/fake-gemini/server.mjs';
import type { InteractionOutcome } from '../../agent/types';
import type { WorkerEvent } from '../protocol';

export interface FaultRunView {
  events: readonly WorkerEvent[];
  requests: readonly RecordedRequest[];
}

export interface ModelFaultKind {
  name: string;
  script: FakeScript;
  /** Stop is sent a moment after this holds (checked every few ms); the moment varies by run. */
  stopWhen?: (view: FaultRunView) => boolean;
  outcomes: readonly InteractionOutcome[];
  /** Problems particular to the kind, as sentences (the text that must arrive, ...). */
  check?: (view: FaultRunView) => string[];
  /**
   * A bug this kind finds today, said plainly. Such a kind stays out of `npm test` and the soak
   * until it is fixed; LOOPSCOPE_FAULT_KNOWN_BUGS=1 runs it.
   */
  knownBug?: string;
}

export const RECOVERED = 'Recovered.';
export const answer: FakeResponse = { chunks: [{ text: RECOVERED, finishReason: 'STOP' }] };
export const listCall = (id?: string): FakeChunk => ({
  functionCalls: [{ name: 'list_directory', args: { dir_path: '.' }, ...(id === undefined ? {} : { id }) }],
  finishReason: 'STOP',
});
/** A tool call first, then `fault` on the request that carries its result. */
export const afterToolCall = (...faults: FakeResponse[]): FakeScript => ({ responses: [{ chunks: [listCall()] }, ...faults], fallback: answer });
export const once = (...faults: FakeResponse[]): FakeScript => ({ responses: faults, fallback: answer });

export function agentEvents(view: FaultRunView) {
  return view.events.flatMap((event) => (event.type === 'agent-event' ? [event.event] : []));
}

/** The visible text the run streamed. */
export function streamedText(view: FaultRunView): string {
  return agentEvents(view)
    .flatMap((event) => (event.type === 'content' ? [event.value] : []))
    .join('');
}

export const sawContent = (view: FaultRunView) => streamedText(view).length > 0;
export const sawRequests = (count: number) => (view: FaultRunView) => view.requests.length >= count;
export const sawRetry = (view: FaultRunView) => agentEvents(view).some((event) => event.type === 'retry');
export const sawToolCall = (view: FaultRunView) => agentEvents(view).some((event) => event.type === 'tool_calls_update');

/** The run's text ends with the recovered answer. */
export const recovered = (view: FaultRunView): string[] =>
  streamedText(view).endsWith(RECOVERED) ? [] : [`expected the answer "${RECOVERED}", streamed "${streamedText(view).slice(-80)}"`];

/** The retry waited what the server asked for (Retry-After), not its own backoff. */
export const retriedAfter = (ms: number) => (view: FaultRunView): string[] => {
  const delays = agentEvents(view).flatMap((event) => (event.type === 'retry' ? [event.value.delayMs] : []));
  return delays[0] === ms ? [] : [`expected a retry after ${ms} ms (Retry-After), got ${JSON.stringify(delays)}`];
};

export const SPLIT_TEXT = 'Zürich ✓ 🙂 — split at every byte.';
export const FIVE_MB = 5 * 1024 * 1024;
export const bigText = 'x'.repeat(FIVE_MB - RECOVERED.length) + RECOVERED;

