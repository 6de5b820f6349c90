/**
 * Anything the SDK or the network threw → a ModelFailure the agent can budget (spec B1, B2,
 * B7) and a message that tells the person what to do. The API key never appears in a
 * message: it is redacted even if a server or proxy echoes it.
 */
import { isAbortError, messageOf } from '../../shared/errors';
import type { ModelFailure } from '../types';

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
}

interface GoogleError {
  message?: string;
  status?: string;
  details?: Array<Record<string, unknown>>;
}

const CHECK_SETTINGS = 'check your connection or the API base URL in Settings.';

/** The `{error:{…}}` JSON that the SDK folds into ApiError's message. */
export function parseGoogleError(message: string): GoogleError {
  const start = message.indexOf('{');
  if (start < 0) return { message };
  try {
    const parsed = JSON.parse(message.slice(start)) as { error?: GoogleError };
    return parsed.error ?? { message };
  } catch {
    return { message };
  }
}

/** Google's `Duration` JSON ("12s", "0.5s") in milliseconds. */
function durationMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match?.[1] ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** Retry-After (seconds or an HTTP date) or Gemini's RetryInfo `retryDelay`. */
export function retryAfterMs(headers: Headers | undefined, details: GoogleError['details'], now = Date.now()): number | undefined {
  const header = headers?.get('retry-after')?.trim();
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header)) return Math.round(Number(header) * 1000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  for (const detail of details ?? []) {
    if (String(detail['@type'] ?? '').endsWith('google.rpc.RetryInfo')) {
      const delay = durationMs(detail['retryDelay']);
      if (delay !== undefined) return delay;
    }
  }
  return undefined;
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
function transportCode(thrown: unknown): string | undefined {
  const code = codeInChain(thrown);
  if (code && timeoutCodes.has(code)) return 'ETIMEDOUT';
  if (code && resetCodes.has(code)) return 'ECONNRESET';
  if (code && /^E[A-Z]+$/.test(code)) return code;
  if (thrown instanceof TypeError || networkMessage.test(messageOf(thrown))) return 'ECONNRESET';
  return undefined;
}

function redact(text: string, apiKey: string): string {
  return apiKey ? text.split(apiKey).join('[API key]') : text;
}

const contextOverflow =
  /exceeds the maximum number of tokens|input token count.*exceeds|context (length|window)|too many tokens|token limit|request payload size exceeds/i;
const invalidKey = /API key not valid|API_KEY_INVALID|API key expired|API key not found|missing an? (valid )?API key/i;

function httpFailure(status: number, thrown: unknown, context: FailureContext): ModelFailure {
  const google = parseGoogleError(messageOf(thrown));
  const detail = redact((google.message ?? '').trim(), context.apiKey);
  const said = detail ? `: ${detail}` : '';
  const reasons = JSON.stringify(google.details ?? []);
  if (status === 401 || status === 403 || invalidKey.test(detail) || reasons.includes('API_KEY_INVALID')) {
    return {
      kind: 'auth',
      status,
      message: `Gemini did not accept the API key (HTTP ${status}${said}). Check the Gemini API key in Settings, or create a new one in Google AI Studio.`,
    };
  }
  if (status === 429) {
    const failure: ModelFailure = {
      kind: 'rate-limit',
      status,
      message: `Gemini's rate limit or quota for this API key was reached (HTTP 429${said}). Wait a moment and try again; if it keeps happening, check the key's quota in Google AI Studio.`,
    };
    const delay = retryAfterMs(context.headers, google.details);
    if (delay !== undefined) failure.retryAfterMs = delay;
    return failure;
  }
  if (status === 499 || status >= 500) {
    return {
      kind: 'server',
      status,
      message: `The Gemini service had a problem (HTTP ${status}${said}). Try again in a moment.`,
    };
  }
  if (contextOverflow.test(detail)) {
    return {
      kind: 'context-overflow',
      status,
      message: `The conversation is too long for ${context.model}'s context window (HTTP ${status}${said}). Compress the conversation or start a new session.`,
    };
  }
  if (status === 404) {
    return {
      kind: 'bad-request',
      status,
      message: `Gemini could not find the model "${context.model}" (HTTP 404${said}). Check the Model and the API base URL in Settings.`,
    };
  }
  return {
    kind: 'bad-request',
    status,
    message: `Gemini rejected the request (HTTP ${status}${said}). Sending it again will not help; check the Model in Settings, or start a new session if this keeps happening.`,
  };
}

export function classifyFailure(thrown: unknown, context: FailureContext): ModelFailure {
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
  if (typeof status === 'number' && status >= 400 && status < 600) return httpFailure(status, thrown, context);
  if (isAbortError(thrown)) return { kind: 'aborted', message: 'The request to the model was stopped.' };
  const code = transportCode(thrown);
  if (code) {
    const message = context.responded
      ? `The connection to the model dropped while it was answering (${code}). Try again; if it keeps happening, ${CHECK_SETTINGS}`
      : 'The model endpoint could not be reached (network error). Check your connection or the API base URL in Settings.';
    return { kind: 'transport', code, message };
  }
  return {
    kind: 'unknown',
    message: `The model request failed: ${redact(messageOf(thrown), context.apiKey)}. Try again; if it keeps happening, check the provider settings.`,
  };
}
