/**
 * The Gemini adapter: the only module that talks to `@google/genai`. It maps our request to
 * `generateContentStream`, each chunk of the answer to a `chunk` part, and anything thrown to a
 * final `error` part. `stream` never throws (types.ts contract); retries belong to the agent, so
 * the SDK's own retry and automatic function calling stay off.
 */
import { GoogleGenAI } from '@google/genai';
import { abortError } from '../../shared/abort';
import type { LanguageModel, ModelFailure, ModelRequest, ModelStreamPart, StreamOptions } from '../types';
import { classifyFailure } from './classify-failure';
import { requestHasImages } from '../classify-failure';
import { joinTextChunks } from '../join-text-chunks';
import { fromGeminiChunk } from './from-gemini-chunk';
import { createStreamEventDecoder } from './stream-events';
import type { WireChunk } from './stream-events';
import { createStreamStopper } from '../stream-stopper';
import { toGeminiParameters } from './to-gemini-request';
import { createWindowLookUp } from './model-window';
import { DEFAULT_GEMINI_TOKEN_LIMIT, knownGeminiTokenLimit } from './token-limit';

export { DEFAULT_GEMINI_MODEL } from './token-limit';

/** Qwen Code's stream-idle default (spec B2). */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

export interface GeminiModelOptions {
  apiKey: string;
  /** Empty or absent: Google's endpoint. Otherwise a proxy or the fake server. */
  baseUrl?: string;
  apiVersion?: string;
  /** A stream with no chunk for this long ends with a transport ETIMEDOUT failure. */
  idleTimeoutMs?: number;
  /** Ask thinking models for thought summaries (default true). */
  includeThoughts?: boolean;
  /** The window of a model that neither the models endpoint nor the table knows (Settings). */
  unknownModelTokenLimit?: number;
  /** Offer Gemini's own URL context tool beside ours, on models that combine them (Settings). */
  urlContext?: boolean;
}

/** What the person is told when Gemini is chosen without a key (here and in worker/session/model-factory.ts). */
export const MISSING_KEY_MESSAGE = 'No Gemini API key is set. Open Settings and paste your Gemini API key, or choose the Scripted demo provider.';

const MISSING_KEY: ModelFailure = { kind: 'auth', message: MISSING_KEY_MESSAGE };

interface StreamSettings {
  apiKey: string;
  idleTimeoutMs: number;
  includeThoughts: boolean;
  urlContext: boolean;
}

/**
 * Sends the request through the SDK and reads the answer's event stream here (stream-events.ts
 * says why). The per-request `fetch` keeps the response headers (Retry-After, which the SDK's
 * ApiError does not keep) and, for a successful response, takes its body and hands the SDK an
 * empty one; a failed response goes to the SDK whole, which turns it into an ApiError.
 * `globalThis.fetch` is looked up per call: tests and browsers may replace it.
 */
function takeStreamBody(beforeSend: StreamOptions['beforeSend']) {
  const taken: { headers?: Headers; body?: ReadableStream<Uint8Array> } = {};
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // The SDK has built the request by now; it leaves only once what it rests on is stored.
    await beforeSend?.();
    const response = await globalThis.fetch(input, init);
    taken.headers = response.headers;
    if (!response.ok || !response.body) return response;
    taken.body = response.body;
    return new Response('', { status: response.status, headers: { 'content-type': 'text/event-stream' } });
  };
  return { taken, fetch };
}

/** A chunk that says why the reply ended: the last one Gemini sends. */
function endsReply(chunk: WireChunk): boolean {
  return chunk.candidates?.some((candidate) => candidate.finishReason !== undefined) === true;
}

/** How long the rest of a finished reply's body is read behind before it is given up. */
const DRAIN_LIMIT_MS = 30_000;

/**
 * Reads what is left of a finished reply's body (normally only its end): the response then
 * completes as the browser expects and its connection is reused. Anything but blank lines
 * there, or a body still open after DRAIN_LIMIT_MS, cancels it. Never rejects.
 */
async function drainBehind(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const limit = setTimeout(() => void reader.cancel().catch(() => {}), DRAIN_LIMIT_MS);
  try {
    for (;;) {
      const read = await reader.read();
      if (read.done) return;
      if (read.value.some((byte) => byte !== 10 && byte !== 13 && byte !== 32)) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // Cancelled, or the connection failed after the reply was whole: nothing is lost.
  } finally {
    clearTimeout(limit);
  }
}

async function* streamGemini(
  client: () => GoogleGenAI,
  request: ModelRequest,
  signal: AbortSignal,
  settings: StreamSettings,
  options: StreamOptions | undefined,
): AsyncGenerator<ModelStreamPart> {
  const stopper = createStreamStopper(signal, settings.idleTimeoutMs);
  const { taken, fetch } = takeStreamBody(options?.beforeSend);
  let received = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let finished = false;
  let draining: Promise<void> | undefined;
  try {
    if (signal.aborted) throw abortError();
    if (!settings.apiKey.trim()) {
      yield { type: 'error', error: MISSING_KEY };
      return;
    }
    const ai = client();
    const params = toGeminiParameters(request, { abortSignal: stopper.signal, fetch, includeThoughts: settings.includeThoughts, urlContext: settings.urlContext });
    stopper.arm();
    // Resolves once the response is in: the SDK has thrown for a failed one by then.
    await stopper.race(ai.models.generateContentStream(params));
    if (!taken.body) throw new Error('Response body is empty');
    reader = taken.body.getReader();
    const decoder = createStreamEventDecoder();
    for (;;) {
      const read = await stopper.race(reader.read());
      if (read.done) break;
      const { chunks, failure } = decoder.push(read.value);
      for (const part of joinTextChunks(chunks.map(fromGeminiChunk))) {
        received += 1;
        stopper.pause();
        yield part;
        stopper.arm();
      }
      if (failure) throw failure;
      if (chunks.some(endsReply) && decoder.atBoundary()) {
        // Gemini sends nothing after the chunk that says why the reply ended, and the browser
        // reports the body's end on a message of its own after its last bytes (~0.4 ms later, on
        // the path to the next request; docs/measurements.md, issue 40): the reply is taken as
        // whole here, and the rest of the body is read behind it.
        finished = true;
        draining = drainBehind(reader);
        return;
      }
    }
    decoder.end();
    finished = true;
  } catch (thrown) {
    stopper.pause();
    yield {
      type: 'error',
      error: classifyFailure(thrown, {
        aborted: signal.aborted,
        idle: stopper.idleFired,
        idleTimeoutMs: settings.idleTimeoutMs,
        headers: taken.headers,
        responded: received > 0,
        model: request.model,
        apiKey: settings.apiKey,
        imagesSent: requestHasImages(request),
      }),
    };
  } finally {
    // A body still read behind keeps its request (disposing aborts it): aborted, the browser
    // could close the connection the next request would use.
    if (draining) {
      stopper.pause();
      void draining.finally(() => stopper.dispose());
    } else stopper.dispose();
    // Release the connection; not awaited, since a stuck stream may never settle.
    if (!finished) reader?.cancel().catch(() => {});
  }
}

export function createGeminiModel(options: GeminiModelOptions): LanguageModel {
  const baseUrl = options.baseUrl?.trim() || undefined;
  const apiVersion = options.apiVersion?.trim() || undefined;
  // Created on first use, inside the stream's try: a constructor error becomes an error part.
  let ai: GoogleGenAI | undefined;
  const client = (): GoogleGenAI => {
    ai ??= new GoogleGenAI({
      apiKey: options.apiKey,
      ...(apiVersion ? { apiVersion } : {}),
      httpOptions: { ...(baseUrl ? { baseUrl } : {}), ...(apiVersion ? { apiVersion } : {}) },
    });
    return ai;
  };
  const settings: StreamSettings = {
    apiKey: options.apiKey,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    includeThoughts: options.includeThoughts ?? true,
    urlContext: options.urlContext === true,
  };
  const windows = createWindowLookUp(client);
  const fallbackLimit = options.unknownModelTokenLimit ?? DEFAULT_GEMINI_TOKEN_LIMIT;
  return {
    provider: 'gemini',
    label: 'Gemini',
    // The models endpoint's answer first, then the table, then Settings' window for unknown models.
    tokenLimit: (model) => windows.known(model) ?? knownGeminiTokenLimit(model) ?? fallbackLimit,
    lookUpTokenLimit: (model) => (options.apiKey.trim() ? windows.lookUp(model) : Promise.resolve(null)),
    gatesSend: true,
    stream(request, signal, streamOptions) {
      return streamGemini(client, request, signal, settings, streamOptions);
    },
  };
}
