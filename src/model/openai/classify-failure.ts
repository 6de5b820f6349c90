/**
 * The OpenAI-compatible side of failure classification (../classify-failure.ts holds the
 * classes, shared with Gemini): how the `openai` SDK's errors and an OpenAI-style error body
 * read, what a server that does not speak the protocol looks like, and the advice. A browser
 * reports a CORS refusal exactly like an unreachable server, so that advice names both.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { classifyModelFailure, redact } from '../classify-failure';
import type { FailureContext, ProviderErrorBody, ProviderWording } from '../classify-failure';
import type { ModelFailure } from '../types';

const NAME = 'The OpenAI-compatible server';

/** Thrown by the adapter when a successful answer is not an event stream. */
export class NotAnEventStreamError extends Error {
  constructor(
    readonly contentType: string,
    readonly start: string,
  ) {
    super(`The answer is ${contentType || 'of no content type'}, not an event stream`);
    this.name = 'NotAnEventStreamError';
  }
}

function looksLikeHtml(text: string): boolean {
  return /^\s*<(!doctype|html|head|body|\?xml)/i.test(text);
}

/** At most one line of what the server said, so an HTML page does not fill the alert. */
function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function readOpenAiError(thrown: unknown): ProviderErrorBody {
  if (!(thrown instanceof APIError)) return {};
  // A body that is not JSON reaches the SDK's message only ("404 <html>…").
  const error: unknown = thrown.error ?? thrown.message.replace(/^\d{3} /, '');
  if (typeof error === 'string') return { message: looksLikeHtml(error) ? 'an HTML page, not an API answer' : shorten(error) };
  const message = (error as { message?: unknown } | undefined)?.message;
  const body: ProviderErrorBody = {};
  if (typeof message === 'string') body.message = shorten(message);
  else if (error !== undefined) body.message = shorten(JSON.stringify(error));
  const code = thrown.code ?? '';
  if (code === 'invalid_api_key' || /incorrect api key|invalid api key|no auth credentials/i.test(body.message ?? '')) body.badKey = true;
  return body;
}

const OPENAI_COMPATIBLE: ProviderWording = {
  name: NAME,
  possessive: `${NAME}'s`,
  service: NAME,
  keyAdvice: 'Check the OpenAI-compatible API key in Settings (a local server such as Ollama needs none).',
  quotaAdvice: "check the key's limits with the provider.",
  unreachable:
    'The OpenAI-compatible server could not be reached (network error, or the server does not allow this page: CORS). ' +
    'Check that it is running, that the API base URL in Settings is right, and that it allows this origin (the README says how for Ollama and LM Studio).',
  readError: readOpenAiError,
};

/** An `{error}` event inside the stream names its status as `code` (or `status`), if at all. */
function midStreamStatus(error: APIError): number | undefined {
  const body = error.error as { code?: unknown; status?: unknown } | undefined;
  for (const value of [body?.code, body?.status]) {
    const status = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return undefined;
}

export function classifyOpenAiFailure(thrown: unknown, given: FailureContext, baseUrl: string): ModelFailure {
  // A failed response never reaches the adapter: its headers (Retry-After) come with the error.
  const headers = given.headers ?? (thrown instanceof APIError ? thrown.headers : undefined);
  const context = headers ? { ...given, headers } : given;
  if (thrown instanceof NotAnEventStreamError) {
    const what = looksLikeHtml(thrown.start) ? 'an HTML page' : `"${redact(shorten(thrown.start), context.apiKey)}"`;
    return {
      kind: 'bad-request',
      message:
        `${NAME} at ${baseUrl} did not answer like an OpenAI-compatible API: it sent ${what} (${thrown.contentType || 'no content type'}) instead of an event stream. ` +
        'Check the API base URL in Settings: it usually ends in /v1, e.g. http://localhost:11434/v1 for Ollama.',
    };
  }
  if (thrown instanceof APIUserAbortError) return classifyModelFailure(thrown, { ...context, aborted: true }, OPENAI_COMPATIBLE);
  // The SDK wraps what fetch threw; the cause carries the code (or is the browser's TypeError).
  if (thrown instanceof APIConnectionTimeoutError) return classifyModelFailure(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }), context, OPENAI_COMPATIBLE);
  if (thrown instanceof APIConnectionError) return classifyModelFailure(thrown.cause ?? new TypeError(thrown.message), context, OPENAI_COMPATIBLE);
  if (thrown instanceof APIError && thrown.status === undefined) {
    const status = midStreamStatus(thrown);
    if (status !== undefined) return classifyModelFailure(Object.assign(thrown, { status }), context, OPENAI_COMPATIBLE);
    const said = readOpenAiError(thrown).message;
    return {
      kind: 'server',
      message: `${NAME} reported an error while answering${said ? `: ${redact(said, context.apiKey)}` : ''}. Try again in a moment.`,
    };
  }
  return classifyModelFailure(thrown, context, OPENAI_COMPATIBLE);
}
