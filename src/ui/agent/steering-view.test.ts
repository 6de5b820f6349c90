/** Steering in the agent panel's state (session-reducer.ts): waiting, joined where it joined, given back. */
import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { itemsFromHistory } from './history-items';
import { initialSessionView, sessionReducer } from './session-reducer';
import type { SessionAction, SessionView } from './session-reducer';

const run = (actions: SessionAction[], state: SessionView = { ...initialSessionView, sessionId: 's', running: true }) => actions.reduce(sessionReducer, state);
const card = { callId: 'c1', name: 'list_directory', args: { dir_path: '.' }, summary: '.', status: 'success' as const, index: 0 };

describe('steering in the agent panel', () => {
  it('a steering message waits apart from the items, then joins after what came before it, marked, with its entry id', () => {
    const waiting = run([
      { type: 'local-send', text: 'look around' },
      { type: 'send-accepted' },
      { type: 'steer-local', id: 'x1', text: 'only the top level' },
      { type: 'steer-local', id: 'x2', text: 'and be brief' },
      { type: 'agent-event', sessionId: 's', event: { type: 'tool_calls_update', value: [card] } },
    ]);
    expect(waiting.steering).toEqual([
      { id: 'x1', text: 'only the top level' },
      { id: 'x2', text: 'and be brief' },
    ]);
    expect(waiting.items.map((item) => item.type)).toEqual(['user', 'tool']);

    const joined = run([{ type: 'agent-event', sessionId: 's', event: { type: 'steering_joined', value: { messages: [{ id: 'x1', entryId: 'e4', text: 'only the top level' }] } } }], waiting);
    expect(joined.steering).toEqual([{ id: 'x2', text: 'and be brief' }]);
    expect(joined.items.at(-1)).toMatchObject({ type: 'user', text: 'only the top level', steering: true, entryId: 'e4' });
    expect(joined.items.map((item) => item.type)).toEqual(['user', 'tool', 'user']);
  });

  it('messages the run gave back leave the waiting list and are said once, with whether Stop gave them back', () => {
    const given = run([
      { type: 'steer-local', id: 'x1', text: 'first' },
      { type: 'steer-local', id: 'x2', text: 'second' },
      { type: 'steering-returned', sessionId: 's', stopped: true, messages: [{ id: 'x1', text: 'first' }, { id: 'x2', text: 'second' }] },
    ]);
    expect(given.steering).toEqual([]);
    expect(given.steeringReturned).toEqual({ texts: ['first', 'second'], images: [], stopped: true, key: 1 });
    // A session switch (Stop gave them back for it) keeps them for the prompt.
    const switched = sessionReducer(given, { type: 'session-loaded', session: { sessionId: 't', approvalMode: 'ask', history: [], interruption: { type: 'none' }, sandboxKind: 'offline' } });
    expect(switched.steeringReturned).toEqual(given.steeringReturned);
  });

  it('messages given back are taken once: once handled they are gone, also after a session switch, and a newer return stays', () => {
    const given = run([
      { type: 'steer-local', id: 'x1', text: 'first' },
      { type: 'steering-returned', sessionId: 's', stopped: false, messages: [{ id: 'x1', text: 'first' }] },
    ]);
    const handled = sessionReducer(given, { type: 'steering-returned-handled', key: given.steeringReturned!.key });
    expect(handled.steeringReturned).toBeNull();
    const switched = sessionReducer(handled, { type: 'session-loaded', session: { sessionId: 't', approvalMode: 'ask', history: [], interruption: { type: 'none' }, sandboxKind: 'offline' } });
    expect(switched.steeringReturned).toBeNull();
    // Handling an older return leaves a newer one for the prompt.
    const newer = run([{ type: 'steering-returned', sessionId: 's', stopped: true, messages: [{ id: 'x2', text: 'second' }] }], given);
    expect(sessionReducer(newer, { type: 'steering-returned-handled', key: given.steeringReturned!.key }).steeringReturned).toEqual(newer.steeringReturned);
  });

  it('a refused steering message leaves the waiting list', () => {
    const state = run([{ type: 'steer-local', id: 'x1', text: 'too late' }, { type: 'steer-refused', id: 'x1' }]);
    expect(state.steering).toEqual([]);
    expect(state.items).toEqual([]);
  });

  it('after a reload a stored steering message is marked where it joined', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'look around' }], entryId: 'e1' },
      { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'list_directory', args: { dir_path: '.' } } }], entryId: 'e2' },
      { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'list_directory', response: { output: 'a.txt' } } }], entryId: 'e3' },
      { role: 'user', parts: [{ text: 'only the top level' }], entryId: 'e4', steering: true },
      { role: 'model', parts: [{ text: 'Done.' }], entryId: 'e5' },
    ];
    const items = itemsFromHistory(history);
    expect(items.map((item) => (item.type === 'user' ? `${item.text}${item.steering ? ' (steering)' : ''}` : item.type))).toEqual(['look around', 'tool', 'only the top level (steering)', 'agent']);
  });
});
