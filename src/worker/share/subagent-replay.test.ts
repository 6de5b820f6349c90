/**
 * A replay of a shared session runs a recorded subagent again (worker/share/replay.ts,
 * agent/subagent/subagents.ts): its model plays the subagent's recorded replies, its tools really
 * run with the replay's approvals (a write asks), its card shows the nested round-trips as in a
 * run, and Stop answers every call once. A link without the subagent's round-trips (older ones)
 * answers the task from the recorded result.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../agent/types';
import { pairingViolations } from '../../agent/testing/invariants';
import { createRecordedModel } from '../../model/scripted/recorded-model';
import type { LanguageModel } from '../../model/types';
import { decodeLink, encodeLink } from '../../share/codec';
import type { Content } from '../../shared/content';
import type { ReplayState } from '../../shared/replay';
import { listFiles } from '../../store/files';
import { loadHistory } from '../../store/history';
import type { ExportedSession, WorkerEvent } from '../protocol';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

let counter = 0;
const silentModel: LanguageModel = {
  provider: 'gemini',
  label: 'must not be called',
  tokenLimit: () => 1_000_000,
  stream() {
    throw new Error('a replay must not call the person’s model');
  },
};

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let tries = 0; tries < 400; tries++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const model = (...parts: Content['parts']): Content => ({ role: 'model', parts });
const call = (name: string, args: Record<string, unknown>) => model({ functionCall: { name, args } });

/** The sender's session: the model hands a task to a subagent that lists the workspace and writes note.txt. */
async function sharedLink(): Promise<string> {
  // Recorded replies come back as Gemini's raw chunks, as a real provider's would.
  const sender = createRecordedModel({ delayMs: () => 0 });
  sender.load([
    call('task', { description: 'Write a note', prompt: 'Write note.txt saying the workspace was empty.', tools: ['list_directory', 'write_file'] }),
    call('list_directory', { dir_path: '.' }),
    call('write_file', { file_path: 'note.txt', content: 'It was empty.\n' }),
    model({ text: 'Wrote note.txt.' }),
    model({ text: 'The subagent wrote note.txt.' }),
  ]);
  const harness = createControllerHarness({ databaseName: `subagent-sender-${counter++}`, model: sender, settings: { ...TEST_SETTINGS, provider: 'gemini', approvalMode: 'allow-all' } });
  await harness.init();
  await harness.send({ type: 'send', sessionId: null, text: 'Write a note' });
  await harness.controller.idle();
  expect(sender.remaining()).toBe(0);
  return ((await harness.send({ type: 'export-session', as: 'link' })).value as ExportedSession).fragment!;
}

const replayState = (events: readonly WorkerEvent[]): ReplayState | undefined =>
  events.findLast((event): event is Extract<WorkerEvent, { type: 'replay' }> => event.type === 'replay')?.state;
const taskView = (calls: readonly ToolCallView[]) => calls.findLast((view) => view.name === 'task');
const nestedCalls = (view: ToolCallView | undefined) => (view?.subagent?.items ?? []).flatMap((item) => (item.type === 'tool' ? [item.call] : []));

async function openReader(fragment: string) {
  const reader = createControllerHarness({ databaseName: `subagent-reader-${counter++}`, model: silentModel });
  await reader.init();
  await reader.send({ type: 'open-shared', source: { kind: 'link', fragment } });
  const sessionId = reader.loaded().at(-1)!.sessionId;
  expect((await reader.send({ type: 'replay', command: { kind: 'start', speed: 'instant' } })).error).toBeUndefined();
  return { reader, sessionId };
}

describe("a replay's subagent", () => {
  it('runs again on its recorded replies: its write asks and happens, its card shows its round-trips, the count stays the session’s', async () => {
    const { reader, sessionId } = await openReader(await sharedLink());
    const approved: string[] = [];
    const state = await waitFor(() => {
      for (const nested of nestedCalls(taskView(reader.calls()))) {
        if (nested.status !== 'awaiting_approval' || approved.includes(nested.callId)) continue;
        approved.push(nested.callId);
        void reader.send({ type: 'approval-response', callId: nested.callId, outcome: 'proceed_once' });
      }
      const current = replayState(reader.events);
      return current?.status === 'done' || current?.status === 'failed' || current?.status === 'stopped' ? current : undefined;
    }, 'the replay to end');
    await reader.controller.idle();

    expect(state).toMatchObject({ status: 'done', roundTrip: 2, total: 2, differs: [] });
    // Only the write asked (the replay asks every time; listing changes nothing).
    expect(approved).toHaveLength(1);
    const files = await listFiles(reader.db, sessionId);
    expect(files.ok && files.value.map((file) => [file.path, file.content])).toEqual([['note.txt', 'It was empty.\n']]);
    const task = taskView(reader.calls());
    expect(task?.status).toBe('success');
    expect(task?.subagent).toMatchObject({ description: 'Write a note', outcome: 'completed' });
    expect(task?.subagent?.items.filter((item) => item.type === 'round_trip')).toHaveLength(3);
    expect(nestedCalls(task).map((nested) => [nested.name, nested.status])).toEqual([
      ['list_directory', 'success'],
      ['write_file', 'success'],
    ]);
    const history = await loadHistory(reader.db, sessionId);
    const results = history.ok ? history.value.history.flatMap((content) => content.parts.flatMap((part) => (part.functionResponse ? [part.functionResponse.response] : []))) : [];
    expect(results).toEqual([{ output: 'Wrote note.txt.' }]);
  });

  it('pauses its steps with the replay: Next step lets its write, then its request go, then the session’s own', async () => {
    const { reader } = await openReader(await sharedLink());
    const write = await waitFor(() => nestedCalls(taskView(reader.calls())).find((nested) => nested.status === 'awaiting_approval'), 'the subagent’s write to ask');
    await reader.send({ type: 'replay', command: { kind: 'pause' } });
    await reader.send({ type: 'approval-response', callId: write.callId, outcome: 'proceed_once' });
    const pauses = () => reader.events.flatMap((event) => (event.type === 'paused' && event.pause ? [event.pause] : []));
    const roundTrips = () => taskView(reader.calls())?.subagent?.items.filter((item) => item.type === 'round_trip').length;

    // Paused before the subagent's approved write runs, then before its third request, then before the session's own next request.
    const first = await waitFor(() => pauses().at(-1), 'the replay to pause');
    expect(first).toMatchObject({ stage: 'before_tool', label: 'write_file note.txt' });
    expect(nestedCalls(taskView(reader.calls())).at(-1)?.status).not.toBe('success');
    await reader.send({ type: 'replay', command: { kind: 'next-step' } });
    const second = await waitFor(() => pauses().find((pause) => pause.step > first.step), 'the pause before the subagent’s request');
    expect(second.stage).toBe('before_model');
    // The card's view of the subagent follows at the live-output pace; while paused, its third request does not start.
    await waitFor(() => (nestedCalls(taskView(reader.calls())).at(-1)?.status === 'success' ? true : undefined), 'the write to show as done');
    expect(roundTrips()).toBe(2);
    await reader.send({ type: 'replay', command: { kind: 'next-step' } });
    const third = await waitFor(() => pauses().find((pause) => pause.step > second.step), 'the pause before the session’s request');
    expect(third.stage).toBe('before_model');
    await waitFor(() => (taskView(reader.calls())?.status === 'success' ? true : undefined), 'the task to show as done');
    expect(roundTrips()).toBe(3);
    expect(replayState(reader.events)?.roundTrip).toBe(1);
    await reader.send({ type: 'replay', command: { kind: 'play' } });
    const state = await waitFor(() => (replayState(reader.events)?.status === 'done' ? replayState(reader.events) : undefined), 'the replay to end');
    expect(state).toMatchObject({ roundTrip: 2, total: 2, differs: [] });
    await reader.controller.idle();
  });

  it('reports a subagent call whose result differs from the recording, as it does the session’s own', async () => {
    const { reader } = await openReader(await sharedLink());
    const denied = await waitFor(() => nestedCalls(taskView(reader.calls())).find((nested) => nested.status === 'awaiting_approval'), 'the subagent’s write to ask');
    await reader.send({ type: 'approval-response', callId: denied.callId, outcome: 'cancel' });
    const state = await waitFor(() => {
      const current = replayState(reader.events);
      return current?.status === 'done' || current?.status === 'failed' || current?.status === 'stopped' ? current : undefined;
    }, 'the replay to end');
    await reader.controller.idle();

    // The denied write differs; the subagent then stops (its only call was denied, K4), so the task's answer differs too.
    const task = taskView(reader.calls())!;
    expect(state?.status).toBe('done');
    expect(state?.differs).toEqual([
      { callId: denied.callId, recorded: 'Created new file note.txt with 1 line.' },
      { callId: task.callId, recorded: 'Wrote note.txt.' },
    ]);
    expect(nestedCalls(task).map((nested) => [nested.name, nested.status])).toEqual([
      ['list_directory', 'success'],
      ['write_file', 'cancelled'],
    ]);
  });

  it('Stop while its write waits for approval answers the write and the task once each, and ends the replay', async () => {
    const { reader, sessionId } = await openReader(await sharedLink());
    await waitFor(() => nestedCalls(taskView(reader.calls())).find((nested) => nested.status === 'awaiting_approval'), 'the subagent’s write to ask');
    await reader.send({ type: 'stop' });
    await reader.controller.idle();

    const task = taskView(reader.calls());
    expect(task?.status).toBe('cancelled');
    expect(task?.subagent?.outcome).toBe('cancelled');
    expect(nestedCalls(task).map((nested) => [nested.name, nested.status])).toEqual([
      ['list_directory', 'success'],
      ['write_file', 'cancelled'],
    ]);
    expect(replayState(reader.events)?.status).toBe('stopped');
    const history = await loadHistory(reader.db, sessionId);
    const stored = history.ok ? history.value.history : [];
    expect(pairingViolations(stored)).toEqual([]);
    expect(stored.flatMap((content) => content.parts.filter((part) => part.functionResponse?.name === 'task'))).toHaveLength(1);
    const files = await listFiles(reader.db, sessionId);
    expect(files.ok && files.value).toEqual([]);
  });

  it('answers the task from the recorded result when the link holds none of its round-trips (an older link)', async () => {
    const decoded = decodeLink(await sharedLink());
    if (!decoded.ok) throw new Error('the link did not decode');
    const older = encodeLink({ ...decoded.value, roundTrips: decoded.value.roundTrips.filter((roundTrip) => !roundTrip.subagent) });
    const { reader, sessionId } = await openReader(older);
    const state = await waitFor(() => {
      const current = replayState(reader.events);
      return current?.status === 'done' || current?.status === 'failed' || current?.status === 'stopped' ? current : undefined;
    }, 'the replay to end');
    await reader.controller.idle();

    expect(state).toMatchObject({ status: 'done', differs: [] });
    const task = taskView(reader.calls());
    expect(task?.status).toBe('success');
    expect(task?.subagent).toBeUndefined();
    expect(task?.display).toEqual({ type: 'text', text: 'Wrote note.txt.\n(recorded; the subagent was not run again)' });
    const files = await listFiles(reader.db, sessionId);
    expect(files.ok && files.value).toEqual([]);
  });

  it('in a link where only the first task’s subagent was kept, runs that one again and answers the second from its own recorded result', async () => {
    const sender = createRecordedModel({ delayMs: () => 0 });
    sender.load([
      call('task', { description: 'First', prompt: 'Say A.' }),
      model({ text: 'A done.' }),
      call('task', { description: 'Second', prompt: 'Say B.' }),
      model({ text: 'B done.' }),
      model({ text: 'Both done.' }),
    ]);
    const harness = createControllerHarness({ databaseName: `subagent-sender-${counter++}`, model: sender, settings: { ...TEST_SETTINGS, provider: 'gemini', approvalMode: 'allow-all' } });
    await harness.init();
    await harness.send({ type: 'send', sessionId: null, text: 'Do both' });
    await harness.controller.idle();
    const decoded = decodeLink(((await harness.send({ type: 'export-session', as: 'link' })).value as ExportedSession).fragment!);
    if (!decoded.ok) throw new Error('the link did not decode');
    const second = decoded.value.roundTrips.findLast((roundTrip) => roundTrip.subagent)?.subagent?.callId;
    const mixed = encodeLink({ ...decoded.value, roundTrips: decoded.value.roundTrips.filter((roundTrip) => roundTrip.subagent?.callId !== second) });
    const { reader } = await openReader(mixed);
    const state = await waitFor(() => (replayState(reader.events)?.status === 'done' ? replayState(reader.events) : undefined), 'the replay to end');
    await reader.controller.idle();

    expect(state?.differs).toEqual([]);
    const tasks = reader.calls().filter((view) => view.name === 'task');
    const first = tasks.findLast((view) => view.summary === 'First');
    const last = tasks.findLast((view) => view.summary === 'Second');
    expect(first?.subagent?.outcome).toBe('completed');
    expect(first?.resultText).toBe('A done.');
    expect(last?.subagent).toBeUndefined();
    expect(last?.display).toEqual({ type: 'text', text: 'B done.\n(recorded; the subagent was not run again)' });
  });

  it('runs again in a session opened before the recording’s subagents were kept with it, read from its round-trips, and keeps them', async () => {
    const reader = createControllerHarness({ databaseName: `subagent-reader-${counter++}`, model: silentModel });
    await reader.init();
    await reader.send({ type: 'open-shared', source: { kind: 'link', fragment: await sharedLink() } });
    const sessionId = reader.loaded().at(-1)!.sessionId;
    const { subagents, ...older } = (await reader.db.sharedSessions.get(sessionId))!;
    await reader.db.sharedSessions.put(older);
    expect((await reader.send({ type: 'replay', command: { kind: 'start', speed: 'instant' } })).error).toBeUndefined();
    const write = await waitFor(() => nestedCalls(taskView(reader.calls())).find((nested) => nested.status === 'awaiting_approval'), 'the subagent’s write to ask');
    await reader.send({ type: 'approval-response', callId: write.callId, outcome: 'proceed_once' });
    const state = await waitFor(() => (replayState(reader.events)?.status === 'done' ? replayState(reader.events) : undefined), 'the replay to end');
    await reader.controller.idle();

    expect(state?.differs).toEqual([]);
    expect(taskView(reader.calls())?.subagent?.outcome).toBe('completed');
    expect((await reader.db.sharedSessions.get(sessionId))?.subagents).toEqual(subagents);
  });

  it('runs again in Replay from here, in a fork made at the message that led to it', async () => {
    const { reader, sessionId } = await openReader(await sharedLink());
    const approveNested = () => {
      for (const nested of nestedCalls(taskView(reader.calls()))) {
        if (nested.status === 'awaiting_approval') void reader.send({ type: 'approval-response', callId: nested.callId, outcome: 'proceed_once' });
      }
    };
    await waitFor(() => {
      approveNested();
      return replayState(reader.events)?.status === 'done' ? true : undefined;
    }, 'the replay to end');
    await reader.controller.idle();
    const history = await loadHistory(reader.db, sessionId);
    const prompt = history.ok ? history.value.history[0]?.entryId : undefined;
    const forked = await reader.send({ type: 'fork', sessionId, at: { kind: 'message', entryId: prompt! } });
    expect(forked.error).toBeUndefined();
    const forkId = forked.value as string;

    const mark = reader.events.length;
    expect((await reader.send({ type: 'replay', command: { kind: 'from-here', speed: 'instant' } })).error).toBeUndefined();
    const asked: string[] = [];
    const state = await waitFor(() => {
      // The fork's own run: its calls posted since Replay from here (the recorded ids are the same as in the first replay).
      const since = reader.events.slice(mark).flatMap((event) => (event.type === 'agent-event' && event.event.type === 'tool_calls_update' ? event.event.value : []));
      for (const nested of nestedCalls(taskView(since))) {
        if (nested.status !== 'awaiting_approval' || asked.includes(nested.callId)) continue;
        asked.push(nested.callId);
        void reader.send({ type: 'approval-response', callId: nested.callId, outcome: 'proceed_once' });
      }
      const current = reader.events.slice(mark).findLast((event): event is Extract<WorkerEvent, { type: 'replay' }> => event.type === 'replay')?.state;
      return current?.status === 'done' || current?.status === 'failed' || current?.status === 'stopped' ? current : undefined;
    }, 'the replay from here to end');
    await reader.controller.idle();

    expect(state).toMatchObject({ status: 'done', differs: [] });
    expect(asked).toHaveLength(1);
    const files = await listFiles(reader.db, forkId);
    expect(files.ok && files.value.map((file) => [file.path, file.content])).toEqual([['note.txt', 'It was empty.\n']]);
  });

  it('in Replay from here, asks again for its write though the first replay’s Allow was pressed twice (the ids are the recording’s)', async () => {
    const { reader, sessionId } = await openReader(await sharedLink());
    const write = await waitFor(() => nestedCalls(taskView(reader.calls())).find((nested) => nested.status === 'awaiting_approval'), 'the subagent’s write to ask');
    // A double-click: the second answer comes once the write no longer waits.
    await reader.send({ type: 'approval-response', callId: write.callId, outcome: 'proceed_once' });
    await reader.send({ type: 'approval-response', callId: write.callId, outcome: 'proceed_once' });
    await waitFor(() => (replayState(reader.events)?.status === 'done' ? true : undefined), 'the replay to end');
    await reader.controller.idle();
    const history = await loadHistory(reader.db, sessionId);
    const prompt = history.ok ? history.value.history[0]?.entryId : undefined;
    const forked = await reader.send({ type: 'fork', sessionId, at: { kind: 'message', entryId: prompt! } });
    const forkId = forked.value as string;

    const mark = reader.events.length;
    expect((await reader.send({ type: 'replay', command: { kind: 'from-here', speed: 'instant' } })).error).toBeUndefined();
    const since = () => reader.events.slice(mark).flatMap((event) => (event.type === 'agent-event' && event.event.type === 'tool_calls_update' ? event.event.value : []));
    const asking = await waitFor(() => nestedCalls(taskView(since())).find((nested) => nested.status === 'awaiting_approval'), 'the fork’s write to ask');
    expect(asking.callId).toBe(write.callId);
    // Denied this time: the earlier run's answer must not have let it through.
    await reader.send({ type: 'approval-response', callId: asking.callId, outcome: 'cancel' });
    await waitFor(() => (reader.events.slice(mark).some((event) => event.type === 'replay' && event.state.status === 'done') ? true : undefined), 'the replay from here to end');
    await reader.controller.idle();

    expect(nestedCalls(taskView(since())).map((nested) => [nested.name, nested.status])).toEqual([
      ['list_directory', 'success'],
      ['write_file', 'cancelled'],
    ]);
    const files = await listFiles(reader.db, forkId);
    expect(files.ok && files.value).toEqual([]);
  });
});
