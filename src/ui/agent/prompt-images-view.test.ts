/** Images attached to messages in the agent panel's state (session-reducer.ts) and after a reload (history-items.ts). */
import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { promptImageParts } from '../../shared/prompt-images';
import { itemsFromHistory } from './history-items';
import { initialSessionView, sessionReducer } from './session-reducer';
import type { SessionAction, SessionView } from './session-reducer';

const shot = { name: 'shot.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' };
const run = (actions: SessionAction[], state: SessionView = { ...initialSessionView, sessionId: 's', running: true }) => actions.reduce(sessionReducer, state);

describe('images attached to messages', () => {
  it('show with the message as it is sent', () => {
    const state = run([{ type: 'local-send', text: 'what is wrong here?', images: [shot] }], { ...initialSessionView, sessionId: 's' });
    expect(state.items).toEqual([expect.objectContaining({ type: 'user', text: 'what is wrong here?', images: [shot] })]);
  });

  it('show with a message a replay plays', () => {
    const state = run([{ type: 'user-message', sessionId: 's', text: 'what is this?', images: [shot] }]);
    expect(state.items).toEqual([expect.objectContaining({ type: 'user', text: 'what is this?', images: [shot] })]);
  });

  it('show with a steering message while it waits and where it joins', () => {
    const waiting = run([{ type: 'steer-local', id: 'x1', text: 'like this', images: [shot] }]);
    expect(waiting.steering).toEqual([{ id: 'x1', text: 'like this', images: [shot] }]);
    const joined = run([{ type: 'agent-event', sessionId: 's', event: { type: 'steering_joined', value: { messages: [{ id: 'x1', entryId: 'e2', text: 'like this' }] } } }], waiting);
    expect(joined.items.at(-1)).toMatchObject({ type: 'user', text: 'like this', steering: true, images: [shot] });
  });

  it('come back with the steering messages a run gave back', () => {
    const given = run([
      { type: 'steer-local', id: 'x1', text: 'first', images: [shot] },
      { type: 'steer-local', id: 'x2', text: 'second' },
      { type: 'steering-returned', sessionId: 's', stopped: true, messages: [{ id: 'x1', text: 'first' }, { id: 'x2', text: 'second' }] },
    ]);
    expect(given.steeringReturned).toEqual({ texts: ['first', 'second'], images: [shot], stopped: true, key: 1 });
  });

  it('show again after a reload, with their names, on the message that carried them only', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'what is wrong here?' }, ...promptImageParts([shot])], entryId: 'e1' },
      { role: 'model', parts: [{ text: 'The button overlaps.' }], entryId: 'e2' },
      { role: 'user', parts: [{ text: 'fix it' }], entryId: 'e3' },
    ];
    const items = itemsFromHistory(history);
    expect(items[0]).toMatchObject({ type: 'user', text: 'what is wrong here?', images: [shot] });
    expect(items[2]).toMatchObject({ type: 'user', text: 'fix it' });
    expect(items[2]).not.toHaveProperty('images');
  });
});
