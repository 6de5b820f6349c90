/**
 * Correlated waits inside the worker: approvals by call id (STYLE.md §9, never callbacks
 * into React) and the step-through gate. Both end at once when the run is aborted.
 */
import type { ApprovalOutcome } from '../../agent/types';

export interface Approvals {
  wait(callId: string, signal: AbortSignal): Promise<ApprovalOutcome>;
  answer(callId: string, outcome: ApprovalOutcome): boolean;
  cancelAll(): void;
  /**
   * A run begins: an answer still kept for a call never asked is an earlier run's (a second
   * click on its Allow) and is dropped. A replay's calls keep the recording's ids, so it would
   * otherwise answer the same call run again, unasked.
   */
  forgetEarly(): void;
}

export function createApprovals(): Approvals {
  const pending = new Map<string, (outcome: ApprovalOutcome) => void>();
  // An answer can arrive before the agent asks (the card shows as soon as the call is
  // awaiting approval); it is kept until the matching wait.
  const early = new Map<string, ApprovalOutcome>();
  return {
    wait(callId, signal) {
      return new Promise((resolve) => {
        if (signal.aborted) {
          resolve('cancel');
          return;
        }
        const answered = early.get(callId);
        if (answered) {
          early.delete(callId);
          resolve(answered);
          return;
        }
        const finish = (outcome: ApprovalOutcome) => {
          pending.delete(callId);
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        };
        const onAbort = () => finish('cancel');
        signal.addEventListener('abort', onAbort, { once: true });
        pending.set(callId, finish);
      });
    },
    answer(callId, outcome) {
      const finish = pending.get(callId);
      if (finish) finish(outcome);
      else early.set(callId, outcome);
      return !!finish;
    },
    cancelAll() {
      early.clear();
      for (const finish of [...pending.values()]) finish('cancel');
    },
    forgetEarly() {
      early.clear();
    },
  };
}

export interface StepGate {
  /** Resolves when the person presses Next step for `step`; rejects with AbortError when the run stops. */
  pause(signal: AbortSignal, step?: number): Promise<void>;
  /**
   * Releases the pause. With a step number, only that pause: a second press of a
   * double-click, arriving after the next pause began, must not release that one too.
   */
  next(step?: number): void;
}

export function createStepGate(): StepGate {
  let release: (() => void) | null = null;
  let current: number | undefined;
  return {
    pause(signal, step) {
      current = step;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          release = null;
          const error = new Error('Aborted');
          error.name = 'AbortError';
          reject(error);
        };
        if (signal.aborted) {
          onAbort();
          return;
        }
        signal.addEventListener('abort', onAbort, { once: true });
        release = () => {
          release = null;
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
      });
    },
    next(step) {
      if (step !== undefined && step !== current) return;
      release?.();
    },
  };
}
