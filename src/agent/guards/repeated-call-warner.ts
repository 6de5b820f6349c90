/**
 * Warn, never stop, when the model repeats the same call (H8, after ZCode). The streak spans
 * batches and counts every call inside a parallel batch; when it reaches the threshold the
 * model gets one reminder per streak. Reminders are budgeted per turn: past the budget a
 * warning is still reported (for a `model_anomaly_warning` event) but nothing is injected.
 * It coexists with the identical-call guard (H1): warn at 3, halt at 5.
 */
import { stableJson } from './stable-key';

export interface RepeatedCallWarnerOptions {
  /** Streak length that triggers the warning. Default 3. */
  threshold?: number;
  /** Reminders injected per turn; later warnings are events only. Default 3. */
  maxWarningsPerTurn?: number;
}

export interface RepeatedCallBatchResult {
  /** Texts to inject as `<system-reminder>` text parts after the batch's functionResponses. */
  reminders: string[];
  /** One message per warning, for `model_anomaly_warning` events (injected or not). */
  warnings: string[];
}

export interface RepeatedCallWarner {
  onBatch(calls: readonly { name: string; args: Record<string, unknown> }[]): RepeatedCallBatchResult;
  /** A runtime command or user guidance was absorbed: the streak starts over. */
  resetStreak(): void;
  /** A new turn (user prompt): the reminder budget refills and the streak starts over. */
  resetTurn(): void;
}

export const DEFAULT_REPEATED_CALL_THRESHOLD = 3;
export const DEFAULT_MAX_WARNINGS_PER_TURN = 3;

/** The warning text; the reminder wraps it in `<system-reminder>` tags. */
export function repeatedCallWarningText(toolName: string, count: number): string {
  return (
    `You have called ${toolName} with the same input ${count} times in a row. ` +
    'Repeating an identical call returns the same result. Use the result you already have, ' +
    'change the input, or take a different approach.'
  );
}

export function createRepeatedCallWarner(options: RepeatedCallWarnerOptions = {}): RepeatedCallWarner {
  const threshold = options.threshold ?? DEFAULT_REPEATED_CALL_THRESHOLD;
  const maxWarningsPerTurn = options.maxWarningsPerTurn ?? DEFAULT_MAX_WARNINGS_PER_TURN;
  let lastSignature: string | null = null;
  let streak = 0;
  let remindersThisTurn = 0;

  function resetStreak(): void {
    lastSignature = null;
    streak = 0;
  }

  return {
    onBatch(calls) {
      const reminders: string[] = [];
      const warnings: string[] = [];
      for (const call of calls) {
        const signature = JSON.stringify(call.name) + stableJson(call.args);
        streak = signature === lastSignature ? streak + 1 : 1;
        lastSignature = signature;
        // "Equals", not "at least": one warning per streak.
        if (streak !== threshold) continue;
        const warning = repeatedCallWarningText(call.name, streak);
        warnings.push(warning);
        if (remindersThisTurn < maxWarningsPerTurn) {
          remindersThisTurn += 1;
          reminders.push(`<system-reminder>${warning}</system-reminder>`);
        }
      }
      return { reminders, warnings };
    },
    resetStreak,
    resetTurn() {
      resetStreak();
      remindersThisTurn = 0;
    },
  };
}
