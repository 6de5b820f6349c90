/** Fault suite T3, the kinds from the last dropped socket on: slow and endless streams with Stop, big chunks, call ids and args, late additions (HTTP 400, HTML pages, odd endings, thought-only answers). */
import type { Content } from '../../shared/content';
import { afterToolCall, agentEvents, answer, bigText, listCall, once, recovered, sawContent, sawRequests, sawRetry, streamedText } from './model-fault-support';
import type { ModelFaultKind } from './model-fault-support';

export const STOP_AND_ID_KINDS: readonly ModelFaultKind[] = [
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
