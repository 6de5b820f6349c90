/**
 * Spec §2 FakeModel: a script of responses consumed one per `stream()` call. It records
 * every request (deep-copied, as sent) and honors the LanguageModel contract: it never
 * throws; failures arrive as a final `{type:'error'}` part.
 */
import type { Part } from '../../shared/content';
import { FINISH_REASONS } from '../../model/types';
import type {
  Citation,
  FinishReason,
  LanguageModel,
  ModelFailure,
  ModelRequest,
  ModelStreamPart,
  StreamOptions,
  Usage,
} from '../../model/types';

export interface FakeCall {
  name: string;
  args: Record<string, unknown>;
  id?: string;
  signature?: string;
}

export interface FakeChunk {
  text?: string;
  thought?: string;
  /** Signature carried by the thought part (Gemini puts it there when thinking). */
  thoughtSignature?: string;
  /** A part of its own with empty text and this signature (Gemini streams one at the end of a turn). */
  signatureOnly?: string;
  calls?: FakeCall[];
  /** Parts sent as they are, after the others (a tool the provider ran itself, media). */
  parts?: Part[];
  finish?: FinishReason;
  usage?: Usage;
  citations?: Citation[];
}

/** {status}, {code}, {contextOverflow}, 'abort', or a ready ModelFailure. */
export type FakeError =
  | { status: number; message?: string; retryAfterMs?: number }
  | { code: string; message?: string }
  | { contextOverflow: true }
  | 'abort'
  | ModelFailure;

export type FakeResponse =
  | {
      chunks: FakeChunk[];
      failAfter?: { chunkIndex: number; error: FakeError };
      /** Waits on this before yielding chunk `chunkIndex`. */
      hold?: { chunkIndex: number; until: Promise<void> };
    }
  | { error: FakeError };


export function toModelFailure(error: FakeError): ModelFailure {
  if (error === 'abort') return { kind: 'aborted', message: 'Aborted' };
  if ('kind' in error) return error;
  if ('contextOverflow' in error) {
    return { kind: 'context-overflow', message: 'The input token count exceeds the maximum allowed.', status: 400 };
  }
  // Every error code is offered as transport: the loop's own whitelist (B2) decides which are retried.
  if ('code' in error) return { kind: 'transport', code: error.code, message: error.message ?? error.code };
  const { status } = error;
  const kind =
    status === 401 || status === 403
      ? 'auth'
      : status === 429
        ? 'rate-limit'
        : status >= 500 || status === 499
          ? 'server'
          : 'bad-request';
  const failure: ModelFailure = { kind, status, message: error.message ?? `HTTP ${status}` };
  if (error.retryAfterMs !== undefined) failure.retryAfterMs = error.retryAfterMs;
  return failure;
}

function toParts(chunk: FakeChunk): Part[] {
  const parts: Part[] = [];
  if (chunk.thought !== undefined) {
    parts.push(chunk.thoughtSignature ? { text: chunk.thought, thought: true, thoughtSignature: chunk.thoughtSignature } : { text: chunk.thought, thought: true });
  }
  if (chunk.text !== undefined) parts.push({ text: chunk.text });
  for (const call of chunk.calls ?? []) {
    const functionCall = call.id === undefined ? { name: call.name, args: call.args } : { id: call.id, name: call.name, args: call.args };
    parts.push(call.signature === undefined ? { functionCall } : { functionCall, thoughtSignature: call.signature });
  }
  if (chunk.signatureOnly !== undefined) parts.push({ text: '', thoughtSignature: chunk.signatureOnly });
  parts.push(...structuredClone(chunk.parts ?? []));
  return parts;
}

function toStreamPart(chunk: FakeChunk): ModelStreamPart {
  const part: ModelStreamPart = { type: 'chunk', parts: toParts(chunk), rawChunks: [{ fake: chunk }] };
  if (chunk.finish) part.finishReason = chunk.finish;
  if (chunk.usage) part.usage = chunk.usage;
  if (chunk.citations) part.citations = chunk.citations;
  return part;
}

export interface FakeModel extends LanguageModel {
  readonly requests: ModelRequest[];
  /** Responses not yet consumed. */
  remaining(): number;
  /** stream() calls made after the script ran out. */
  readonly overruns: number;
  push(...responses: FakeResponse[]): void;
  setTokenLimit(limit: number): void;
}

export interface FakeModelOptions {
  tokenLimit?: number;
  /** Sees every request as it is sent, before the response starts (the harness checks invariants here). */
  onRequest?: (request: ModelRequest) => void;
  /**
   * Awaits `beforeSend` before the request counts as sent, as the real adapters do; a refusal
   * sends nothing and ends the stream with an error part. Off: the caller must await it first.
   */
  gatesSend?: boolean;
}

export function createFakeModel(script: FakeResponse[] = [], options: FakeModelOptions = {}): FakeModel {
  const queue = [...script];
  const requests: ModelRequest[] = [];
  let limit = options.tokenLimit ?? 1_000_000;
  let overruns = 0;

  async function* run(response: FakeResponse | undefined, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    if (!response) {
      overruns++;
      yield { type: 'error', error: { kind: 'unknown', message: 'FakeModel script exhausted' } };
      return;
    }
    if ('error' in response) {
      yield { type: 'error', error: toModelFailure(response.error) };
      return;
    }
    for (let index = 0; index < response.chunks.length; index++) {
      if (response.hold?.chunkIndex === index) await response.hold.until;
      if (signal.aborted) {
        yield { type: 'error', error: { kind: 'aborted', message: 'Aborted' } };
        return;
      }
      yield toStreamPart(response.chunks[index]!);
      if (response.failAfter?.chunkIndex === index) {
        yield { type: 'error', error: toModelFailure(response.failAfter.error) };
        return;
      }
    }
  }

  return {
    provider: 'scripted',
    label: 'Fake model',
    requests,
    get overruns() {
      return overruns;
    },
    tokenLimit: () => limit,
    setTokenLimit(next) {
      limit = next;
    },
    remaining: () => queue.length,
    push(...responses) {
      queue.push(...responses);
    },
    ...(options.gatesSend ? { gatesSend: true } : {}),
    stream(request: ModelRequest, signal: AbortSignal, streamOptions?: StreamOptions): AsyncIterable<ModelStreamPart> {
      const send = () => {
        requests.push(structuredClone(request));
        options.onRequest?.(request);
        return run(queue.shift(), signal);
      };
      if (!options.gatesSend) return send();
      return (async function* gated(): AsyncGenerator<ModelStreamPart> {
        try {
          await streamOptions?.beforeSend?.();
        } catch {
          yield { type: 'error', error: { kind: 'unknown', message: 'the request was held back' } };
          return;
        }
        yield* send();
      })();
    },
  };
}

// Shorthands of spec §2.
export function T(text: string, finish?: FinishReason): FakeChunk {
  return finish ? { text, finish } : { text };
}

export function TH(thought: string): FakeChunk {
  return { thought };
}

export function FC(name: string, args: Record<string, unknown>, id?: string): FakeCall {
  return id === undefined ? { name, args } : { name, args, id };
}

/**
 * One response: each text/chunk/call becomes a chunk; a finish reason (and `usage`)
 * lands on the last chunk. `reply(FC(...), 'STOP')` is the spec's `{FC(...), STOP}`.
 */
export function reply(...items: (FakeChunk | FakeCall | FinishReason | string | { usage: Usage })[]): FakeResponse {
  const chunks: FakeChunk[] = [];
  for (const item of items) {
    if (typeof item === 'string') {
      if (isFinishReason(item)) {
        if (chunks.length === 0) chunks.push({});
        chunks[chunks.length - 1]!.finish = item;
      } else {
        chunks.push({ text: item });
      }
    } else if ('usage' in item && Object.keys(item).length === 1) {
      if (chunks.length === 0) chunks.push({});
      chunks[chunks.length - 1]!.usage = item.usage;
    } else if ('name' in item && 'args' in item) {
      chunks.push({ calls: [item as FakeCall] });
    } else {
      chunks.push(item as FakeChunk);
    }
  }
  return { chunks };
}

const FINISH_REASON_NAMES: ReadonlySet<string> = new Set<string>(FINISH_REASONS);

function isFinishReason(value: string): value is FinishReason {
  return FINISH_REASON_NAMES.has(value);
}
