/** Images attached to the person's message (shared/prompt-images.ts): they follow its text in the same user entry, stored and sent. */
import { describe, expect, it } from 'vitest';
import { createDeferred } from './testing/deferred';
import { FC, reply } from './testing/fake-model';
import { createHarness, waitUntil } from './testing/harness';
import { createFakeSteeringInbox } from './testing/steering-inbox';

const shot = { name: 'shot.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' };
const inline = { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=', displayName: 'shot.png' } };

describe('images attached to a message', () => {
  it('are stored after its text in its entry, and sent with it', async () => {
    const h = createHarness({ script: [reply('A button overlaps.', 'STOP')] });
    expect(await h.agent.run({ type: 'user_query', text: 'what is wrong?', images: [shot] }, new AbortController().signal)).toBe('completed');
    expect(h.store.history()[0]).toMatchObject({ role: 'user', parts: [{ text: 'what is wrong?' }, inline] });
    expect(h.model.requests[0]!.contents[0]!.parts).toEqual([{ text: 'what is wrong?' }, inline]);
    h.expectHealthy();
  });

  it('go with a steering message, in its entry', async () => {
    const gate = createDeferred();
    const inbox = createFakeSteeringInbox();
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a' }, 'c1'), 'STOP'), reply('done', 'STOP')], tools: { read_file: { gate: gate.promise } }, steering: inbox });
    const running = h.run('read a');
    await waitUntil(() => h.tools.running() === 1);
    inbox.giveBack([{ id: 'x1', text: 'like this', images: [shot] }]);
    gate.resolve();
    expect(await running).toBe('completed');
    expect(h.store.history()[3]).toMatchObject({ role: 'user', parts: [{ text: 'like this' }, inline], steering: true });
    expect(h.model.requests[1]!.contents.at(-1)!.parts.slice(-2)).toEqual([{ text: 'like this' }, inline]);
    h.expectHealthy();
  });
});
