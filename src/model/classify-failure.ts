/**
 * What an adapter's SDK or the network threw → a ModelFailure the agent can budget (spec B1,
 * B2, B7) and a message that tells the person what to do. Provider-neutral: the classes (HTTP
 * status, Retry-After, transport codes, abort, idle watchdog) are the same for every provider;
 * an adapter supplies only how its error body reads and how its advice is worded
 * (gemini/classify-failure.ts, openai/classify-failure.ts). The API key never appears in a
 * message: it is redacted even if a server or proxy echoes it.
 */
import { isAbortError, messageOf } from '../shared/errors';
import type { ModelFailure, ModelRequest } from './types';
import type { Part } from '../shared/content';

export interface FailureContext {
  /** The caller's signal fired. */
  aborted: boolean;
  /** The idle watchdog ended the stream. */
  idle: boolean;
  idleTimeoutMs: number;
  /** Headers of the HTTP response, when one arrived (for Retry-After). */
  headers?: Headers;
  /** Some response bytes had arrived: the failure happened mid-stream. */
  responded: boolean;
  model: string;
  apiKey: string;
  /** The request carried images (the person's or a tool's): a 4xx about images then says the model refused them. */
  imagesSent?: boolean;
}

/** What a provider's error body said, as its adapter reads it. */
export interface ProviderErrorBody {
  message?: string;
  /** The body says the key is wrong, whatever the status. */
  badKey?: boolean;
  /** A retry delay the body gives (Gemini's RetryInfo); Retry-After wins. */
  retryAfterMs?: number;
}

/** How a provider's failures are worded: its name and where the person fixes things. */
export interface ProviderWording {
  /** "Gemini", "The OpenAI-compatible server". */
  name: string;
  /** "Gemini's", "The OpenAI-compatible server's". */
  possessive: string;
  /** "The Gemini service", "The OpenAI-compatible server". */
  service: string;
  /** After a refused key: where to check or get one. */
  keyAdvice: string;
  /** After a 429 that keeps happening. */
  quotaAdvice: string;
  /** Nothing answered (network error, or a browser's CORS refusal, which looks the same). */
  unreachable: string;
  /** Reads the error out of what the SDK threw for an HTTP failure. */
  readError(thrown: unknown): ProviderErrorBody;
}

export const CHECK_SETTINGS = 'check your connection or the API base URL in Settings.';

/** Retry-After in milliseconds: seconds or an HTTP date. */
export function retryAfterHeaderMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const header = headers?.get('retry-after')?.trim();
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/.test(header)) return Math.round(Number(header) * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function codeInChain(thrown: unknown): string | undefined {
  let current: unknown = thrown;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const timeoutCodes = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const resetCodes = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNABORTED']);
const networkMessage =
  /fetch failed|failed to fetch|networkerror|network error|load failed|terminated|other side closed|socket|input stream|incomplete json segment|exception parsing stream chunk|response body is empty|ECONNRESET|ETIMEDOUT/i;

/** Transport code for the agent's whitelist (spec B2): reset and timeout classes normalized. */
export function transportCode(thrown: unknown): string | undefined {
  const code = codeInChain(thrown);
  if (code && timeoutCodes.has(code)) return 'ETIMEDOUT';
  if (code && resetCodes.has(code)) return 'ECONNRESET';
  if (code && /^E[A-Z]+$/.test(code)) return code;
  if (thrown instanceof TypeError || networkMessage.test(messageOf(thrown))) return 'ECONNRESET';
  return undefined;
}

export function redact(text: string, apiKey: string): string {
  return apiKey ? text.split(apiKey).join('[API key]') : text;
}

const contextOverflow =
  /exceeds the maximum number of tokens|input token count.*exceeds|context (length|window)|too many tokens|token limit|request payload size exceeds|maximum context length/i;

const imageTerms = /image|vision|multi-?modal|mmproj|inline_?data|image_url/i;

const hasImage = (part: Part): boolean => Boolean(part.inlineData?.mimeType.startsWith('image/') || part.functionResponse?.parts?.some(hasImage));

/** Whether a request carries an image: the person's attached, or in a tool's result. */
export function requestHasImages(request: Pick<ModelRequest, 'contents'>): boolean {
  return request.contents.some((content) => content.parts.some(hasImage));
}

function httpFailure(status: number, thrown: unknown, context: FailureContext, wording: ProviderWording): ModelFailure {
  const body = wording.readError(thrown);
  const detail = redact((body.message ?? '').trim(), context.apiKey);
  const said = detail ? `: ${detail}` : '';
  if (status === 401 || status === 403 || body.badKey) {
    return { kind: 'auth', status, message: `${wording.name} did not accept the API key (HTTP ${status}${said}). ${wording.keyAdvice}` };
  }
  if (status === 429) {
    const failure: ModelFailure = {
      kind: 'rate-limit',
      status,
      message: `${wording.possessive} rate limit or quota for this API key was reached (HTTP 429${said}). Wait a moment and try again; if it keeps happening, ${wording.quotaAdvice}`,
    };
    const delay = retryAfterHeaderMs(context.headers) ?? body.retryAfterMs;
    if (delay !== undefined) failure.retryAfterMs = delay;
    return failure;
  }
  if (status === 499 || status >= 500) {
    const failure: ModelFailure = { kind: 'server', status, message: `${wording.service} had a problem (HTTP ${status}${said}). Try again in a moment.` };
    // A 503 may say when to come back, as a 429 does.
    const delay = retryAfterHeaderMs(context.headers);
    if (delay !== undefined) failure.retryAfterMs = delay;
    return failure;
  }
  if (contextOverflow.test(detail)) {
    return {
      kind: 'context-overflow',
      status,
      message: `The conversation is too long for ${context.model}'s context window (HTTP ${status}${said}). Compress the conversation or start a new session.`,
    };
  }
  if (context.imagesSent && status < 500 && imageTerms.test(detail)) {
    return {
      kind: 'bad-request',
      status,
      message: `${wording.name} refused the images in this conversation (HTTP ${status}${said}): the model "${context.model}" may not read images. The images stay in the session's history, so sending again will not help: pick a model that reads images in Settings and press Continue, or fork from before the message to go on without them.`,
    };
  }
  if (status === 404) {
    return {
      kind: 'bad-request',
      status,
      message: `${wording.name} could not find the model "${context.model}" (HTTP 404${said}). Check the Model and the API base URL in Settings.`,
    };
  }
  return {
    kind: 'bad-request',
    status,
    message: `${wording.name} rejected the request (HTTP ${status}${said}). Sending it again will not help; check the Model in Settings, or start a new session if this keeps happening.`,
  };
}

export function classifyModelFailure(thrown: unknown, context: FailureContext, wording: ProviderWording): ModelFailure {
  if (context.aborted) return { kind: 'aborted', message: 'The request to the model was stopped.' };
  if (context.idle) {
    const seconds = Math.round(context.idleTimeoutMs / 1000);
    return {
      kind: 'transport',
      code: 'ETIMEDOUT',
      message: `The model sent nothing for ${seconds} seconds, so the request was stopped. Try again; if it keeps happening, ${CHECK_SETTINGS}`,
    };
  }
  const status = (thrown as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 600) return httpFailure(status, thrown, context, wording);
  if (isAbortError(thrown)) return { kind: 'aborted', message: 'The request to the model was stopped.' };
  const code = transportCode(thrown);
  if (code) {
    const message = context.responded
      ? `The connection to the model dropped while it was answering (${code}). Try again; if it keeps happening, ${CHECK_SETTINGS}`
      : wording.unreachable;
    return { kind: 'transport', code, message };
  }
  return {
    kind: 'unknown',
    message: `The model request failed: ${redact(messageOf(thrown), context.apiKey)}. Try again; if it keeps happening, check the provider settings.`,
  };
}
