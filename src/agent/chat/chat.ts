/**
 * One model call with retries (B1–B10): streams one attempt after another until a usable
 * response, a failure that is not retried, an exhausted budget, or an abort. Each attempt
 * is a recorded round trip (the request exactly as sent, the raw chunks as received) and is
 * announced with `round_trip_start`/`round_trip_end`; there are no hidden model calls.
 *
 * Nothing here touches history: the caller stores the model turn only after `done` (F7),
 * so a failed attempt never needs popping (B4).
 */
import type { Citation, FinishReason, LanguageModel, ModelFailure, ModelRequest, Usage } from '../../model/types';
import type { Part } from '../../shared/content';
import { messageOf } from '../../shared/errors';
import { childController } from '../abortable';
import type { ResolvedConfig } from '../config';
import type { AgentEvent, Clock, HistoryStore, RetryInfo, RoundTrip } from '../types';
import { classifyResponse, retryNudge } from './invalid-stream';
import type { InvalidStream } from './invalid-stream';
import { budgetFor, emptyCounters, failureError, maxRetries, retryDelayMs } from './retry-policy';
import type { RetryBudget, RetryCounters } from './retry-policy';
import { createSendGate } from './send-gate';
import type { SendGate } from './send-gate';

export interface ChatDependencies {
  model: LanguageModel;
  store: HistoryStore;
  clock: Clock;
  newId(): string;
  emit(event: AgentEvent): void;
  config: ResolvedConfig;
  interactionId: string;
  /** Resolves once what the request rests on is stored (a commit still being written); throws its refusal. */
  beforeRequest?(): Promise<void>;
}

export interface ModelReply {
  parts: Part[];
  finishReason?: FinishReason;
  usage?: Usage;
}

export type ChatFailure =
  | { type: 'model'; failure: ModelFailure }
  | { type: 'invalid_stream'; invalid: InvalidStream }
  | { type: 'cancelled' };

export type ChatEvent =
  | { type: 'chunk'; parts: Part[]; citations?: Citation[] }
  | { type: 'retry'; info: RetryInfo }
  | { type: 'done'; reply: ModelReply }
  | { type: 'failed'; failure: ChatFailure };

export interface SendOptions {
  /** The request answers tool calls: then a reply with no finish reason or no text is not invalid (A12). */
  isFunctionResponse: boolean;
  /** Compression after the provider said the context is too long (B5): the request to resend, or null when it did not help. */
  compressForOverflow?(signal: AbortSignal): Promise<ModelRequest | null>;
  /** Filled in as the independent retry budgets are spent (B1), for the caller's inspection. */
  counters?: RetryCounters;
  /** A call that is not the agent's own turn, named so in its round-trip records (the Loop inspector). */
  purpose?: 'compression' | 'next_speaker';
}

interface StreamedAttempt {
  reply: ModelReply;
  failure?: ModelFailure;
  /** A non-thought chunk reached the caller, so a transport failure is no longer replayed (B3). */
  visibleOutputYielded: boolean;
}

async function* streamAttempt(
  deps: ChatDependencies,
  request: ModelRequest,
  signal: AbortSignal,
  turn: NonNullable<RoundTrip['turn']>,
  gate: SendGate,
): AsyncGenerator<ChatEvent, StreamedAttempt> {
  const roundTrip: RoundTrip = {
    id: deps.newId(),
    interactionId: deps.interactionId,
    startedAt: deps.clock.now(),
    // Contents are never changed in place (a change makes a new Content), so the record shares
    // them with the history: no copy of the whole history per request, and storing the record
    // finds the prefix it shares with the previous request by identity.
    request: { ...request, contents: [...request.contents] },
    response: [],
    turn,
  };
  deps.emit({ type: 'round_trip_start', value: { roundTripId: roundTrip.id, model: request.model, ...(turn.purpose ? { purpose: turn.purpose } : {}) } });
  const reply: ModelReply = { parts: [] };
  const attempt: StreamedAttempt = { reply, visibleOutputYielded: false };
  const { controller, dispose } = childController(signal);
  try {
    for await (const part of deps.model.stream(request, controller.signal, { beforeSend: gate.wait })) {
      // After Stop nothing more is consumed, even from an adapter that streams on (A10, K1).
      if (signal.aborted) break;
      if (part.type === 'error') {
        attempt.failure = part.error;
        break;
      }
      roundTrip.response.push(...(part.rawChunks ?? [{ parts: part.parts, finishReason: part.finishReason, usage: part.usage }]));
      reply.parts.push(...part.parts);
      if (part.finishReason) reply.finishReason = part.finishReason;
      if (part.usage) reply.usage = part.usage;
      if (part.parts.some((item) => !item.thought)) attempt.visibleOutputYielded = true;
      yield part.citations ? { type: 'chunk', parts: part.parts, citations: part.citations } : { type: 'chunk', parts: part.parts };
    }
  } catch (thrown) {
    attempt.failure = { kind: 'unknown', message: messageOf(thrown) }; // the adapter broke its contract (stream must not throw)
  } finally {
    controller.abort();
    dispose();
    if (!attempt.failure && signal.aborted) attempt.failure = { kind: 'aborted', message: 'Aborted' };
    roundTrip.endedAt = deps.clock.now();
    if (attempt.failure) roundTrip.error = failureError(attempt.failure);
    // A request held back by a refused commit was never sent: nothing to record.
    if (!gate.refused) await deps.store.recordRoundTrip(roundTrip).catch(() => undefined);
    deps.emit({ type: 'round_trip_end', value: { roundTripId: roundTrip.id } });
  }
  return attempt;
}

export async function* sendMessageStream(
  deps: ChatDependencies,
  request: ModelRequest,
  signal: AbortSignal,
  options: SendOptions,
): AsyncGenerator<ChatEvent> {
  // The request waits for the commit it rests on: in the adapter just before it leaves (so
  // building it overlaps the write), or here first when the adapter does not gate.
  const gate = createSendGate(deps.beforeRequest);
  if (!deps.model.gatesSend) await gate.wait();
  const counters = options.counters ?? emptyCounters();
  let current = request;
  // One call and its retries make one turn; each attempt is recorded as its round-trip.
  const turnId = deps.newId();
  for (let attemptNumber = 1; ; attemptNumber++) {
    if (signal.aborted) {
      yield { type: 'failed', failure: { type: 'cancelled' } };
      return;
    }
    const attempt = yield* streamAttempt(deps, current, signal, { id: turnId, attempt: attemptNumber, ...(options.purpose ? { purpose: options.purpose } : {}) }, gate);
    // A refused commit ends the call as its refusal, before any retry; also when the adapter
    // failed before it asked (the same answer, asked once).
    await gate.wait();
    if (signal.aborted || attempt.failure?.kind === 'aborted') {
      yield { type: 'failed', failure: { type: 'cancelled' } };
      return;
    }
    const invalid = attempt.failure ? null : classifyResponse(attempt.reply, options.isFunctionResponse);
    if (!attempt.failure && !invalid) {
      yield { type: 'done', reply: attempt.reply };
      return;
    }
    const budget: RetryBudget | null = invalid ? 'invalid-stream' : budgetFor(attempt.failure!, attempt.visibleOutputYielded);
    const finalFailure: ChatFailure = invalid ? { type: 'invalid_stream', invalid } : { type: 'model', failure: attempt.failure! };
    if (budget === null || counters[budget] >= maxRetries(budget, deps.config)) {
      yield { type: 'failed', failure: finalFailure };
      return;
    }
    counters[budget]++;
    if (budget === 'context-overflow') {
      const compressed = await options.compressForOverflow?.(signal).catch(() => null);
      if (signal.aborted) {
        yield { type: 'failed', failure: { type: 'cancelled' } };
        return;
      }
      if (!compressed) {
        yield { type: 'failed', failure: finalFailure };
        return;
      }
      current = compressed;
    }
    const nudge = invalid ? retryNudge(invalid.type) : undefined;
    current = withNudge(current, request.systemInstruction, nudge);
    const delayMs = retryDelayMs(budget, counters[budget], attempt.failure, deps.config);
    const message = invalid ? invalid.message : attempt.failure!.message;
    yield { type: 'retry', info: { attempt: counters[budget], maxRetries: maxRetries(budget, deps.config), delayMs, reason: budget, message } };
    try {
      await deps.clock.sleep(delayMs, signal);
    } catch {
      yield { type: 'failed', failure: { type: 'cancelled' } };
      return;
    }
  }
}

/** A retry nudge (A13) applies to the next attempt only, on top of the original instruction. */
function withNudge(request: ModelRequest, baseInstruction: string | undefined, nudge: string | undefined): ModelRequest {
  const systemInstruction = nudge ? [baseInstruction, nudge].filter(Boolean).join('\n\n') : baseInstruction;
  const next: ModelRequest = { ...request };
  if (systemInstruction === undefined) delete next.systemInstruction;
  else next.systemInstruction = systemInstruction;
  return next;
}
