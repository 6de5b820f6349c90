// The Gemini REST wire format, as the fake server writes it: scripted chunks become
// GenerateContentResponse JSON, HTTP errors become Google's `{error:{code,message,status}}`.
// Plain Node ESM, no dependencies: the fake must run in Playwright's web server and benchmarks.

/** Google RPC status names by HTTP status, as the Gemini API reports them. */
const statusNames = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const defaultMessages = {
  400: 'Request contains an invalid argument.',
  401: 'API key not valid. Please pass a valid API key.',
  403: 'The caller does not have permission',
  404: 'Requested entity was not found.',
  429: 'You exceeded your current quota, please check your plan and billing details.',
  499: 'The operation was cancelled.',
  500: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  503: 'The model is overloaded. Please try again later.',
  504: 'Deadline expired before operation could complete.',
};

/** The JSON body Gemini sends with an HTTP error. */
export function errorBody(status, message) {
  return {
    error: {
      code: status,
      message: message ?? defaultMessages[status] ?? `HTTP ${status}`,
      status: statusNames[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'),
    },
  };
}

/** Keys that mark a `raw` chunk as a whole response rather than one candidate. */
const responseKeys = ['candidates', 'usageMetadata', 'promptFeedback', 'error', 'modelVersion', 'responseId'];

function partsOf(chunk) {
  const parts = [];
  if (typeof chunk.thought === 'string') parts.push({ text: chunk.thought, thought: true });
  if (typeof chunk.text === 'string') parts.push({ text: chunk.text });
  for (const call of chunk.functionCalls ?? []) {
    const functionCall = { name: call.name, args: call.args ?? {} };
    if (call.id !== undefined) functionCall.id = call.id;
    const part = { functionCall };
    if (call.thoughtSignature !== undefined) part.thoughtSignature = call.thoughtSignature;
    parts.push(part);
  }
  if (chunk.thoughtSignature !== undefined) {
    // Gemini signs the first function call of a turn; a text-only turn carries it on a text part.
    const target = parts.find((part) => part.functionCall) ?? parts.find((part) => !part.thought);
    if (target) target.thoughtSignature = chunk.thoughtSignature;
    else parts.push({ text: '', thoughtSignature: chunk.thoughtSignature });
  }
  return parts;
}

/** One scripted chunk as a GenerateContentResponse object. */
export function responseOf(chunk, model) {
  if (chunk.raw !== undefined) {
    const isResponse = responseKeys.some((key) => key in chunk.raw);
    return isResponse ? chunk.raw : { candidates: [chunk.raw], modelVersion: model };
  }
  const candidate = { index: 0 };
  const parts = partsOf(chunk);
  if (parts.length > 0) candidate.content = { role: 'model', parts };
  if (chunk.finishReason) candidate.finishReason = chunk.finishReason;
  const response = { candidates: [candidate] };
  if (chunk.usage) response.usageMetadata = chunk.usage;
  response.modelVersion = model;
  response.responseId = `fake-${Math.random().toString(36).slice(2, 10)}`;
  return response;
}

const lineEnds = { crlf: '\r\n', lf: '\n', cr: '\r' };

/**
 * One SSE event in the format of `streamGenerateContent?alt=sse` (Gemini ends lines with CRLF;
 * `lineEnd` 'lf' or 'cr' uses the other endings SSE allows). A `sse` chunk is sent as is.
 */
export function sseEvent(chunk, model, lineEnd = 'crlf') {
  if (typeof chunk.sse === 'string') return chunk.sse;
  const end = lineEnds[lineEnd] ?? lineEnds.crlf;
  return `data: ${JSON.stringify(responseOf(chunk, model))}${end}${end}`;
}

/** All chunks folded into the single response of the non-streaming `generateContent`. */
export function unaryResponse(chunks, model) {
  const responses = chunks.map((chunk) => responseOf(chunk, model));
  const parts = [];
  let finishReason;
  let usageMetadata;
  for (const response of responses) {
    const candidate = response.candidates?.[0];
    parts.push(...(candidate?.content?.parts ?? []));
    finishReason = candidate?.finishReason ?? finishReason;
    usageMetadata = response.usageMetadata ?? usageMetadata;
  }
  const candidate = { index: 0, content: { role: 'model', parts } };
  if (finishReason) candidate.finishReason = finishReason;
  const response = { candidates: [candidate], modelVersion: model };
  if (usageMetadata) response.usageMetadata = usageMetadata;
  return response;
}

/** The reply when the script is empty and there is no fallback. */
export const exhaustedResponse = {
  chunks: [{ text: '(fake server: script exhausted)', finishReason: 'STOP' }],
};

/** Expands `{repeat: n, response}` entries into n copies. */
export function expandScript(responses) {
  const queue = [];
  for (const entry of responses ?? []) {
    if (entry && typeof entry === 'object' && 'repeat' in entry) {
      for (let index = 0; index < entry.repeat; index += 1) queue.push(entry.response);
    } else {
      queue.push(entry);
    }
  }
  return queue;
}
