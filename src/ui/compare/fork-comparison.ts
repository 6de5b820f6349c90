/**
 * Compare with original: a fork's round-trips beside its original's, from the fork point.
 *
 * A fork starts with copies of the original's round-trips before its point (fork-plan.ts), each
 * keeping its start time under a fresh id; what the fork ran itself started after the fork was
 * made. So the fork's first round-trips, those still beside their originals (or, when the
 * original's were replaced since, those it started before it existed), are the shared ones; the two
 * runs are compared from there, pair by pair in order (round-trip N of one beside round-trip N
 * of the other). A pair is the same when each was asked the same new thing (the last content of
 * its request: a message, a batch of results) and answered the same (the reply's text and calls,
 * or the failure); ids, entry ids, thoughts and signatures do not count, since a fork mints its
 * own. The first pair that is not the same is where the runs diverge.
 *
 * Only the sessions' own round-trips count: a subagent's belong to its `task` call.
 */
import type { Content, Part } from '../../shared/content';
import type { Tokens } from '../../shared/response-usage';
import { tokensOf } from '../../shared/response-usage';
import type { RoundTripRecord } from '../../store/types';
import { durationMs, ownRoundTrips, replyOf } from '../inspector/inspector-model';

/** What differs in a pair: what the round-trip was newly asked, what came back. */
export type Difference = 'input' | 'reply';

/** `pending`: asked the same, and one of them is still waiting for its reply. */
export type StepStatus = 'same' | 'pending' | 'differs' | 'only-original' | 'only-fork';

export interface StepSide {
  roundTrip: RoundTripRecord;
  /** What was new in its request, in words. */
  input: string;
  /** What came back, in words. */
  reply: string;
  tokens: Tokens | null;
  durationMs: number | null;
}

export interface ComparedStep {
  /** The round-trip's number in both sessions (1-based). */
  number: number;
  original: StepSide | null;
  fork: StepSide | null;
  status: StepStatus;
  /** For `differs`: what does. */
  differences: Difference[];
  /** The first step that is not the same (a run that has not begun after the fork point diverges nowhere yet). */
  firstDivergence: boolean;
}

export interface RunTotals {
  roundTrips: number;
  /** Summed over the round-trips that reported them; null when none did. */
  tokens: { prompt: number; response: number; total: number } | null;
  /** The model calls' own time, summed. */
  modelMs: number;
  /** From the first round-trip's start to the last one's end; null with none ended. */
  elapsedMs: number | null;
}

export interface ForkComparison {
  /** Round-trips both runs share (the fork's copies of the original's): the steps start after them. */
  shared: number;
  steps: ComparedStep[];
  /** The number of the first round-trip where the runs differ; null when they do not (yet). */
  divergesAt: number | null;
  totals: { original: RunTotals; fork: RunTotals };
  /** Each run's own round-trips from the fork point, in order (what the totals count). */
  runs: { original: RoundTripRecord[]; fork: RoundTripRecord[] };
}

/** JSON with object keys sorted, so two equal values give one text whatever their keys' order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A part as the model saw it, without what a fork mints anew (ids, signatures) or leaves out of the comparison (thoughts). */
function comparablePart(part: Part): unknown {
  if (part.thought) return null;
  if (part.functionCall) return { call: part.functionCall.name, args: part.functionCall.args };
  if (part.functionResponse) {
    const { name, response, parts } = part.functionResponse;
    return { result: name, response, parts: parts?.map(comparablePart) };
  }
  if (part.inlineData) return { media: part.inlineData.mimeType, data: part.inlineData.data };
  if (part.toolCall) return { serverCall: part.toolCall.toolType, args: part.toolCall.args };
  if (part.toolResponse) return { serverResult: part.toolResponse.toolType, response: part.toolResponse.response };
  return typeof part.text === 'string' ? { text: part.text } : null;
}

function comparableContent(content: Content | undefined): string {
  if (!content) return '';
  return stableJson({ role: content.role, parts: content.parts.map(comparablePart).filter((part) => part !== null) });
}

function inputKey(roundTrip: RoundTripRecord): string {
  return stableJson({ purpose: roundTrip.turn?.purpose ?? 'turn', last: comparableContent(roundTrip.request.contents.at(-1)) });
}

function replyKey(roundTrip: RoundTripRecord): string {
  if (roundTrip.error) return stableJson({ failed: roundTrip.error.kind });
  return stableJson(replyOf(roundTrip));
}

const clip = (text: string, length = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
};

/** A call in a few words: its name and what it works on. */
export function callLine(call: { name: string; args: Record<string, unknown> }): string {
  const target = ['file_path', 'dir_path', 'command', 'pattern', 'url', 'description'].map((key) => call.args[key]).find((value) => typeof value === 'string');
  return typeof target === 'string' ? `${call.name} ${clip(target, 60)}` : call.name;
}

/** What was new in the round-trip's request, in words. */
export function describeInput(roundTrip: RoundTripRecord): string {
  const purpose = roundTrip.turn?.purpose;
  if (purpose === 'compression') return 'Compression (summarizer)';
  if (purpose === 'next_speaker') return 'Next-speaker check';
  const last = roundTrip.request.contents.at(-1);
  if (!last) return 'An empty request';
  const results = last.parts.flatMap((part) => (part.functionResponse ? [part.functionResponse.name] : []));
  if (results.length > 0) return `Results of ${results.join(', ')}`;
  const text = last.parts.filter((part) => typeof part.text === 'string' && !part.thought).map((part) => part.text).join('');
  const media = last.parts.filter((part) => part.inlineData).length;
  const said = text ? `“${clip(text, 120)}”` : '';
  return `${last.role === 'user' ? (last.steering ? 'Steering' : 'Message') : 'Model'}: ${[said, media ? `${media} image(s)` : ''].filter(Boolean).join(' and ') || 'no text'}`;
}

/** What came back, in words: the reply's text and calls, or the failure. */
export function describeReply(roundTrip: RoundTripRecord): string {
  if (roundTrip.error) return `Failed: ${clip(roundTrip.error.message, 120)}`;
  if (roundTrip.endedAt === undefined && roundTrip.response.length === 0) return 'No reply (yet)';
  const reply = replyOf(roundTrip);
  const pieces = [reply.text.trim() ? `“${clip(reply.text)}”` : '', reply.calls.length ? `calls ${reply.calls.map(callLine).join(', ')}` : ''];
  return pieces.filter(Boolean).join('; ') || 'An empty reply';
}

function side(roundTrip: RoundTripRecord | undefined): StepSide | null {
  if (!roundTrip) return null;
  return { roundTrip, input: describeInput(roundTrip), reply: describeReply(roundTrip), tokens: tokensOf(roundTrip.response), durationMs: durationMs(roundTrip) };
}

export function totalsOf(roundTrips: readonly RoundTripRecord[]): RunTotals {
  let tokens: RunTotals['tokens'] = null;
  let modelMs = 0;
  for (const roundTrip of roundTrips) {
    const reported = tokensOf(roundTrip.response);
    if (reported) {
      tokens ??= { prompt: 0, response: 0, total: 0 };
      const prompt = reported.prompt ?? 0;
      const response = (reported.candidates ?? 0) + (reported.thoughts ?? 0);
      tokens.prompt += prompt;
      tokens.response += response;
      tokens.total += reported.total ?? prompt + response;
    }
    modelMs += durationMs(roundTrip) ?? 0;
  }
  const ends = roundTrips.flatMap((roundTrip) => (roundTrip.endedAt === undefined ? [] : [roundTrip.endedAt]));
  const first = roundTrips[0];
  const elapsedMs = first && ends.length > 0 ? Math.max(...ends) - first.startedAt : null;
  return { roundTrips: roundTrips.length, tokens, modelMs, elapsedMs };
}

/**
 * How many of the fork's own round-trips it copied from the original's: those still beside their
 * originals (same start, same interaction); else, when the original's were replaced since (a
 * replay starts afresh), those that started before the fork was made.
 */
export function sharedRoundTrips(original: readonly RoundTripRecord[], fork: readonly RoundTripRecord[], forkCreatedAt: number): number {
  let copied = 0;
  while (copied < fork.length && copied < original.length && fork[copied]!.startedAt === original[copied]!.startedAt && fork[copied]!.interactionId === original[copied]!.interactionId) copied++;
  if (copied > 0) return copied;
  const index = fork.findIndex((roundTrip) => roundTrip.startedAt >= forkCreatedAt);
  return index < 0 ? fork.length : index;
}

/** The two runs from the fork point, aligned; `forkCreatedAt`: the fork session's creation time. */
export function compareFork(originalRecords: readonly RoundTripRecord[], forkRecords: readonly RoundTripRecord[], forkCreatedAt: number): ForkComparison {
  const fork = ownRoundTrips(forkRecords);
  const originalOwn = ownRoundTrips(originalRecords);
  const shared = sharedRoundTrips(originalOwn, fork, forkCreatedAt);
  const original = originalOwn.slice(shared);
  const ownFork = fork.slice(shared);
  const steps: ComparedStep[] = [];
  let divergesAt: number | null = null;
  for (let index = 0; index < Math.max(original.length, ownFork.length); index++) {
    const left = original[index];
    const right = ownFork[index];
    const differences: Difference[] = [];
    const waiting = [left, right].some((roundTrip) => roundTrip && roundTrip.endedAt === undefined && !roundTrip.error);
    if (left && right) {
      if (inputKey(left) !== inputKey(right)) differences.push('input');
      if (!waiting && replyKey(left) !== replyKey(right)) differences.push('reply');
    }
    const status: StepStatus = !right ? 'only-original' : !left ? 'only-fork' : differences.length > 0 ? 'differs' : waiting ? 'pending' : 'same';
    const number = shared + index + 1;
    const begun = original.length > 0 && ownFork.length > 0;
    const first = begun && status !== 'same' && status !== 'pending' && divergesAt === null;
    if (first) divergesAt = number;
    steps.push({ number, original: side(left), fork: side(right), status, differences, firstDivergence: first });
  }
  return { shared, steps, divergesAt, totals: { original: totalsOf(original), fork: totalsOf(ownFork) }, runs: { original, fork: ownFork } };
}
