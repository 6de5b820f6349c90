import { describe, expect, it } from 'vitest';
import { createApprovals, createStepGate } from './gates';

describe('approvals', () => {
  it('resolve with the answer for the matching call only', async () => {
    const approvals = createApprovals();
    const controller = new AbortController();
    const first = approvals.wait('c1', controller.signal);
    const second = approvals.wait('c2', controller.signal);
    expect(approvals.answer('c2', 'proceed_once')).toBe(true);
    expect(approvals.answer('c1', 'cancel')).toBe(true);
    await expect(first).resolves.toBe('cancel');
    await expect(second).resolves.toBe('proceed_once');
  });

  it('keep an answer that arrives before the agent asks', async () => {
    const approvals = createApprovals();
    expect(approvals.answer('c1', 'proceed_once')).toBe(false);
    await expect(approvals.wait('c1', new AbortController().signal)).resolves.toBe('proceed_once');
  });

  it('forget an answer kept for a call not asked when told a run begins', async () => {
    const approvals = createApprovals();
    approvals.answer('c1', 'proceed_once');
    approvals.forgetEarly();
    const waiting = approvals.wait('c1', new AbortController().signal);
    expect(approvals.answer('c1', 'cancel')).toBe(true);
    await expect(waiting).resolves.toBe('cancel');
  });

  it('turn into cancel when the run is aborted', async () => {
    const approvals = createApprovals();
    const controller = new AbortController();
    const waiting = approvals.wait('c1', controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBe('cancel');
  });
});

describe('step gate', () => {
  it('waits for next step', async () => {
    const gate = createStepGate();
    let released = false;
    const paused = gate.pause(new AbortController().signal).then(() => (released = true));
    await Promise.resolve();
    expect(released).toBe(false);
    gate.next();
    await paused;
    expect(released).toBe(true);
  });

  it('a press for an earlier pause (the second click of a double-click) does not release the next one', async () => {
    const gate = createStepGate();
    const first = gate.pause(new AbortController().signal, 1);
    gate.next(1);
    await first;
    let released = false;
    const second = gate.pause(new AbortController().signal, 2).then(() => (released = true));
    gate.next(1);
    await Promise.resolve();
    expect(released).toBe(false);
    gate.next(2);
    await second;
    expect(released).toBe(true);
  });

  it('rejects with an AbortError when stopped while paused', async () => {
    const gate = createStepGate();
    const controller = new AbortController();
    const paused = gate.pause(controller.signal);
    controller.abort();
    await expect(paused).rejects.toMatchObject({ name: 'AbortError' });
  });
});
