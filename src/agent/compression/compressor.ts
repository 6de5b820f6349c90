/**
 * History compression for one chat (I1–I5). `compress` decides whether compression is
 * due, summarizes the older part through the injected `summarize` (the core implements it as
 * a model call with COMPRESSION_PROMPT as system instruction), and returns the new history
 * plus a status. It never mutates its input; on every status but COMPRESSED and
 * CONTENT_TRUNCATED the returned history equals the input. Emitting `chat_compressed` (only
 * on COMPRESSED) and turning 'rapid_refill_blocked' into a ModelContextExceeded error with
 * MODEL_CONTEXT_EXCEEDED_MESSAGE are the core loop's job.
 *
 * Token counts: `originalTokenCount` is the provider's last prompt count when known (else an
 * estimate); `newTokenCount` is that count scaled by the estimated size ratio new/old history.
 */
import { abortError } from '../../shared/abort';
import type { Content } from '../../shared/content';
import { textContent } from '../../shared/content';
import { isAbortError } from '../../shared/errors';
import type { CompressionStatus } from '../types';
import { findCompressSplitPoint } from './split-point';
import { estimateTokens } from './token-estimate';
import { DEFAULT_TRUNCATION_OPTIONS, truncateToBudget } from './truncate-to-budget';
import type { TruncationOptions } from './truncate-to-budget';


/** Thrown by a summarizer whose answer hit the output limit: an incomplete summary must not replace history. */
export class SummaryTruncatedError extends Error {
  constructor() {
    super('The summary hit the output token limit.');
    this.name = 'SummaryTruncatedError';
  }
}

export { COMPRESSION_PROMPT } from './compression-prompt';

export const DEFAULT_COMPRESSION_THRESHOLD = 0.5;
export const DEFAULT_PRESERVE_FRACTION = 0.3;
export const COMPRESSION_ACKNOWLEDGEMENT = 'Got it. Thanks for the additional context!';
/** Fewer completed tool batches than this since the last compaction makes a "rapid refill" (I4). */
export const RAPID_REFILL_TOOL_TURN_THRESHOLD = 3;
/** This many consecutive rapid refills block the next compaction: the context is refilled too fast (I4). */
export const MAX_CONSECUTIVE_RAPID_REFILLS = 3;
/** Consecutive summarizer failures after which auto-compression only truncates (I5; the number is our guess). */
export const MAX_CONSECUTIVE_SUMMARY_FAILURES = 3;
export const MODEL_CONTEXT_EXCEEDED_MESSAGE =
  "The conversation no longer fits the model's context: a file or tool output may be too large. Read files in chunks or start a new session.";

export type CompressionOutcomeStatus = CompressionStatus | 'rapid_refill_blocked';

export interface CompressionResult {
  status: CompressionOutcomeStatus;
  history: Content[];
  originalTokenCount: number;
  newTokenCount: number;
}

export interface CompressionInput {
  history: readonly Content[];
  /** `usage.promptTokenCount` of the last response; ≤ 0 when unknown (then estimated). */
  lastPromptTokenCount: number;
  /** Context window of the model in tokens. */
  tokenLimit: number;
  /** Manual or reactive (overflow) compression: skips the threshold and the failure latch. */
  force: boolean;
  signal: AbortSignal;
}

export interface CompressorConfig {
  /** Fraction of `tokenLimit` at which auto-compression starts. Default 0.5. */
  threshold?: number;
  /** Newest fraction of history (by JSON characters) kept verbatim. Default 0.3. */
  preserveFraction?: number;
  truncation?: Partial<TruncationOptions>;
  rapidRefillToolTurnThreshold?: number;
  maxConsecutiveRapidRefills?: number;
  maxConsecutiveSummaryFailures?: number;
}

export interface CompressorDependencies {
  /** Summarizes `contents`; resolves with the summary text. May reject (API error, abort). */
  summarize(contents: readonly Content[], signal: AbortSignal): Promise<string>;
  config?: CompressorConfig;
}

export interface Compressor {
  /** Rejects only with an AbortError, when `signal` aborts; every other failure is a status. */
  compress(input: CompressionInput): Promise<CompressionResult>;
  /** One tool batch completed (its results are in history): counts toward the rapid-refill check (I4). */
  onToolBatchCompleted(): void;
  /** A new turn (user prompt): rapid-refill tracking starts over (I4). Call before a manual compress too. */
  resetTurn(): void;
}

export function createCompressor(deps: CompressorDependencies): Compressor {
  const config = deps.config ?? {};
  const threshold = config.threshold ?? DEFAULT_COMPRESSION_THRESHOLD;
  const preserveFraction = config.preserveFraction ?? DEFAULT_PRESERVE_FRACTION;
  const truncation: TruncationOptions = { ...DEFAULT_TRUNCATION_OPTIONS, ...definedOnly(config.truncation) };
  const rapidRefillToolTurns = config.rapidRefillToolTurnThreshold ?? RAPID_REFILL_TOOL_TURN_THRESHOLD;
  const maxRapidRefills = config.maxConsecutiveRapidRefills ?? MAX_CONSECUTIVE_RAPID_REFILLS;
  const maxSummaryFailures = config.maxConsecutiveSummaryFailures ?? MAX_CONSECUTIVE_SUMMARY_FAILURES;

  /** The failure latch (I3, Gemini CLI's `hasFailedCompressionAttempt`): set, auto-compression only truncates. It lasts as long as the session's compressor. */
  let summarizerLatched = false;
  let summaryFailures = 0;
  /** Undefined until the first compaction of the turn: rapid-refill tracking is absent until then (I4). */
  let toolTurnsSinceCompact: number | undefined;
  let consecutiveRapidRefills = 0;

  function recordSummaryFailure(): void {
    summaryFailures += 1;
    if (summaryFailures >= maxSummaryFailures) summarizerLatched = true;
  }

  async function compress(input: CompressionInput): Promise<CompressionResult> {
    const { history, tokenLimit, force, signal } = input;
    let estimate: number | undefined;
    const estimatedOriginal = (): number => (estimate ??= estimateTokens(history));
    const originalTokenCount = input.lastPromptTokenCount > 0 ? input.lastPromptTokenCount : estimatedOriginal();
    const unchanged = (status: CompressionOutcomeStatus, newTokenCount = originalTokenCount): CompressionResult => ({
      status,
      history: [...history],
      originalTokenCount,
      newTokenCount,
    });
    const projected = (estimate: number): number => Math.round((originalTokenCount * estimate) / Math.max(1, estimatedOriginal()));

    if (history.length === 0) return { status: 'NOOP', history: [], originalTokenCount: 0, newTokenCount: 0 };
    if (!force && originalTokenCount < threshold * tokenLimit) return unchanged('NOOP');

    // Rapid refills (I4): the first compaction of a turn counts 0; each rapid one after it counts up.
    const rapidRefills =
      toolTurnsSinceCompact === undefined ? 0 : toolTurnsSinceCompact < rapidRefillToolTurns ? consecutiveRapidRefills + 1 : 0;
    if (rapidRefills >= maxRapidRefills) return unchanged('rapid_refill_blocked');
    const compacted = (status: CompressionStatus, newHistory: Content[], estimate: number): CompressionResult => {
      consecutiveRapidRefills = rapidRefills;
      toolTurnsSinceCompact = 0;
      return { status, history: newHistory, originalTokenCount, newTokenCount: projected(estimate) };
    };

    const truncated = truncateToBudget(history, truncation);
    const estimatedTruncated = estimateTokens(truncated);
    const truncationHelped = estimatedTruncated < estimatedOriginal();
    const truncateOnly = (): CompressionResult =>
      truncationHelped ? compacted('CONTENT_TRUNCATED', truncated, estimatedTruncated) : unchanged('NOOP');

    // After a failed summary, auto-compression only truncates; force still summarizes (I3).
    if (summarizerLatched && !force) return truncateOnly();

    const split = findCompressSplitPoint(truncated, preserveFraction);
    // Our choice: no cut point (e.g. one long agentic turn): still apply the truncation.
    if (split === 0) return truncateOnly();

    const originalPart = history.slice(0, split);
    const forSummarizer = estimateTokens(originalPart) < tokenLimit ? originalPart : truncated.slice(0, split);
    if (signal.aborted) throw abortError();
    let summary: string;
    try {
      summary = (await deps.summarize(forSummarizer, signal)).trim();
    } catch (thrown) {
      if (isAbortError(thrown) || signal.aborted) throw isAbortError(thrown) ? thrown : abortError();
      recordSummaryFailure();
      return unchanged(thrown instanceof SummaryTruncatedError ? 'COMPRESSION_FAILED_OUTPUT_TRUNCATED' : 'COMPRESSION_FAILED_API_ERROR');
    }
    if (summary === '') {
      recordSummaryFailure();
      return unchanged('COMPRESSION_FAILED_EMPTY_SUMMARY');
    }

    const newHistory = [textContent('user', summary), textContent('model', COMPRESSION_ACKNOWLEDGEMENT), ...truncated.slice(split)];
    const estimatedNew = estimateTokens(newHistory);
    if (estimatedNew > estimatedOriginal()) {
      if (!force) summarizerLatched = true;
      recordSummaryFailure();
      return unchanged('COMPRESSION_FAILED_INFLATED_TOKEN_COUNT', projected(estimatedNew));
    }
    // A summary that worked (forced or not) lifts the latch.
    summarizerLatched = false;
    summaryFailures = 0;
    return compacted('COMPRESSED', newHistory, estimatedNew);
  }

  return {
    compress,
    onToolBatchCompleted() {
      if (toolTurnsSinceCompact !== undefined) toolTurnsSinceCompact += 1;
    },
    resetTurn() {
      toolTurnsSinceCompact = undefined;
      consecutiveRapidRefills = 0;
    },
  };
}

function definedOnly<T extends object>(values: Partial<T> | undefined): Partial<T> {
  if (!values) return {};
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
