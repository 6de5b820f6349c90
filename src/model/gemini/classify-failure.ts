/**
 * Gemini's side of failure classification (../classify-failure.ts holds the classes): how
 * Google's error body reads (the `{error:{…}}` JSON the SDK folds into ApiError's message,
 * RetryInfo, the API_KEY_INVALID reason) and how the advice is worded.
 */
import { classifyModelFailure, retryAfterHeaderMs } from '../classify-failure';
import type { FailureContext, ProviderErrorBody, ProviderWording } from '../classify-failure';
import { messageOf } from '../../shared/errors';
import type { ModelFailure } from '../types';

export type { FailureContext } from '../classify-failure';

interface GoogleError {
  message?: string;
  status?: string;
  details?: Array<Record<string, unknown>>;
}

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

function retryInfoMs(details: GoogleError['details']): number | undefined {
  for (const detail of details ?? []) {
    if (String(detail['@type'] ?? '').endsWith('google.rpc.RetryInfo')) {
      const delay = durationMs(detail['retryDelay']);
      if (delay !== undefined) return delay;
    }
  }
  return undefined;
}

/** Retry-After (seconds or an HTTP date) or Gemini's RetryInfo `retryDelay`. */
export function retryAfterMs(headers: Headers | undefined, details: GoogleError['details'], now = Date.now()): number | undefined {
  return retryAfterHeaderMs(headers, now) ?? retryInfoMs(details);
}

const invalidKey = /API key not valid|API_KEY_INVALID|API key expired|API key not found|missing an? (valid )?API key/i;

function readGoogleError(thrown: unknown): ProviderErrorBody {
  const google = parseGoogleError(messageOf(thrown));
  const body: ProviderErrorBody = {};
  if (google.message !== undefined) body.message = google.message;
  if (invalidKey.test(google.message ?? '') || JSON.stringify(google.details ?? []).includes('API_KEY_INVALID')) body.badKey = true;
  const delay = retryInfoMs(google.details);
  if (delay !== undefined) body.retryAfterMs = delay;
  return body;
}

const GEMINI: ProviderWording = {
  name: 'Gemini',
  possessive: "Gemini's",
  service: 'The Gemini service',
  keyAdvice: 'Check the Gemini API key in Settings, or create a new one in Google AI Studio.',
  quotaAdvice: "check the key's quota in Google AI Studio.",
  unreachable: 'The model endpoint could not be reached (network error). Check your connection or the API base URL in Settings.',
  readError: readGoogleError,
};

export function classifyFailure(thrown: unknown, context: FailureContext): ModelFailure {
  return classifyModelFailure(thrown, context, GEMINI);
}
