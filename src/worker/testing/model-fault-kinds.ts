/**
 * The model faults of fault suite T3, as scripts for the fake Gemini server
 * (e2e/fake-gemini/README.md). Each kind is one short interaction: a message, sometimes a tool
 * call first (the fault then hits the request that carries its result), and for a stream that
 * does not end on its own a Stop once the run is visibly waiting. Unless a kind says otherwise,
 * a request the script does not cover gets a plain answer, so a retried fault recovers.
 *
 * `outcomes` are the interaction outcomes that count as a clear end for the kind: a normal end
 * ('completed'), an alert ('error', with an error event the person sees) or a Stop ('cancelled').
 */
import type { FakeChunk, FakeResponse, FakeScript, RecordedRequest } from '../../../e2e/fake-gemini/server.mjs';
import type { InteractionOutcome } from '../../agent/types';
import type { Content } from '../../shared/content';
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
const answer: FakeResponse = { chunks: [{ text: RECOVERED, finishReason: 'STOP' }] };
const listCall = (id?: string): FakeChunk => ({
  functionCalls: [{ name: 'list_directory', args: { dir_path: '.' }, ...(id === undefined ? {} : { id }) }],
  finishReason: 'STOP',
});
/** A tool call first, then `fault` on the request that carries its result. */
const afterToolCall = (...faults: FakeResponse[]): FakeScript => ({ responses: [{ chunks: [listCall()] }, ...faults], fallback: answer });
const once = (...faults: FakeResponse[]): FakeScript => ({ responses: faults, fallback: answer });

function agentEvents(view: FaultRunView) {
  return view.events.flatMap((event) => (event.type === 'agent-event' ? [event.event] : []));
}

/** The visible text the run streamed. */
export function streamedText(view: FaultRunView): string {
  return agentEvents(view)
    .flatMap((event) => (event.type === 'content' ? [event.value] : []))
    .join('');
}

const sawContent = (view: FaultRunView) => streamedText(view).length > 0;
const sawRequests = (count: number) => (view: FaultRunView) => view.requests.length >= count;
const sawRetry = (view: FaultRunView) => agentEvents(view).some((event) => event.type === 'retry');
const sawToolCall = (view: FaultRunView) => agentEvents(view).some((event) => event.type === 'tool_call_request');

/** The run's text ends with the recovered answer. */
const recovered = (view: FaultRunView): string[] =>
  streamedText(view).endsWith(RECOVERED) ? [] : [`expected the answer "${RECOVERED}", streamed "${streamedText(view).slice(-80)}"`];

/** The retry waited what the server asked for (Retry-After), not its own backoff. */
const retriedAfter = (ms: number) => (view: FaultRunView): string[] => {
  const delays = agentEvents(view).flatMap((event) => (event.type === 'retry' ? [event.value.delayMs] : []));
  return delays[0] === ms ? [] : [`expected a retry after ${ms} ms (Retry-After), got ${JSON.stringify(delays)}`];
};

const SPLIT_TEXT = 'Zürich ✓ 🙂 — split at every byte.';
const FIVE_MB = 5 * 1024 * 1024;
const bigText = 'x'.repeat(FIVE_MB - RECOVERED.length) + RECOVERED;

export const MODEL_FAULT_KINDS: readonly ModelFaultKind[] = [
  {
    name: 'a malformed JSON event after some text',
    script: once({ chunks: [{ text: 'Partial ' }, { sse: 'data: {"candidates":[{"content":{"parts":[{"text":"x"}\r\n\r\n' }] }),
    outcomes: ['error', 'completed'],
  },
  {
    name: 'a malformed JSON event before any text',
    script: once({ chunks: [{ sse: 'data: {not json at all\r\n\r\n' }] }),
    outcomes: ['error', 'completed'],
  },
  {
    name: 'SSE written one byte per write (CRLF split, multi-byte characters split)',
    script: once({ chunks: [{ text: SPLIT_TEXT }, { text: ` ${RECOVERED}`, finishReason: 'STOP' }], split: 'bytes' }),
    outcomes: ['completed'],
    check: (view) => (streamedText(view) === `${SPLIT_TEXT} ${RECOVERED}` ? [] : [`text arrived as "${streamedText(view)}"`]),
  },
  {
    name: 'a function call written one byte per write',
    script: { responses: [{ chunks: [listCall()], split: 'bytes' }], fallback: answer },
    outcomes: ['completed'],
    check: (view) => [...recovered(view), ...(sawToolCall(view) ? [] : ['the split function call never ran'])],
  },
  {
    name: 'LF line ends',
    script: once({ chunks: [{ text: 'Line ends ' }, { text: RECOVERED, finishReason: 'STOP' }], lineEnd: 'lf' }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'CR line ends',
    script: once({ chunks: [{ text: 'Line ends ' }, { text: RECOVERED, finishReason: 'STOP' }], lineEnd: 'cr' }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'an empty candidates array',
    script: once({ chunks: [{ raw: { candidates: [], modelVersion: 'gemini-2.5-flash' } }] }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'a candidate with no content',
    script: once({ chunks: [{ raw: { index: 0, finishReason: 'STOP' } }] }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'a SAFETY finish with no text',
    script: once({ chunks: [{ raw: { index: 0, finishReason: 'SAFETY', safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }] } }] }),
    outcomes: ['completed', 'error'],
  },
  {
    name: 'a prompt blocked by promptFeedback, every time',
    script: { responses: [], fallback: { chunks: [{ raw: { promptFeedback: { blockReason: 'SAFETY' } } }] } },
    outcomes: ['error'],
  },
  {
    name: 'a RECITATION finish after some text',
    script: once({ chunks: [{ text: 'Once upon a time' }, { raw: { index: 0, finishReason: 'RECITATION' } }] }),
    outcomes: ['completed', 'error'],
  },
  {
    name: 'a MALFORMED_FUNCTION_CALL finish',
    script: once({ chunks: [{ raw: { index: 0, finishReason: 'MALFORMED_FUNCTION_CALL', finishMessage: 'Malformed function call: print(' } }] }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'an unknown finishReason string with text',
    script: once({ chunks: [{ text: RECOVERED }, { raw: { index: 0, finishReason: 'SOMETHING_NEW_2027' } }] }),
    outcomes: ['completed', 'error'],
  },
  {
    name: 'an unknown finishReason string on a function call',
    script: { responses: [{ chunks: [{ ...listCall(), finishReason: 'SOMETHING_NEW_2027' }] }], fallback: answer },
    outcomes: ['completed', 'error'],
  },
  {
    name: 'HTTP 500 before the stream, every time (retries run out)',
    script: { responses: [], fallback: { status: 500 } },
    outcomes: ['error'],
  },
  {
    name: 'HTTP 503 then success',
    script: once({ status: 503 }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'HTTP 429 with Retry-After then success',
    script: once({ status: 429, headers: { 'Retry-After': '2' } }),
    outcomes: ['completed'],
    check: (view) => [...recovered(view), ...retriedAfter(2000)(view)],
  },
  {
    name: 'HTTP 503 with Retry-After then success',
    script: once({ status: 503, headers: { 'Retry-After': '7' } }),
    outcomes: ['completed'],
    check: (view) => [...recovered(view), ...retriedAfter(7000)(view)],
  },
  {
    name: 'an {error} object mid-stream after some text',
    script: once({ chunks: [{ text: 'Partial ' }, { raw: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } } }] }),
    outcomes: ['error', 'completed'],
  },
  {
    name: 'an {error} object as the first event',
    script: once({ chunks: [{ raw: { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } } }] }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'the socket dropped before the first chunk',
    script: once({ drop: 'before-first-chunk' }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'the socket dropped after the headers',
    script: once({ drop: 'after-headers' }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'the socket dropped after the first chunk',
    script: once({ drop: 'after-first-chunk', chunks: [{ text: 'Partial ' }] }),
    outcomes: ['error', 'completed'],
  },
  {
    name: 'the socket dropped inside an event',
    script: once({ drop: 'after-first-chunk', chunks: [{ sse: 'data: {"candidates":[{"content":{"parts":[{"te' }] }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'the socket dropped after a tool call, on the request with its result',
    script: afterToolCall({ drop: 'after-first-chunk', chunks: [{ text: 'Partial ' }] }),
    outcomes: ['error', 'completed'],
  },
  {
    name: 'a slow drip (a chunk every 60 ms), then Stop',
    script: once({ chunks: Array.from({ length: 100 }, (_, index) => ({ text: `drip ${index} ` })), delayMs: 60 }),
    stopWhen: (view) => streamedText(view).includes('drip 2 '),
    outcomes: ['cancelled'],
  },
  {
    name: 'one 5 MB text chunk',
    script: once({ chunks: [{ text: bigText, finishReason: 'STOP' }] }),
    outcomes: ['completed'],
    check: (view) => (streamedText(view).length === bigText.length ? [] : [`streamed ${streamedText(view).length} of ${bigText.length} characters`]),
  },
  {
    name: 'the same call id twice in one turn',
    script: {
      responses: [
        {
          chunks: [
            {
              functionCalls: [
                { name: 'list_directory', args: { dir_path: '.' }, id: 'dup-1' },
                { name: 'glob', args: { pattern: '**/*' }, id: 'dup-1' },
              ],
              finishReason: 'STOP',
            },
          ],
        },
      ],
      fallback: answer,
    },
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'a call id reused from an earlier turn',
    script: { responses: [{ chunks: [listCall('reused-1')] }, { chunks: [listCall('reused-1')] }], fallback: answer },
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'a function call with no id',
    script: { responses: [{ chunks: [listCall()] }], fallback: answer },
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'a call to an unknown tool',
    script: { responses: [{ chunks: [{ functionCalls: [{ name: 'launch_rockets', args: { count: 3 } }], finishReason: 'STOP' }] }], fallback: answer },
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'call args that are a string, not an object',
    script: {
      responses: [{ chunks: [{ raw: { index: 0, content: { role: 'model', parts: [{ functionCall: { name: 'list_directory', args: 'dir_path=.' } }] }, finishReason: 'STOP' } }] }],
      fallback: answer,
    },
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'call args that are a string, sent back to Gemini',
    script: {
      responses: [{ chunks: [{ raw: { index: 0, content: { role: 'model', parts: [{ functionCall: { name: 'list_directory', args: 'dir_path=.' } }] }, finishReason: 'STOP' } }] }],
      fallback: answer,
    },
    outcomes: ['completed'],
    check: (view) => {
      const sent = view.requests.flatMap((request) => ((request.body as { contents?: Content[] } | undefined)?.contents ?? []).flatMap((content) => content.parts));
      const bad = sent.filter((part) => part.functionCall && (typeof part.functionCall.args !== 'object' || part.functionCall.args === null || Array.isArray(part.functionCall.args)));
      return bad.map((part) => `a request carries functionCall.args ${JSON.stringify(part.functionCall?.args)}; Gemini's args is a Struct (an object)`);
    },
  },
  {
    name: 'a stream that never ends (no chunk), then Stop',
    script: once({ hang: true }),
    stopWhen: sawRequests(1),
    outcomes: ['cancelled'],
  },
  {
    name: 'a stream that hangs after some text, then Stop',
    script: once({ hang: true, chunks: [{ text: 'Thinking it over ' }] }),
    stopWhen: sawContent,
    outcomes: ['cancelled'],
  },
  {
    name: 'a stream that hangs after a function call, then Stop',
    script: once({ hang: true, chunks: [{ functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }] }] }),
    stopWhen: (view) => view.requests.length >= 1 && agentEvents(view).some((event) => event.type === 'round_trip_start'),
    outcomes: ['cancelled'],
  },
  {
    name: 'a stream that hangs after a tool call ran, then Stop',
    script: afterToolCall({ hang: true }),
    stopWhen: sawRequests(2),
    outcomes: ['cancelled'],
  },
  {
    name: 'Stop during the wait before a retry (429, Retry-After: an hour)',
    script: { responses: [], fallback: { status: 429, headers: { 'Retry-After': '3600' } } },
    stopWhen: sawRetry,
    outcomes: ['cancelled'],
  },
  {
    name: 'the socket dropped after a function call arrived',
    script: once({ drop: 'after-first-chunk', chunks: [{ functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }] }] }),
    outcomes: ['error', 'completed'],
  },
  {
    name: 'an {error} object mid-stream after a function call',
    script: once({ chunks: [{ text: 'Reading ' }, { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }] }, { raw: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } } }] }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'retries that run out after a tool call ran',
    script: { responses: [{ chunks: [listCall()] }], fallback: { status: 503, headers: { 'Retry-After': '1' } } },
    outcomes: ['error'],
  },
  {
    name: 'HTTP 400, not retried',
    script: once({ status: 400 }),
    outcomes: ['error'],
    check: (view) => (view.requests.length === 1 ? [] : [`a 400 was sent ${view.requests.length} times`]),
  },
  {
    name: 'an HTML error page instead of SSE',
    script: once({ chunks: [{ sse: '<html><body><h1>502 Bad Gateway</h1></body></html>' }] }),
    outcomes: ['error', 'completed'],
  },
  {
    name: 'an empty 200 response',
    script: once({ chunks: [] }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'text without a finish reason',
    script: once({ chunks: [{ text: 'Half an answer' }] }),
    outcomes: ['completed', 'error'],
  },
  {
    name: 'more chunks after the finish reason',
    script: once({ chunks: [{ text: 'Done', finishReason: 'STOP' }, { text: ' and more' }, { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }] }] }),
    outcomes: ['completed'],
  },
  {
    name: 'a MAX_TOKENS finish after some text',
    script: once({ chunks: [{ text: 'The beginning of a long' }, { raw: { index: 0, finishReason: 'MAX_TOKENS' } }] }),
    outcomes: ['completed', 'error'],
  },
  {
    name: 'the same call id in two chunks of one turn',
    script: {
      responses: [
        {
          chunks: [
            { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' }, id: 'twice' }] },
            { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' }, id: 'twice' }], finishReason: 'STOP' },
          ],
        },
      ],
      fallback: answer,
    },
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'a signed function call, then a stream that never ends, then Stop',
    script: afterToolCall({ hang: true, chunks: [{ functionCalls: [{ name: 'glob', args: { pattern: '*' } }], thoughtSignature: 'c2lnbmVk' }] }),
    stopWhen: sawRequests(2),
    outcomes: ['cancelled'],
  },
  {
    name: 'Stop while a tool runs',
    script: { responses: [{ chunks: [{ functionCalls: [{ name: 'run_shell_command', args: { command: 'sleep 5' } }], finishReason: 'STOP' }] }], fallback: answer },
    stopWhen: (view) => agentEvents(view).some((event) => event.type === 'tool_calls_update' && event.value.some((call) => call.status === 'executing')),
    outcomes: ['cancelled'],
  },
  {
    name: 'a thought-only response',
    script: once({ chunks: [{ thought: 'I should answer, but I will only think.', finishReason: 'STOP' }] }),
    outcomes: ['completed'],
    check: recovered,
  },
  {
    name: 'a response with only a thoughtSignature part',
    script: once({ chunks: [{ raw: { index: 0, content: { role: 'model', parts: [{ thoughtSignature: 'c2lnbmF0dXJl' }] }, finishReason: 'STOP' } }] }),
    outcomes: ['completed'],
    check: recovered,
  },
];
