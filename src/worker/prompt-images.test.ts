/**
 * Images attached to the person's message through the whole worker in Node: the send request
 * carries them, the agent stores them after the message's text in IndexedDB (fake-indexeddb),
 * the model is sent them, and a reopened session loads them; images past the limits are refused
 * as data, and nothing runs.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createFakeModel, reply } from '../agent/testing/fake-model';
import { PROMPT_IMAGES_MAX } from '../shared/limits';
import { promptImageParts } from '../shared/prompt-images';
import { loadHistory } from '../store/history';
import { createControllerHarness } from './testing/controller-harness';

const shot = { name: 'shot.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' };

describe('images sent with a message, through the worker', () => {
  it('are stored with the message in IndexedDB, sent to the model, and there when the session is opened again', async () => {
    const model = createFakeModel([reply('A square.', 'STOP')]);
    const h = createControllerHarness({ databaseName: `prompt-images-${Math.random()}`, model });
    await h.init();
    const answer = await h.send({ type: 'send', sessionId: null, text: 'what is this?', images: [shot] });
    expect(answer.error).toBeUndefined();
    await h.controller.idle();

    expect(model.requests[0]!.contents[0]!.parts).toEqual([{ text: 'what is this?' }, ...promptImageParts([shot])]);
    const sessionId = h.loaded().at(-1)!.sessionId;
    const stored = await loadHistory(h.db, sessionId);
    if (!stored.ok) throw new Error(stored.error.message);
    expect(stored.value.history[0]).toMatchObject({ role: 'user', parts: [{ text: 'what is this?' }, ...promptImageParts([shot])] });

    const again = createControllerHarness({ databaseName: h.db.name, model: createFakeModel([]) });
    await again.init(sessionId);
    expect(again.loaded().at(-1)!.history[0]!.parts).toEqual([{ text: 'what is this?' }, ...promptImageParts([shot])]);
  });

  it('past the limits, are refused with why, and the message is not stored', async () => {
    const model = createFakeModel([]);
    const h = createControllerHarness({ databaseName: `prompt-images-${Math.random()}`, model });
    await h.init();
    const svg = await h.send({ type: 'send', sessionId: null, text: 'look', images: [{ ...shot, name: 'x.svg', mimeType: 'image/svg+xml' }] });
    expect(svg.error).toEqual({ kind: 'bad-images', message: 'x.svg is image/svg+xml: attach a PNG, JPEG, WebP or GIF image.' });
    const many = await h.send({ type: 'send', sessionId: null, text: 'look', images: Array.from({ length: PROMPT_IMAGES_MAX + 1 }, () => shot) });
    expect(many.error?.kind).toBe('bad-images');
    expect(model.requests).toHaveLength(0);
    const sessionId = h.loaded().at(-1)!.sessionId;
    const stored = await loadHistory(h.db, sessionId);
    expect(stored.ok && stored.value.history).toEqual([]);
  });
});
