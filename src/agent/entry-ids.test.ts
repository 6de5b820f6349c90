/**
 * History entries have ids of their own (Content.entryId): given as they join the history,
 * kept through later commits, said to the page as each message and reply is stored, and never
 * part of what a model is sent (the adapters send role and parts).
 */
import { describe, expect, it } from 'vitest';
import { FC, reply } from './testing/fake-model';
import { createHarness } from './testing/harness';

describe('history entry ids', () => {
  it('gives every entry an id when it joins the history, and each keeps it in every later commit', async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a.txt' }), 'STOP'), reply('done', 'STOP')] });
    await h.run('q');
    const history = h.agent.history();
    expect(history).toHaveLength(4);
    const ids = history.map((content) => content.entryId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Each entry has the same id in every commit that holds it.
    for (const commit of h.store.commits) commit.forEach((content, index) => expect(content.entryId).toBe(ids[index]));
    h.expectHealthy();
  });

  it("says the person's message and the model's reply as stored, with their entries' ids", async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a.txt' }), 'STOP'), reply('done', 'STOP')] });
    await h.run('q');
    const history = h.agent.history();
    expect(h.ofType('entry_stored').map((event) => event.value)).toEqual([
      { entryId: history[0]!.entryId, kind: 'message' },
      { entryId: history[1]!.entryId, kind: 'reply' },
      { entryId: history[3]!.entryId, kind: 'reply' },
    ]);
  });

  it('a reply continued after the output limit (A17) is the same entry: it keeps its id, said again as stored', async () => {
    const h = createHarness({ script: [reply('part1', 'MAX_TOKENS'), reply('part2', 'STOP')] });
    await h.run('q');
    const [message, answer] = h.agent.history();
    expect(answer).toMatchObject({ role: 'model', parts: [{ text: 'part1part2' }] });
    expect(h.ofType('entry_stored').map((event) => event.value)).toEqual([
      { entryId: message!.entryId, kind: 'message' },
      { entryId: answer!.entryId, kind: 'reply' },
      { entryId: answer!.entryId, kind: 'reply' },
    ]);
  });

  it('keeps the ids of a history it was given', async () => {
    const h = createHarness({
      initialHistory: [
        { role: 'user', parts: [{ text: 'before' }], entryId: 'kept-1' },
        { role: 'model', parts: [{ text: 'ok' }], entryId: 'kept-2' },
      ],
      script: [reply('again', 'STOP')],
    });
    await h.run('q');
    expect(h.agent.history().map((content) => content.entryId).slice(0, 2)).toEqual(['kept-1', 'kept-2']);
  });
});
