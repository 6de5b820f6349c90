/**
 * Requests name the session they were made for (protocol.ts SessionTarget), and the worker
 * applies them there once every switch asked for before them has ended (session-lane.ts): never
 * refused because the page and the worker had not agreed yet which session is open.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { T, createFakeModel, reply } from '../../agent/testing/fake-model';
import { listFiles } from '../../store/files';
import { loadHistory } from '../../store/history';
import type { ClientRequest } from '../protocol';
import { createControllerHarness } from '../testing/controller-harness';

let counter = 0;

async function opened(script = [reply(T('Hello.'), 'STOP')]) {
  const h = createControllerHarness({ databaseName: `session-targets-${counter++}`, model: createFakeModel(script) });
  await h.init();
  return { h, first: h.loaded().at(-1)!.sessionId };
}

const paths = async (h: Awaited<ReturnType<typeof opened>>['h'], sessionId: string) => {
  const files = await listFiles(h.db, sessionId);
  return files.ok ? files.value.map((file) => file.path) : [];
};

describe('requests for a session', () => {
  it('a file made for a new session the page named waits while it opens, and lands there', async () => {
    const { h, first } = await opened();
    const switching = h.send({ type: 'new-session', sessionId: 'session-new' });
    const made = h.send({ type: 'create-path', sessionId: 'session-new', path: 'notes.md', kind: 'file' });
    const [switched, answer] = await Promise.all([switching, made]);
    expect(switched.error).toBeUndefined();
    expect(answer.error).toBeUndefined();
    expect(await paths(h, 'session-new')).toEqual(['notes.md']);
    expect(await paths(h, first)).toEqual([]);
  });

  it('right after a switch to another session, a request the page sent without knowing the outcome (null) goes to the session opened', async () => {
    const { h, first } = await opened();
    const other = h.send({ type: 'new-session' });
    const requests: ClientRequest[] = [
      { type: 'create-path', sessionId: null, path: 'a.txt', kind: 'file' },
      { type: 'rename-path', sessionId: null, from: 'a.txt', to: 'b.txt' },
      { type: 'write-file', sessionId: null, path: 'b.txt', content: 'saved' },
    ];
    const answers = await Promise.all([other, ...requests.map((request) => h.send(request))]);
    expect(answers.filter((answer) => answer.error)).toEqual([]);
    const second = h.loaded().at(-1)!.sessionId;
    expect(second).not.toBe(first);
    expect(await paths(h, second)).toEqual(['b.txt']);
  });

  it('a request that arrived before a switch is applied in the session it named, before the switch', async () => {
    const { h, first } = await opened();
    const made = h.send({ type: 'create-path', sessionId: first, path: 'before.txt', kind: 'file' });
    const switching = h.send({ type: 'new-session', sessionId: 'session-later' });
    const [answer] = await Promise.all([made, switching]);
    expect(answer.error).toBeUndefined();
    expect(await paths(h, first)).toEqual(['before.txt']);
    expect(await paths(h, 'session-later')).toEqual([]);
  });

  it('a message sent for a session being opened runs there', async () => {
    const { h } = await opened();
    const switching = h.send({ type: 'new-session', sessionId: 'session-talk' });
    const sent = h.send({ type: 'send', sessionId: 'session-talk', text: 'hi' });
    const [, answer] = await Promise.all([switching, sent]);
    expect(answer.error).toBeUndefined();
    await h.controller.idle();
    const history = await loadHistory(h.db, 'session-talk');
    expect(history.ok && history.value.history.map((content) => content.parts[0]?.text)).toEqual(['hi', 'Hello.']);
  });

  it('a request for a session deleted meanwhile is refused with a clear reason, as data', async () => {
    const { h, first } = await opened();
    await h.send({ type: 'new-session', sessionId: 'session-keep' });
    await h.send({ type: 'delete-session', sessionId: first });
    const answer = await h.send({ type: 'create-path', sessionId: first, path: 'x.txt', kind: 'file' });
    expect(answer.error).toEqual({ kind: 'session-deleted', message: 'That session was deleted, so nothing was changed.' });
  });

  it('a request for a session that is no longer open (the page switched away) changes nothing', async () => {
    const { h, first } = await opened();
    await h.send({ type: 'new-session', sessionId: 'session-other' });
    const answer = await h.send({ type: 'create-path', sessionId: first, path: 'x.txt', kind: 'file' });
    expect(answer.error?.kind).toBe('session-changed');
    expect(await paths(h, first)).toEqual([]);
    expect(await paths(h, 'session-other')).toEqual([]);
  });

  it('deleting the open session waits for a file change admitted before it: nothing is written into the deleted session', async () => {
    const { h, first } = await opened();
    const files = Array.from({ length: 40 }, (_, index) => ({ path: `f${index}.txt`, file: new Blob([`file ${index}`]) }));
    const imported = h.send({ type: 'import-files', sessionId: first, source: { kind: 'files', name: 'many', files } });
    const deleted = h.send({ type: 'delete-session', sessionId: first });
    await Promise.all([imported, deleted]);
    expect(await paths(h, first)).toEqual([]);
    const left = await h.db.checkpoints.where('sessionId').equals(first).count();
    expect(left).toBe(0);
  });
});
