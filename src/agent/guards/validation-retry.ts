/**
 * The retry-loop directive (C6): when the model keeps sending a call that fails validation (or a truncated edit
 * that is rejected) with the same error, the third time its error gets a directive to stop
 * retrying. Advice only: the loop goes on.
 *
 * Counters are keyed by `${tool}:${errorMessage}` and live across batches (Qwen rules):
 * a different message on the same tool resets that tool's other keys; a call that passes
 * validation or succeeds clears the tool's counters; tools absent from a batch lose theirs;
 * the same key twice in one batch counts once.
 */

export const RETRY_LOOP_DIRECTIVE =
  '\n\n⚠ RETRY LOOP DETECTED: This tool call has failed validation multiple times with the same error. ' +
  'STOP retrying the same approach. Re-examine the tool schema and parameter requirements, then try a ' +
  'fundamentally different approach. If you cannot resolve the validation error, explain the issue to the user ' +
  'instead of retrying.';

export const TRUNCATION_RETRY_LOOP_DIRECTIVE =
  '\n\n⚠ RETRY LOOP DETECTED: The same truncated file write has been rejected multiple times. ' +
  'STOP resending the same large content. Either split it into smaller write_file + incremental edit calls, ' +
  'or explain to the user that the content is too large to write safely in one call.';

export const DEFAULT_VALIDATION_RETRY_THRESHOLD = 3;

/** One call of a batch, in declaration order. Calls with none of these fields are ignored. */
export interface CallValidation {
  tool: string;
  /** INVALID_TOOL_PARAMS, or OUTPUT_TRUNCATED for an edit cut short by the token limit (C4, C5). `message` excludes any directive. */
  error?: { kind: 'invalid_params' | 'truncated'; message: string };
  /** The call passed validation. */
  passed?: boolean;
  /** The call executed successfully. */
  succeeded?: boolean;
}

export interface ValidationRetryTracker {
  /**
   * Records one batch. Returns, per outcome in order, the suffix to append to that call's
   * error text: '' or the directive (the truncation variant for 'truncated').
   */
  recordBatch(outcomes: readonly CallValidation[]): string[];
  /** Forget everything (e.g. a new session). */
  reset(): void;
}

export function createValidationRetryTracker(options: { threshold?: number } = {}): ValidationRetryTracker {
  const threshold = options.threshold ?? DEFAULT_VALIDATION_RETRY_THRESHOLD;
  /** tool → (error message → count). Grouping by tool makes "the tool's keys" exact. */
  let counts = new Map<string, Map<string, number>>();

  function record(tool: string, message: string, seenThisBatch: Map<string, number>): number {
    const batchKey = `${tool}:${message}`;
    const earlier = seenThisBatch.get(batchKey);
    // Repeated in the same batch: counts once, but still supersedes the tool's other keys.
    const count = earlier ?? (counts.get(tool)?.get(message) ?? 0) + 1;
    counts.set(tool, new Map([[message, count]]));
    seenThisBatch.set(batchKey, count);
    return count;
  }

  return {
    recordBatch(outcomes) {
      const present = new Set(outcomes.map((outcome) => outcome.tool));
      for (const tool of [...counts.keys()]) {
        if (!present.has(tool)) counts.delete(tool);
      }
      const seenThisBatch = new Map<string, number>();
      return outcomes.map((outcome) => {
        if (outcome.error) {
          const count = record(outcome.tool, outcome.error.message, seenThisBatch);
          if (count < threshold) return '';
          return outcome.error.kind === 'truncated' ? TRUNCATION_RETRY_LOOP_DIRECTIVE : RETRY_LOOP_DIRECTIVE;
        }
        if (outcome.passed || outcome.succeeded) counts.delete(outcome.tool);
        return '';
      });
    },
    reset() {
      counts = new Map();
    },
  };
}
