/**
 * Replay from here (issue 26): a fork of a recorded session, made at a tool card, plays what the
 * recording did next through the real loop (asking before every write and command), ends with
 * the recording's history, and then answers with the person's own model again.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { T, createFakeModel, reply } from '../../agent/testing/fake-model';
import { readDocument } from '../../share/codec';
import { LESSON_DOCUMENTS } from '../../share/lessons/bundled-documents';
import { openDocument } from '../../share/session-document';
import { loadHistory } from '../../store/history';
import { getSession } from '../../store/sessions';
import type { WorkerEvent } from '../protocol';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

type Harness = ReturnType<typeof createControllerHarness>;

/** Plays the replay begun at event `from` to its end, allowing each call it asks for once, as a person would. */
async function replayToEnd(tab: Harness, from: number): Promise<WorkerEvent & { type: 'replay' }> {
  const answered = new Set<string>();
  for (let tries = 0; tries < 500; tries++) {
    const asking = tab.events.slice(from).flatMap((event) => (event.type === 'agent-event' && event.event.type === 'tool_calls_update' ? event.event.value : []));
    for (const call of asking) {
      if (call.status !== 'awaiting_approval' || answered.has(call.callId)) continue;
      answered.add(call.callId);
      void tab.send({ type: 'approval-response', callId: call.callId, outcome: 'proceed_once' });
    }
    const last = tab.events.slice(from).findLast((event): event is WorkerEvent & { type: 'replay' } => event.type === 'replay');
    if (last && last.state.status !== 'playing' && last.state.status !== 'paused') return last;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the replay did not end');
}

describe('Replay from here', () => {
  it('in a fork of a recording, plays what the recording did next, asking first, then the person\'s model answers again', async () => {
    const document = readDocument(await LESSON_DOCUMENTS['fix-bug']!());
    if (!document.ok) throw new Error(document.error.message);
    const recorded = openDocument(document.value).history;
    const mine = createFakeModel([reply(T('My own model here.'), 'STOP')]);
    const tab = createControllerHarness({ databaseName: 'replay-from-here', model: mine, settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' } });
    await tab.init();
    expect((await tab.send({ type: 'open-shared', source: { kind: 'lesson', id: 'fix-bug' } })).error).toBeUndefined();
    const sharedId = tab.loaded().at(-1)!.sessionId;
    let mark = tab.events.length;
    await tab.send({ type: 'replay', command: { kind: 'start', speed: 'instant' } });
    expect((await replayToEnd(tab, mark)).state.status).toBe('done');
    await tab.controller.idle();

    const firstCall = recorded.flatMap((content) => content.parts.flatMap((part) => (part.functionCall?.id ? [part.functionCall.id] : [])))[0]!;
    const forked = await tab.send({ type: 'fork', sessionId: sharedId, at: { kind: 'call', callId: firstCall } });
    expect(forked.error).toBeUndefined();
    const forkId = forked.value as string;
    const session = await getSession(tab.db, forkId);
    expect(session.ok && session.value?.forkedFrom).toMatchObject({ sessionId: sharedId, recording: true });
    // Someone else's conversation: the fork asks before every write and command, whatever the person's mode.
    expect(session.ok && session.value?.approvalMode).toBe('ask');
    expect(tab.loaded().at(-1)!.approvalMode).toBe('ask');

    mark = tab.events.length;
    expect((await tab.send({ type: 'replay', command: { kind: 'from-here', speed: 'instant' } })).error).toBeUndefined();
    const ended = await replayToEnd(tab, mark);
    expect(ended).toMatchObject({ sessionId: forkId, state: { status: 'done', differs: [] } });
    await tab.controller.idle();
    // Approvals were asked, whatever the person's mode: the recording is someone else's.
    const asked = tab.events
      .slice(mark)
      .flatMap((event) => (event.type === 'agent-event' && event.event.type === 'tool_calls_update' ? event.event.value : []))
      .filter((call) => call.status === 'awaiting_approval');
    expect(asked.length).toBeGreaterThan(0);
    const history = await loadHistory(tab.db, forkId);
    expect(history.ok && history.value.history.length).toBe(recorded.length);
    // The same reply, played again: a new entry of the fork (an id of its own), with the recording's parts.
    const last = history.ok ? history.value.history.at(-1) : undefined;
    expect(last?.parts).toEqual(recorded.at(-1)?.parts);
    expect(last?.entryId).not.toBe(recorded.at(-1)?.entryId);

    // The replay is over: a message in the fork goes to the person's own model (sent at once: it waits for the fork to reopen with it).
    expect((await tab.send({ type: 'send', sessionId: forkId, text: 'And now?' })).error).toBeUndefined();
    await tab.controller.idle();
    expect(mine.requests).toHaveLength(1);
  });

  it('is refused, saying why, in a session that is not a fork of a recording', async () => {
    const tab = createControllerHarness({ databaseName: 'replay-from-here-refused', model: createFakeModel([]) });
    await tab.init();
    expect((await tab.send({ type: 'replay', command: { kind: 'from-here' } })).error).toMatchObject({ kind: 'not-shared' });
  });
});
