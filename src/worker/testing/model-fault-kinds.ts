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
import { RECOVERED, SPLIT_TEXT, answer, listCall, once, recovered, retriedAfter, sawToolCall, streamedText } from './model-fault-support';
import type { ModelFaultKind } from './model-fault-support';
import { STOP_AND_ID_KINDS } from './model-fault-kinds-stop-ids';

export { RECOVERED, streamedText } from './model-fault-support';
export type { FaultRunView, ModelFaultKind } from './model-fault-support';

/** The first half: stream format, finish reasons, HTTP failures and the first dropped sockets. */
const FORMAT_AND_CONTENT_KINDS: readonly ModelFaultKind[] = [
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
];

export const MODEL_FAULT_KINDS: readonly ModelFaultKind[] = [...FORMAT_AND_CONTENT_KINDS, ...STOP_AND_ID_KINDS];
