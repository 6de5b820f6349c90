import { describe, expect, it } from 'vitest';
import type { AppError } from '../shared/errors';
import { createInitGate } from './init-gate';

type Message = { type: string; id: number };

function gate(initialize: () => Promise<void>) {
  const handled: string[] = [];
  const refused: { id: number; error: AppError }[] = [];
  const instance = createInitGate<Message>({
    isInit: (message) => message.type === 'init',
    initialize: async (message) => {
      handled.push(`init ${message.id}`);
      await initialize();
      handled.push('initialized');
      return async (next) => {
        handled.push(`${next.type} ${next.id}`);
      };
    },
    refuse: (message, error) => refused.push({ id: message.id, error }),
    isCancellable: (message) => message.type === 'send',
    isStop: (message) => message.type === 'stop',
  });
  return { instance, handled, refused };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the worker holds requests until it is initialized', () => {
  it('a message sent before init is handled once init has opened the session, in the order sent', async () => {
    let open: () => void = () => {};
    const { instance, handled } = gate(() => new Promise((resolve) => (open = resolve)));
    instance.receive({ type: 'send', id: 1 });
    instance.receive({ type: 'set-approval-mode', id: 2 });
    await settle();
    expect(handled).toEqual([]);
    instance.receive({ type: 'init', id: 3 });
    instance.receive({ type: 'approval-response', id: 4 });
    await settle();
    expect(handled).toEqual(['init 3']);
    open();
    await settle();
    expect(handled).toEqual(['init 3', 'initialized', 'send 1', 'set-approval-mode 2', 'approval-response 4']);
  });

  it('after init, messages go straight to the handler in order', async () => {
    const { instance, handled } = gate(async () => {});
    instance.receive({ type: 'init', id: 1 });
    await settle();
    instance.receive({ type: 'send', id: 2 });
    instance.receive({ type: 'stop', id: 3 });
    await settle();
    expect(handled).toEqual(['init 1', 'initialized', 'send 2', 'stop 3']);
  });

  it('when initializing fails, every waiting request and the init itself are answered with why instead of being dropped', async () => {
    const { instance, handled, refused } = gate(() => Promise.reject(new Error('IndexedDB is unavailable')));
    instance.receive({ type: 'send', id: 1 });
    instance.receive({ type: 'init', id: 2 });
    instance.receive({ type: 'send', id: 3 });
    await settle();
    expect(handled).toEqual(['init 2']);
    expect(refused.map((entry) => entry.id).sort()).toEqual([1, 2, 3]);
    expect(refused[0]!.error.message).toMatch(/could not start: IndexedDB is unavailable.*Reload the page/);
  });

  it('a Stop sent while a message waits cancels the message: it is answered at once and never handled', async () => {
    let open: () => void = () => {};
    const { instance, handled, refused } = gate(() => new Promise((resolve) => (open = resolve)));
    instance.receive({ type: 'send', id: 1 });
    instance.receive({ type: 'stop', id: 2 });
    expect(refused).toEqual([{ id: 1, error: expect.objectContaining({ kind: 'cancelled' }) }]);
    instance.receive({ type: 'init', id: 3 });
    instance.receive({ type: 'send', id: 4 });
    open();
    await settle();
    expect(handled).toEqual(['init 3', 'initialized', 'stop 2', 'send 4']);
    expect(refused.map((entry) => entry.id)).toEqual([1]);
  });
});
