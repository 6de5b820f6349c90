import { describe, expect, it } from 'vitest';
import type { LoopscopeDb } from '../../store/db';
import type { WorkerEvent } from '../protocol';
import type { Approvals } from './gates';
import { createRunSlot } from './run-slot';
import type { SessionRuntime } from './session-runtime';

function setUp() {
  const order: string[] = [];
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
    approvals: { cancelAll: () => undefined } as unknown as Approvals,
    current: () => runtime,
    ended: () => order.push('ended (traces read)'),
  });
  return { order, runtime, slot };
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
});
