/**
 * The OpenAI-compatible adapter: the only module that talks to the `openai` package. One
 * `stream()` is one streamed chat-completions request (`<base URL>/chat/completions`, `stream:
 * true`, the tools, `include_usage`); the answer is read through the SDK's stream and turned
 * into chunk parts (from-openai-chunk.ts), anything thrown into a final `error` part
 * (classify-failure.ts). `stream` never throws (types.ts contract). The SDK neither retries
 * (retry budgets belong to the agent, spec B1) nor times out on its own: the idle watchdog is
 * the same as Gemini's. It runs in the agent worker, hence `dangerouslyAllowBrowser`: the key
 * is the person's own, held in memory unless they chose to remember it, and goes only to the
 * base URL they typed.
 */
import OpenAI from 'openai';
import { abortError } from '../../shared/abort';
import { createStreamStopper } from '../stream-stopper';
import type { LanguageModel, ModelRequest, ModelStreamPart, StreamOptions } from '../types';
import { classifyOpenAiFailure, NotAnEventStreamError } from './classify-failure';
import { requestHasImages } from '../classify-failure';
import { createChunkReader } from './from-openai-chunk';
import { toChatRequest } from './to-openai-request';
import { openAiTokenLimit } from './token-limit';

export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

export interface OpenAiModelOptions {
  /** Up to and including `/v1`, e.g. `http://localhost:11434/v1`. */
  baseUrl: string;
  /** Empty or absent: no Authorization header (local servers need none). */
  apiKey?: string;
  /** A stream with no chunk for this long ends with a transport ETIMEDOUT failure. */
  idleTimeoutMs?: number;
}

interface StreamSettings {
  baseUrl: string;
  apiKey: string;
  idleTimeoutMs: number;
}

/** What a successful answer must be; anything else is a server that does not speak the protocol. */
async function expectEventStream(response: Response): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  if (/text\/event-stream/i.test(type)) return;
  const text = await response.text().catch(() => '');
  throw new NotAnEventStreamError(type, text.slice(0, 2000));
}

async function* streamOpenAi(
  client: () => OpenAI,
  request: ModelRequest,
  signal: AbortSignal,
  settings: StreamSettings,
  beforeSend: StreamOptions['beforeSend'],
): AsyncGenerator<ModelStreamPart> {
  const stopper = createStreamStopper(signal, settings.idleTimeoutMs);
  let headers: Headers | undefined;
  let received = 0;
  let events: AsyncIterator<OpenAI.Chat.Completions.ChatCompletionChunk> | undefined;
  let finished = false;
  try {
    if (signal.aborted) throw abortError();
    const body = toChatRequest(request);
    // Without a key no Authorization header is sent at all (null removes the SDK's own).
    const options = { signal: stopper.signal, ...(settings.apiKey ? {} : { headers: { Authorization: null } }) };
    // Built while what it rests on is being stored; it leaves only once that is done.
    await beforeSend?.();
    stopper.arm();
    const { data, response } = await stopper.race(client().chat.completions.create(body, options).withResponse());
    headers = response.headers;
    await stopper.race(expectEventStream(response));
    events = data[Symbol.asyncIterator]();
    const reader = createChunkReader();
    for (;;) {
      const next = await stopper.race(events.next());
      if (next.done) break;
      received += 1;
      const part = reader.push(next.value);
      if (!part) continue;
      stopper.pause();
      yield part;
      stopper.arm();
    }
    // The SDK ends a stream quietly when its request is aborted.
    if (signal.aborted) throw abortError();
    finished = true;
    const last = reader.end();
    if (last) yield last;
  } catch (thrown) {
    stopper.pause();
    const context = {
      aborted: signal.aborted,
      idle: stopper.idleFired,
      idleTimeoutMs: settings.idleTimeoutMs,
      responded: received > 0,
      model: request.model,
      apiKey: settings.apiKey,
      imagesSent: requestHasImages(request),
    };
    const error = classifyOpenAiFailure(thrown, headers ? { ...context, headers } : context, settings.baseUrl);
    yield { type: 'error', error };
  } finally {
    stopper.dispose();
    // Release the connection; not awaited, since a stuck stream may never settle.
    if (!finished) events?.return?.().catch(() => {});
  }
}

export function createOpenAiModel(options: OpenAiModelOptions): LanguageModel {
  const settings: StreamSettings = {
    baseUrl: options.baseUrl.trim().replace(/\/+$/, ''),
    apiKey: options.apiKey?.trim() ?? '',
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
  };
  // Created on first use, inside the stream's try: a constructor error becomes an error part.
  let openai: OpenAI | undefined;
  const client = (): OpenAI => {
    openai ??= new OpenAI({
      baseURL: settings.baseUrl,
      // The SDK insists on a key; without one the header is removed per request.
      apiKey: settings.apiKey || 'none',
      dangerouslyAllowBrowser: true,
      maxRetries: 0,
      // The idle watchdog ends a silent stream; the SDK's own timeout would cut a long answer.
      timeout: 24 * 60 * 60 * 1000,
      // Looked up per call: tests and browsers may replace it.
      fetch: (input, init) => globalThis.fetch(input, init),
    });
    return openai;
  };
  return {
    provider: 'openai',
    label: 'OpenAI-compatible',
    tokenLimit: openAiTokenLimit,
    gatesSend: true,
    stream(request, signal, streamOptions) {
      return streamOpenAi(client, request, signal, settings, streamOptions?.beforeSend);
    },
  };
}
