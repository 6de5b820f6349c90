/**
 * Gemini's `streamGenerateContent?alt=sse` body → its chunks, read by the adapter itself.
 *
 * The SDK's own reader wraps every event in a `Response` (with a copy of the response
 * headers) and parses it on a promise chain of its own, and it searches its whole buffer for
 * three delimiters once per event. Measured in Chromium's worker, that is ~0.2 ms an event:
 * 4,000 small events finished most of a second after their last byte. Here the bytes go
 * through `sse-data.ts` (linear, the WHATWG rules) and each event's data through one
 * `JSON.parse`. What the SDK's reader threw is thrown alike (an `{error}` event as ApiError
 * with its code; a stream cut inside an event as "Incomplete JSON segment"), so failures
 * are classified as before.
 */
import { ApiError } from '@google/genai';
import type { GenerateContentResponse } from '@google/genai';
import { createSseDataParser } from './sse-data';

/** What the adapter reads of a chunk; the SDK's class adds only getters over these. */
export type WireChunk = Pick<GenerateContentResponse, 'candidates' | 'promptFeedback' | 'usageMetadata'>;

/** What a read completed: its chunks in order, then the failure that ended the stream, if one did. */
export interface DecodedRead {
  chunks: WireChunk[];
  failure?: unknown;
}

export interface StreamEventDecoder {
  /** Nothing is decoded after a failure: an `{error}` event or an event that is not JSON. */
  push(bytes: Uint8Array): DecodedRead;
  /** The body ended: throws if it ended inside an event, or was one JSON error and no event. */
  end(): void;
  /** True when everything pushed so far was whole events (nothing begun after the last one). */
  atBoundary(): boolean;
}

/** An error body sent without SSE framing is small; more than this is not one. */
const UNFRAMED_LIMIT = 64 * 1024;

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Gemini reports a failure mid-stream as `{"error": {code, status, message}}`. */
function throwIfError(json: unknown, text: string): void {
  if (!isObject(json) || !isObject(json['error'])) return;
  const code = json['error']['code'];
  if (typeof code === 'number' && code >= 400 && code < 600) {
    throw new ApiError({ message: `got status: ${String(json['error']['status'])}. ${text}`, status: code });
  }
}

/** One event's data as the chunk Gemini sent (plain JSON, also kept as the record). */
export function parseStreamChunk(data: string): WireChunk {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new Error(`The model sent a stream event that is not JSON: ${data.slice(0, 200)}`);
  }
  throwIfError(json, data);
  if (!isObject(json)) throw new Error(`The model sent a stream event that is not an object: ${data.slice(0, 200)}`);
  return json as WireChunk;
}

export function createStreamEventDecoder(): StreamEventDecoder {
  const text = new TextDecoder();
  let ready: WireChunk[] = [];
  let failure: { thrown: unknown } | undefined;
  let seen = 0;
  let unframed = '';
  const parser = createSseDataParser((data) => {
    seen += 1;
    if (failure) return;
    try {
      ready.push(parseStreamChunk(data));
    } catch (thrown) {
      failure = { thrown };
    }
  });
  const feed = (chunk: string): DecodedRead => {
    if (failure) return { chunks: [], failure: failure.thrown };
    if (seen === 0 && unframed.length < UNFRAMED_LIMIT) unframed += chunk;
    parser.feed(chunk);
    const chunks = ready;
    ready = [];
    // Set by the parser's callback during feed, which the compiler does not follow.
    const failed = failure as { thrown: unknown } | undefined;
    return failed ? { chunks, failure: failed.thrown } : { chunks };
  };
  return {
    push(bytes) {
      return feed(text.decode(bytes, { stream: true }));
    },
    atBoundary: () => !failure && parser.atBoundary(),
    end() {
      const rest = text.decode();
      if (rest) {
        const last = feed(rest);
        if (last.failure) throw last.failure;
      }
      if (seen === 0 && unframed.trim().startsWith('{')) {
        let json: unknown;
        try {
          json = JSON.parse(unframed);
        } catch {
          json = undefined;
        }
        throwIfError(json, unframed);
      }
      if (parser.end()) throw new Error('Incomplete JSON segment at the end of the stream');
    },
  };
}
