/** Spec C6: the RETRY LOOP DETECTED directive on repeated identical validation failures. */
import { describe, expect, it } from 'vitest';
import { createValidationRetryTracker, RETRY_LOOP_DIRECTIVE, TRUNCATION_RETRY_LOOP_DIRECTIVE } from './validation-retry';
import type { CallValidation } from './validation-retry';

const missing: CallValidation = { tool: 'read_file', error: { kind: 'invalid_params', message: "params must have required property 'file_path'" } };
const otherError: CallValidation = { tool: 'read_file', error: { kind: 'invalid_params', message: 'params/limit must be number' } };
const valid: CallValidation = { tool: 'read_file', passed: true, succeeded: true };

describe('C6 validation retry loop', () => {
  it('the exact directive texts', () => {
    expect(RETRY_LOOP_DIRECTIVE).toBe(
      '\n\n⚠ RETRY LOOP DETECTED: This tool call has failed validation multiple times with the same error. STOP retrying the same approach. Re-examine the tool schema and parameter requirements, then try a fundamentally different approach. If you cannot resolve the validation error, explain the issue to the user instead of retrying.',
    );
    expect(TRUNCATION_RETRY_LOOP_DIRECTIVE.startsWith('\n\n⚠ RETRY LOOP DETECTED: The same truncated file write has been rejected multiple times. STOP resending')).toBe(true);
  });

  it('3 identical failures in 3 batches: the directive on the 3rd only, and again on the 4th', () => {
    const tracker = createValidationRetryTracker();
    const suffixes = [1, 2, 3, 4].map(() => tracker.recordBatch([missing])[0]);
    expect(suffixes).toEqual(['', '', RETRY_LOOP_DIRECTIVE, RETRY_LOOP_DIRECTIVE]);
  });

  it('variant: a valid call clears the counter, so the directive first appears on the 5th call', () => {
    const tracker = createValidationRetryTracker();
    const suffixes = [missing, valid, missing, missing, missing].map((outcome) => tracker.recordBatch([outcome])[0]);
    expect(suffixes).toEqual(['', '', '', '', RETRY_LOOP_DIRECTIVE]);
  });

  it('success alone also clears the counters', () => {
    const tracker = createValidationRetryTracker();
    tracker.recordBatch([missing]);
    tracker.recordBatch([missing]);
    tracker.recordBatch([{ tool: 'read_file', succeeded: true }]);
    expect(tracker.recordBatch([missing])).toEqual(['']);
  });

  it('a different message for the same tool resets its other keys', () => {
    const tracker = createValidationRetryTracker();
    const suffixes = [missing, missing, otherError, missing, missing].map((outcome) => tracker.recordBatch([outcome])[0]);
    expect(suffixes).toEqual(['', '', '', '', '']);
    expect(tracker.recordBatch([missing])).toEqual([RETRY_LOOP_DIRECTIVE]);
  });

  it('counters of tools absent from a batch are pruned', () => {
    const tracker = createValidationRetryTracker();
    tracker.recordBatch([missing]);
    tracker.recordBatch([missing]);
    tracker.recordBatch([{ tool: 'glob', passed: true }]);
    expect(tracker.recordBatch([missing])).toEqual(['']);
  });

  it('the same key repeated within one batch counts once', () => {
    const tracker = createValidationRetryTracker();
    expect(tracker.recordBatch([missing, missing, missing])).toEqual(['', '', '']);
    expect(tracker.recordBatch([missing, missing])).toEqual(['', '']);
    expect(tracker.recordBatch([missing])).toEqual([RETRY_LOOP_DIRECTIVE]);
  });

  it('keys are per tool: other tools in the batch do not interfere', () => {
    const tracker = createValidationRetryTracker();
    const globError: CallValidation = { tool: 'glob', error: { kind: 'invalid_params', message: "params must have required property 'file_path'" } };
    tracker.recordBatch([missing, globError]);
    tracker.recordBatch([missing, { tool: 'glob', succeeded: true }]);
    expect(tracker.recordBatch([missing, globError])).toEqual([RETRY_LOOP_DIRECTIVE, '']);
  });

  it('truncated edits use the truncation directive', () => {
    const tracker = createValidationRetryTracker();
    const truncated: CallValidation = { tool: 'write_file', error: { kind: 'truncated', message: 'Your previous response was truncated' } };
    const suffixes = [1, 2, 3].map(() => tracker.recordBatch([truncated])[0]);
    expect(suffixes).toEqual(['', '', TRUNCATION_RETRY_LOOP_DIRECTIVE]);
  });

  it('outcomes without error, pass or success (denied, cancelled) change nothing', () => {
    const tracker = createValidationRetryTracker();
    tracker.recordBatch([missing]);
    tracker.recordBatch([missing, { tool: 'read_file' }]);
    expect(tracker.recordBatch([missing])).toEqual([RETRY_LOOP_DIRECTIVE]);
  });

  it('takes its threshold from options, and reset() forgets everything', () => {
    const tracker = createValidationRetryTracker({ threshold: 2 });
    tracker.recordBatch([missing]);
    expect(tracker.recordBatch([missing])).toEqual([RETRY_LOOP_DIRECTIVE]);
    tracker.reset();
    expect(tracker.recordBatch([missing])).toEqual(['']);
  });
});
