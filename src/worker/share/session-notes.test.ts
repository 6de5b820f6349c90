/**
 * Notes beside steps (issue 26): kept with the session, refused with a clear message when they
 * are not plain text or too long, carried by links and session files (document version 2), and
 * a committed version 1 document still opens and replays.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import { createScriptedModel } from '../../model/scripted/scripted-model';
import { decodeLink, readDocument } from '../../share/codec';
import { openDocument } from '../../share/session-document';
import { DOCUMENT_VERSION } from '../../share/document';
import { listFiles } from '../../store/files';
import { getSession } from '../../store/sessions';
import type { ExportedSession, WorkerEvent } from '../protocol';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

let counter = 0;

async function recorded() {
  const tab = createControllerHarness({
    databaseName: `notes-${counter++}`,
    model: createFakeModel([reply(FC('write_file', { file_path: 'a.txt', content: 'one\n' }), 'STOP'), reply(T('Wrote it.'), 'STOP')]),
    settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' },
  });
  await tab.init();
  await tab.send({ type: 'send', sessionId: null, text: 'Write a' });
  await tab.controller.idle();
  const sessionId = tab.loaded().at(-1)!.sessionId;
  const callId = tab.calls()[0]!.callId;
  return { tab, sessionId, callId };
}

describe('notes beside steps', () => {
  it('are kept with the session, changed, removed, and answered as they are now', async () => {
    const { tab, sessionId, callId } = await recorded();
    expect((await tab.send({ type: 'set-note', sessionId, anchor: 'message:1', text: 'Watch the prompt.' })).value).toEqual({ 'message:1': 'Watch the prompt.' });
    await tab.send({ type: 'set-note', sessionId, anchor: `call:${callId}`, text: '<b>not bold</b> & raw' });
    await tab.send({ type: 'set-note', sessionId, anchor: 'round-trip:2', text: 'The model answers the result.' });
    const removed = await tab.send({ type: 'set-note', sessionId, anchor: 'message:1', text: null });
    expect(removed.value).toEqual({ [`call:${callId}`]: '<b>not bold</b> & raw', 'round-trip:2': 'The model answers the result.' });
    const session = await getSession(tab.db, sessionId);
    expect(session.ok && session.value?.notes).toEqual(removed.value);
  });

  it('refuses a note that is too long, holds control characters, or has no step, saying why', async () => {
    const { tab, sessionId } = await recorded();
    const huge = await tab.send({ type: 'set-note', sessionId, anchor: 'reply:1', text: 'x'.repeat(1024 * 1024) });
    expect(huge.error).toMatchObject({ kind: 'note-refused', message: expect.stringContaining('at most 2,000 characters') });
    const control = await tab.send({ type: 'set-note', sessionId, anchor: 'reply:1', text: 'bell\u0007 and \u202eevil' });
    expect(control.error).toMatchObject({ kind: 'note-refused', message: expect.stringContaining('control characters') });
    expect((await tab.send({ type: 'set-note', sessionId, anchor: 'everything', text: 'x' })).error).toMatchObject({ kind: 'bad-request' });
    const session = await getSession(tab.db, sessionId);
    expect(session.ok && session.value?.notes).toBeUndefined();
  });

  it('travel in a link (since document version 2) and open with the shared session', async () => {
    const { tab, sessionId, callId } = await recorded();
    await tab.send({ type: 'set-note', sessionId, anchor: `call:${callId}`, text: 'Here it writes the file.' });
    const exported = (await tab.send({ type: 'export-session', as: 'link' })).value as ExportedSession;
    const document = decodeLink(exported.fragment!);
    expect(document.ok && document.value.version).toBe(DOCUMENT_VERSION);
    expect(document.ok && document.value.annotations).toEqual({ [`call:${callId}`]: 'Here it writes the file.' });

    const reader = createControllerHarness({ databaseName: `notes-reader-${counter++}`, model: createFakeModel([]) });
    await reader.init();
    expect((await reader.send({ type: 'open-shared', source: { kind: 'link', fragment: exported.fragment! } })).error).toBeUndefined();
    const opened = await getSession(reader.db, reader.loaded().at(-1)!.sessionId);
    expect(opened.ok && opened.value?.notes).toEqual({ [`call:${callId}`]: 'Here it writes the file.' });
  });

  it('a hostile document\'s notes that are not plain text are dropped, the rest opens', () => {
    const file = JSON.parse(readFileSync(new URL('../../share/lessons/fix-bug.loopscope.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const checked = readDocument({ ...file, annotations: { 'message:1': 'fine', 'reply:1': 'ri\u202egl' } });
    expect(checked.ok).toBe(true);
    expect(checked.ok && openDocument(checked.value).annotations).toEqual({ 'message:1': 'fine' });
    expect(readDocument({ ...file, annotations: { 'message:1': 'x'.repeat(5000) } }).ok).toBe(false);
  });

  it('a committed version 1 document still opens and replays to its files', async () => {
    const text = readFileSync(new URL('../../share/testing/v1-fix-bug.loopscope.json', import.meta.url), 'utf8');
    const checked = readDocument(JSON.parse(text));
    if (!checked.ok) throw new Error(checked.error.message);
    expect(checked.value.version).toBe(1);
    const expected = openDocument(checked.value).files.map((entry) => [entry.path, entry.content]);
    const reader = createControllerHarness({ databaseName: `v1-${counter++}`, model: createScriptedModel({ delayMs: 0 }), settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' } });
    await reader.init();
    expect((await reader.send({ type: 'open-shared', source: { kind: 'file', name: 'v1.loopscope.json', text } })).error).toBeUndefined();
    const sessionId = reader.loaded().at(-1)!.sessionId;
    await reader.send({ type: 'replay', command: { kind: 'start', speed: 'instant' } });
    for (let tries = 0; tries < 500; tries++) {
      for (const call of reader.calls()) if (call.status === 'awaiting_approval') void reader.send({ type: 'approval-response', callId: call.callId, outcome: 'proceed_once' });
      const state = reader.events.findLast((event): event is Extract<WorkerEvent, { type: 'replay' }> => event.type === 'replay')?.state;
      if (state && state.status !== 'playing' && state.status !== 'paused') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await reader.controller.idle();
    const files = await listFiles(reader.db, sessionId);
    expect(files.ok && files.value.map((entry) => [entry.path, entry.content])).toEqual(expected);
  });
});
