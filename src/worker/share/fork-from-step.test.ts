/**
 * Fork from here (issue 26): a new writable session from a tool card (the history up to and
 * including that batch's results, the files right after it) or from a person's message (the
 * history and files before it), titled with the round-trip, linked to where it came from; and
 * clear answers when the files of that moment cannot be known.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { Content } from '../../shared/content';
import { pruneCheckpoints } from '../../store/checkpoints';
import { listFiles } from '../../store/files';
import { loadHistory } from '../../store/history';
import { listRoundTrips } from '../../store/round-trips';
import { getSession } from '../../store/sessions';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

let counter = 0;

function script() {
  return createFakeModel([
    reply(FC('write_file', { file_path: 'a.txt', content: 'one\n' }), 'STOP'),
    reply(FC('write_file', { file_path: 'a.txt', content: 'two\n' }), FC('write_file', { file_path: 'b.txt', content: 'bee\n' }), 'STOP'),
    reply(T('Wrote both.'), 'STOP'),
    reply(FC('write_file', { file_path: 'c.txt', content: 'sea\n' }), 'STOP'),
    reply(T('And c.'), 'STOP'),
  ]);
}

/** A local session with two messages: the first writes a.txt, then a.txt again and b.txt; the second writes c.txt. */
async function recorded() {
  const model = script();
  const tab = createControllerHarness({ databaseName: `fork-step-${counter++}`, model, settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' } });
  await tab.init();
  await tab.send({ type: 'send', sessionId: null, text: 'Write the files' });
  await tab.controller.idle();
  await tab.send({ type: 'send', sessionId: null, text: 'Now write c' });
  await tab.controller.idle();
  const sessionId = tab.loaded().at(-1)!.sessionId;
  const history = await loadHistory(tab.db, sessionId);
  if (!history.ok) throw new Error(history.error.message);
  const callIds = history.value.history.flatMap((content) => content.parts.flatMap((part) => (part.functionCall?.id ? [part.functionCall.id] : [])));
  return { tab, model, sessionId, history: history.value.history, callIds };
}

async function filesOf(tab: Awaited<ReturnType<typeof recorded>>['tab'], sessionId: string) {
  const files = await listFiles(tab.db, sessionId);
  if (!files.ok) throw new Error(files.error.message);
  return Object.fromEntries(files.value.map((file) => [file.path, file.content]));
}

async function stored(tab: Awaited<ReturnType<typeof recorded>>['tab'], sessionId: string): Promise<Content[]> {
  const history = await loadHistory(tab.db, sessionId);
  if (!history.ok) throw new Error(history.error.message);
  return history.value.history;
}

describe('Fork from here', () => {
  it('at a tool card: the history through that batch\'s results, the files right after it, a titled and linked session that Continue answers', async () => {
    const { tab, model, sessionId, history, callIds } = await recorded();
    const answer = await tab.send({ type: 'fork', sessionId, at: { kind: 'call', callId: callIds[0]! } });
    expect(answer.error).toBeUndefined();
    const forkId = answer.value as string;
    expect(tab.loaded().at(-1)!.sessionId).toBe(forkId);
    // The model's call and its result, after the person's message.
    expect(await stored(tab, forkId)).toEqual(history.slice(0, 3));
    expect(await filesOf(tab, forkId)).toEqual({ 'a.txt': 'one\n' });
    const session = await getSession(tab.db, forkId);
    expect(session.ok && session.value).toMatchObject({ title: 'Write the files (fork at round-trip 1)', origin: 'local', forkedFrom: { sessionId, roundTrip: 1 } });
    expect(tab.loaded().at(-1)!.interruption.type).toBe('interrupted_prompt');
    // The source is untouched: its files, and its round-trips (a copy once took them over: they share their ids).
    expect(await filesOf(tab, sessionId)).toEqual({ 'a.txt': 'two\n', 'b.txt': 'bee\n', 'c.txt': 'sea\n' });
    expect(await roundTripsOf(tab, sessionId)).toHaveLength(5);
    expect(await roundTripsOf(tab, forkId)).toHaveLength(1);

    model.push(reply(T('Forked answer.'), 'STOP'));
    const sent = model.requests.length;
    await tab.send({ type: 'continue', sessionId: forkId });
    await tab.controller.idle();
    // Exactly what the original's next request carried.
    expect(model.requests[sent]!.contents).toEqual(model.requests[1]!.contents);
  });

  it('at the second batch: both of its calls answered, the files after it, round-trip 2', async () => {
    const { tab, sessionId, history, callIds } = await recorded();
    const forkId = (await tab.send({ type: 'fork', sessionId, at: { kind: 'call', callId: callIds[2]! } })).value as string;
    expect(await stored(tab, forkId)).toEqual(history.slice(0, 5));
    expect(await filesOf(tab, forkId)).toEqual({ 'a.txt': 'two\n', 'b.txt': 'bee\n' });
    const session = await getSession(tab.db, forkId);
    expect(session.ok && session.value && session.value.title).toBe('Write the files (fork at round-trip 2)');
  });

  it('at a person\'s message: the history and files before it', async () => {
    const { tab, sessionId, history } = await recorded();
    const second = history.findIndex((content) => content.parts.some((part) => part.text === 'Now write c'));
    const forkId = (await tab.send({ type: 'fork', sessionId, at: { kind: 'message', entryId: history[second]!.entryId! } })).value as string;
    expect(await stored(tab, forkId)).toEqual(history.slice(0, second));
    expect(await filesOf(tab, forkId)).toEqual({ 'a.txt': 'two\n', 'b.txt': 'bee\n' });
    const session = await getSession(tab.db, forkId);
    expect(session.ok && session.value && session.value.title).toBe('Write the files (fork at round-trip 4)');
    expect(tab.loaded().at(-1)!.interruption.type).toBe('none');
    expect(tab.events).toContainEqual(expect.objectContaining({ type: 'running', sessionId, running: false }));

    await tab.send({ type: 'open-session', sessionId });
    expect(history[0]!.parts).toEqual([{ text: 'Write the files' }]);
    const first = (await tab.send({ type: 'fork', sessionId, at: { kind: 'message', entryId: history[0]!.entryId! } })).value as string;
    expect(await stored(tab, first)).toEqual([]);
    expect(await filesOf(tab, first)).toEqual({});
  });

  it('a fork of a fork at a step before it was made takes the files from the session it came from', async () => {
    const { tab, model, sessionId, callIds } = await recorded();
    const forkId = (await tab.send({ type: 'fork', sessionId, at: { kind: 'call', callId: callIds[2]! } })).value as string;
    model.push(reply(FC('write_file', { file_path: 'd.txt', content: 'dee\n' }), 'STOP'), reply(T('d too.'), 'STOP'));
    await tab.send({ type: 'continue', sessionId: forkId });
    await tab.controller.idle();
    expect(await filesOf(tab, forkId)).toEqual({ 'a.txt': 'two\n', 'b.txt': 'bee\n', 'd.txt': 'dee\n' });
    const again = await tab.send({ type: 'fork', sessionId: forkId, at: { kind: 'call', callId: callIds[0]! } });
    expect(answerError(again)).toBeUndefined();
    expect(await filesOf(tab, again.value as string)).toEqual({ 'a.txt': 'one\n' });
  });

  it('says so when a checkpoint it needs was pruned, and forks with the current files when asked', async () => {
    const { tab, sessionId, callIds } = await recorded();
    await pruneCheckpoints(tab.db, 0);
    const refused = await tab.send({ type: 'fork', sessionId, at: { kind: 'call', callId: callIds[0]! } });
    expect(refused.error).toMatchObject({ kind: 'pruned' });
    expect(refused.error?.message).toMatch(/round-trip 1 are not known; you can fork with the current files/);
    const forkId = (await tab.send({ type: 'fork', sessionId, at: { kind: 'call', callId: callIds[0]! }, currentFiles: true })).value as string;
    expect(await filesOf(tab, forkId)).toEqual({ 'a.txt': 'two\n', 'b.txt': 'bee\n', 'c.txt': 'sea\n' });
  });

  it('a whole-session Fork leaves the source its round-trips', async () => {
    const { tab, sessionId } = await recorded();
    const forkId = (await tab.send({ type: 'fork', sessionId })).value as string;
    expect(await roundTripsOf(tab, forkId)).toHaveLength(5);
    expect(await roundTripsOf(tab, sessionId)).toHaveLength(5);
  });

  it('Edit result and fork: the call\'s result as edited goes to the model on Continue, and the fork records the original', async () => {
    const { tab, model, sessionId, callIds } = await recorded();
    const answer = await tab.send({ type: 'fork', sessionId, at: { kind: 'call', callId: callIds[0]! }, edit: { kind: 'result', text: 'EDITED: the write failed' } });
    const forkId = answer.value as string;
    const history = await stored(tab, forkId);
    expect(history.at(-1)!.parts[0]!.functionResponse).toMatchObject({ id: callIds[0], response: { output: 'EDITED: the write failed' } });
    const session = await getSession(tab.db, forkId);
    expect(session.ok && session.value && session.value.forkedFrom?.edit).toMatchObject({ kind: 'result', callId: callIds[0], edited: 'EDITED: the write failed' });
    model.push(reply(T('I see it failed.'), 'STOP'));
    const sent = model.requests.length;
    await tab.send({ type: 'continue', sessionId: forkId });
    await tab.controller.idle();
    expect(model.requests[sent]!.contents.at(-1)!.parts[0]!.functionResponse?.response).toEqual({ output: 'EDITED: the write failed' });
  });

  it('Edit reply and fork: the edited call runs through the scheduler in the fork, on the files as they were when the reply came', async () => {
    const { tab, model, sessionId } = await recorded();
    const roundTrips = await roundTripsOf(tab, sessionId);
    model.push(reply(T('Wrote the edited file.'), 'STOP'));
    const answer = await tab.send({
      type: 'fork',
      sessionId,
      at: { kind: 'reply', roundTripId: roundTrips[1]!.id },
      edit: { kind: 'reply', reply: { text: 'Writing one file instead.', calls: [{ name: 'write_file', args: { file_path: 'edited.txt', content: 'as edited\n' } }] } },
    });
    const forkId = answer.value as string;
    await tab.controller.idle();
    expect(await filesOf(tab, forkId)).toEqual({ 'a.txt': 'one\n', 'edited.txt': 'as edited\n' });
    const history = await stored(tab, forkId);
    expect(history[3]).toMatchObject({ role: 'model', parts: [{ text: 'Writing one file instead.' }, { functionCall: { name: 'write_file', args: { file_path: 'edited.txt' } } }] });
    expect(history.at(-1)).toEqual({ role: 'model', parts: [{ text: 'Wrote the edited file.' }] });
    const session = await getSession(tab.db, forkId);
    expect(session.ok && session.value && session.value.title).toBe('Write the files (fork at round-trip 2)');
    expect(session.ok && session.value && session.value.forkedFrom?.edit?.kind).toBe('reply');
  });

  it('Edit reply and fork from an Agent message names the reply by its entry id', async () => {
    const { tab, sessionId, history: original } = await recorded();
    const reply = original[5]!;
    expect(reply).toMatchObject({ role: 'model', parts: [{ text: 'Wrote both.' }] });
    const forkId = (
      await tab.send({ type: 'fork', sessionId, at: { kind: 'reply', entryId: reply.entryId! }, edit: { kind: 'reply', reply: { text: 'I wrote nothing.', calls: [] } } })
    ).value as string;
    const history = await stored(tab, forkId);
    expect(history.at(-1)).toEqual({ role: 'model', parts: [{ text: 'I wrote nothing.' }] });
    expect(history).toHaveLength(6);
    expect(await filesOf(tab, forkId)).toEqual({ 'a.txt': 'two\n', 'b.txt': 'bee\n' });
  });

  it('Edit reply and fork keeps what Gemini ran on its own servers for that reply (URL context), before the edited text and calls', async () => {
    const toolCall = { id: 'srv-1', toolType: 'URL_CONTEXT', args: { urls: ['https://docs.example/guide'] } };
    const toolResponse = { id: 'srv-1', toolType: 'URL_CONTEXT', response: { status: 'URL_RETRIEVAL_STATUS_SUCCESS' } };
    const model = createFakeModel([{ chunks: [{ parts: [{ toolCall }, { toolResponse }] }, { text: 'The guide says three steps.', finish: 'STOP' }] }]);
    const tab = createControllerHarness({ databaseName: `fork-step-${counter++}`, model, settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' } });
    await tab.init();
    await tab.send({ type: 'send', sessionId: null, text: 'Read the guide' });
    await tab.controller.idle();
    const sessionId = tab.loaded().at(-1)!.sessionId;
    const [roundTrip] = await roundTripsOf(tab, sessionId);
    const forkId = (await tab.send({ type: 'fork', sessionId, at: { kind: 'reply', roundTripId: roundTrip!.id }, edit: { kind: 'reply', reply: { text: 'The guide says two steps.', calls: [] } } })).value as string;
    expect((await stored(tab, forkId)).at(-1)).toEqual({ role: 'model', parts: [{ toolCall }, { toolResponse }, { text: 'The guide says two steps.' }] });
  });

  it('names a call that is not there', async () => {
    const { tab, sessionId } = await recorded();
    const missing = await tab.send({ type: 'fork', sessionId, at: { kind: 'call', callId: 'no-such-call' } });
    expect(missing.error).toMatchObject({ kind: 'not-found' });
  });
});

async function roundTripsOf(tab: Awaited<ReturnType<typeof recorded>>['tab'], sessionId: string) {
  const listed = await listRoundTrips(tab.db, sessionId);
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value;
}

function answerError(answer: { error?: unknown }) {
  return answer.error;
}
