/**
 * Sessions that travel: a session shared as a link (or a file) opens in another browser as a
 * read-only copy without running anything, replays through the real loop asking before every
 * write and command whatever the sender allowed, ends with the same files, and forks into an
 * ordinary session. No key the sender had ever reaches the link or the file.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { LanguageModel } from '../../model/types';
import { decodeLink } from '../../share/codec';
import { sessionParts } from '../../share/testing/arbitraries';
import { openDatabase } from '../../store/db';
import type { LoopscopeDb } from '../../store/db';
import { listFiles } from '../../store/files';
import { loadHistory } from '../../store/history';
import { putSettings } from '../../store/settings';
import { createWholeSession } from '../../store/shared-sessions';
import type { ExportedSession, WorkerEvent } from '../protocol';
import type { ReplayState } from '../../shared/replay';
import { exportSession } from './share-requests';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

let counter = 0;
const GEMINI_KEY = 'AIzaSy-sender-secret-key-0001';
const OPENAI_KEY = 'sk-sender-secret-key-0002';

/** A model that fails the test if anything asks it. */
const silentModel: LanguageModel = {
  provider: 'gemini',
  label: 'must not be called',
  tokenLimit: () => 1_000_000,
  stream() {
    throw new Error('opening or replaying a shared session must not call the person’s model');
  },
};

async function filesOf(db: LoopscopeDb, sessionId: string) {
  const files = await listFiles(db, sessionId);
  if (!files.ok) throw new Error(files.error.message);
  return files.value.map((file) => [file.path, file.content]);
}

async function recordSession() {
  const sender = createControllerHarness({
    databaseName: `share-sender-${counter++}`,
    model: createFakeModel([
      reply(FC('write_file', { file_path: 'notes.txt', content: 'one\ntwo\n' }), 'STOP'),
      reply(FC('edit', { file_path: 'notes.txt', old_string: 'two', new_string: 'three' }), 'STOP'),
      reply(FC('run_shell_command', { command: 'echo built > out.txt' }), 'STOP'),
      reply(T('All done.'), 'STOP'),
    ]),
    settings: { ...TEST_SETTINGS, provider: 'gemini', apiKey: GEMINI_KEY, openaiApiKey: OPENAI_KEY, approvalMode: 'allow-all' },
  });
  await sender.init();
  await sender.send({ type: 'send', sessionId: null, text: 'Make notes and build' });
  await sender.controller.idle();
  return sender;
}

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let tries = 0; tries < 400; tries++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const lastReplay = (events: WorkerEvent[]): ReplayState | undefined =>
  events.findLast((event): event is Extract<WorkerEvent, { type: 'replay' }> => event.type === 'replay')?.state;

describe('a shared session', () => {
  it('opens from its link in another browser with the same transcript and files, read-only, without running anything', async () => {
    const sender = await recordSession();
    const senderSession = sender.loaded()[0]!;
    const exported = (await sender.send({ type: 'export-session', as: 'link' })).value as ExportedSession;
    expect(exported.fragment).toBeTruthy();
    expect(exported.linkChars).toBeLessThan(exported.documentBytes);

    const reader = createControllerHarness({ databaseName: `share-reader-${counter++}`, model: silentModel });
    await reader.init();
    const opened = await reader.send({ type: 'open-shared', source: { kind: 'link', fragment: `#${exported.fragment}` } });
    expect(opened.error).toBeUndefined();
    const shared = reader.loaded().at(-1)!;
    expect(shared.shared?.roundTrips).toBe(4);
    const recorded = await loadHistory(sender.db, senderSession.sessionId);
    expect(recorded.ok && shared.history).toEqual(recorded.ok && recorded.value.history);
    expect(shared.history.map((content) => content.role)).toEqual(['user', 'model', 'user', 'model', 'user', 'model', 'user', 'model']);
    expect((await reader.db.sessions.get(shared.sessionId))?.title).toBe('Shared: Make notes and build');
    expect(await filesOf(reader.db, shared.sessionId)).toEqual(await filesOf(sender.db, senderSession.sessionId));
    expect(reader.calls()).toEqual([]);

    const refused = await reader.send({ type: 'send', sessionId: null, text: 'change something' });
    expect(refused.error?.kind).toBe('shared-read-only');
    const save = await reader.send({ type: 'write-file', sessionId: null, path: 'notes.txt', content: 'mine' });
    expect(save.error?.kind).toBe('shared-read-only');

    // The same link again opens the same session.
    await reader.send({ type: 'open-shared', source: { kind: 'link', fragment: exported.fragment! } });
    expect(await reader.db.sessions.count()).toBe(2);
  });

  it('replays through the real loop, asking before every write and command the sender allowed, and ends with the same files', async () => {
    const sender = await recordSession();
    const original = await filesOf(sender.db, sender.loaded()[0]!.sessionId);
    const exported = (await sender.send({ type: 'export-session', as: 'file' })).value as ExportedSession;

    const reader = createControllerHarness({ databaseName: `share-replay-${counter++}`, model: silentModel });
    await reader.init();
    await reader.send({ type: 'open-shared', source: { kind: 'file', name: exported.fileName, text: exported.fileText! } });
    const sessionId = reader.loaded().at(-1)!.sessionId;
    const started = await reader.send({ type: 'replay', command: { kind: 'start' } });
    expect(started.error).toBeUndefined();
    expect(reader.loaded().at(-1)!.history).toEqual([]); // back to where the recording started

    const asked = new Set<string>();
    await waitFor(() => {
      for (const call of reader.calls()) {
        if (call.status === 'awaiting_approval' && !asked.has(call.callId)) {
          asked.add(call.callId);
          void reader.send({ type: 'approval-response', callId: call.callId, outcome: 'proceed_once' });
        }
      }
      const state = lastReplay(reader.events);
      return state?.status === 'done' ? state : undefined;
    }, 'the replay to finish');
    await reader.controller.idle();
    expect(asked.size).toBe(3); // write_file, edit and the shell command each asked
    expect(lastReplay(reader.events)).toMatchObject({ status: 'done', roundTrip: 4, total: 4, differs: [] });
    expect(await filesOf(reader.db, sessionId)).toEqual(original);
  });

  it('tells which replayed tool result differs from the recording, and goes on', async () => {
    const sender = await recordSession();
    const exported = (await sender.send({ type: 'export-session', as: 'file' })).value as ExportedSession;
    // Someone changed the recorded result of the shell command: the replayed one no longer matches it.
    const document = JSON.parse(exported.fileText!) as { history: { parts: { functionResponse?: { name: string; response: Record<string, unknown> } }[] }[] };
    const result = document.history.flatMap((content) => content.parts).find((part) => part.functionResponse?.name === 'run_shell_command')!;
    result.functionResponse!.response = { output: 'Recorded differently' };
    const text = JSON.stringify(document);
    const reader = createControllerHarness({ databaseName: `share-differs-${counter++}`, model: silentModel, settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' } });
    await reader.init();
    await reader.send({ type: 'open-shared', source: { kind: 'file', name: 'x', text } });
    await reader.send({ type: 'replay', command: { kind: 'start' } });
    const state = await waitFor(() => {
      for (const call of reader.calls()) if (call.status === 'awaiting_approval') void reader.send({ type: 'approval-response', callId: call.callId, outcome: 'proceed_once' });
      const last = lastReplay(reader.events);
      return last?.status === 'done' ? last : undefined;
    }, 'the replay to finish');
    expect(state.differs.length).toBeGreaterThan(0);
    expect(state.differs[0]!.recorded).toContain('Recorded differently');
  });

  it('forks into an ordinary session that takes messages', async () => {
    const sender = await recordSession();
    const exported = (await sender.send({ type: 'export-session', as: 'link' })).value as ExportedSession;
    const reader = createControllerHarness({ databaseName: `share-fork-${counter++}`, model: createFakeModel([reply(T('Continuing.'), 'STOP')]) });
    await reader.init();
    await reader.send({ type: 'open-shared', source: { kind: 'link', fragment: exported.fragment! } });
    const shared = reader.loaded().at(-1)!;
    expect((await reader.send({ type: 'fork', sessionId: null })).error).toBeUndefined();
    const fork = reader.loaded().at(-1)!;
    expect(fork.sessionId).not.toBe(shared.sessionId);
    expect(fork.shared).toBeUndefined();
    expect(fork.history).toEqual(shared.history);
    expect(await filesOf(reader.db, fork.sessionId)).toEqual(await filesOf(reader.db, shared.sessionId));
    expect((await reader.send({ type: 'send', sessionId: null, text: 'go on' })).error).toBeUndefined();
    await reader.controller.idle();
    expect((await reader.db.sessions.get(fork.sessionId))?.origin).toBe('local');
  });

  it('a link that cannot be read is refused with its reason, and nothing else changes', async () => {
    const reader = createControllerHarness({ databaseName: `share-bad-${counter++}`, model: silentModel });
    await reader.init();
    const before = await reader.db.sessions.count();
    const answer = await reader.send({ type: 'open-shared', source: { kind: 'link', fragment: 'session=eJzLSM3JyVcozy_KSQEAGgQEXQ' } });
    expect(answer.error?.kind).toMatch(/^share-/);
    expect(await reader.db.sessions.count()).toBe(before);
    expect(reader.loaded()).toHaveLength(1);
  });

  it('never carries a key the sender had, in the link or in the file', async () => {
    const sender = await recordSession();
    for (const as of ['link', 'file'] as const) {
      const exported = (await sender.send({ type: 'export-session', as })).value as ExportedSession;
      const raw = as === 'link' ? exported.fragment! : exported.fileText!;
      const decoded = as === 'link' ? decodeLink(raw) : { ok: true as const, value: JSON.parse(raw) as unknown };
      if (!decoded.ok) throw new Error(decoded.error.message);
      for (const key of [GEMINI_KEY, OPENAI_KEY]) {
        expect(raw).not.toContain(key);
        expect(JSON.stringify(decoded.value)).not.toContain(key);
      }
      expect(JSON.stringify(decoded.value)).not.toMatch(/apiKey|approvalMode|allow-all|proceed_always/);
    }
  });
});

describe('exported sessions and keys', () => {
  it('2,000 generated sessions with keys in the settings and the remembered state: no key in any link or file', async () => {
    const db = openDatabase({ name: `share-keys-${counter++}` });
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(sessionParts, fc.stringMatching(/^[A-Za-z0-9_-]{24,40}$/), async (parts, secret) => {
        const geminiKey = `AIza${secret}`;
        const openaiKey = `sk-${secret}`;
        const stored = await putSettings(db, { rememberKey: true, apiKey: geminiKey, openaiApiKey: openaiKey, approvalMode: 'allow-all' });
        expect(stored.ok).toBe(true);
        const created = await createWholeSession(db, { title: parts.title, origin: 'local', history: parts.history, roundTrips: parts.roundTrips, files: parts.files });
        if (!created.ok) throw new Error(created.error.message);
        for (const as of ['link', 'file'] as const) {
          const exported = await exportSession(db, created.value, parts.history, as);
          if (!exported.ok) throw new Error(exported.error.message);
          const raw = as === 'link' ? exported.value.fragment! : exported.value.fileText!;
          const decoded = as === 'link' ? decodeLink(raw) : { ok: true as const, value: JSON.parse(raw) as unknown };
          if (!decoded.ok) throw new Error(decoded.error.message);
          const text = JSON.stringify(decoded.value);
          for (const key of [geminiKey, openaiKey, secret]) {
            expect(raw).not.toContain(key);
            expect(text).not.toContain(key);
          }
          checked++;
        }
      }),
      { numRuns: 2_000 },
    );
    expect(checked).toBe(4_000);
    // ~17 s alone; a loaded 2-core machine running other test files beside it takes several times that.
  }, 400_000);
});
