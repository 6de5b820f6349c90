import { describe, expect, it } from 'vitest';
import type { LoopscopeDb } from '../../store/db';
import type { WorkerEvent } from '../protocol';
import { createApprovals } from './gates';
import { createRunSlot } from './run-slot';
import type { SessionRuntime } from './session-runtime';

function setUp() {
  const order: string[] = [];
  const approvals = createApprovals();
  const runtime = {
    session: { id: 's1' },
    agent: { interruption: () => null },
    flushRoundTrips: async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('round-trips stored');
    },
  } as unknown as SessionRuntime;
  const slot = createRunSlot({
    db: {} as LoopscopeDb,
    post: (event: WorkerEvent) => {
      if (event.type === 'running' && !event.running) order.push('page told it ended');
    },
    approvals,
    current: () => runtime,
    ended: () => order.push('ended (traces read)'),
  });
  return { order, runtime, slot, approvals };
}

describe('the run slot', () => {
  it("stores every run's round-trips before it is said to end: work begun directly, as Compress is, too", async () => {
    const { order, runtime, slot } = setUp();
    const { done } = slot.begin(runtime, async () => void order.push('work'));
    await done;
    expect(order).toEqual(['work', 'round-trips stored', 'ended (traces read)', 'page told it ended']);
  });

  it('stores them when the work fails, too', async () => {
    const { order, runtime, slot } = setUp();
    const { done } = slot.begin(runtime, () => Promise.reject(new Error('broke')));
    await expect(done).rejects.toThrow('broke');
    expect(order).toEqual(['round-trips stored', 'ended (traces read)', 'page told it ended']);
  });

  it("begins each run without an earlier run's answer to a call it never asked (a second click on Allow): the same call id run again waits", async () => {
    const { runtime, slot, approvals } = setUp();
    const first = slot.begin(runtime, async (signal) => {
      const waiting = approvals.wait('recorded-1', signal);
      approvals.answer('recorded-1', 'proceed_once');
      approvals.answer('recorded-1', 'proceed_once');
      return waiting;
    });
    await expect(first.done).resolves.toBe('proceed_once');

    const outcomes: string[] = [];
    const second = slot.begin(runtime, async (signal) => {
      const waiting = approvals.wait('recorded-1', signal).then((outcome) => outcomes.push(outcome));
      await Promise.resolve();
      outcomes.push('still waiting');
      approvals.answer('recorded-1', 'cancel');
      await waiting;
    });
    await second.done;
    expect(outcomes).toEqual(['still waiting', 'cancel']);
  });
});
