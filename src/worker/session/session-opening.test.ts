/**
 * A long session opens with its history's tail on screen first; the earlier entries follow,
 * and what the page gets in the two parts is the stored history, whole and in order.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { call, model, reply, user } from '../../agent/history/fixtures';
import { T, createFakeModel, reply as modelReply } from '../../agent/testing/fake-model';
import { texts } from '../../agent/testing/harness';
import type { Content } from '../../shared/content';
import { createHistoryWriter } from '../../store/history';
import type { WorkerEvent } from '../protocol';
import { HISTORY_TAIL } from './session-opening';
import { createControllerHarness } from '../testing/controller-harness';

let counter = 0;

/** `rounds` tool round-trips after one prompt, then an answer: 2 × rounds + 2 entries. */
function longHistory(rounds: number): Content[] {
  const history: Content[] = [user('read many files')];
  for (let index = 0; index < rounds; index++) {
    history.push(model(call('read_file', `c${index}`, { file_path: `f${index}.txt` })), user(reply('read_file', `c${index}`, `contents ${index}`)));
  }
  history.push(model('Read them all.'));
  return history;
}

async function openedLong(rounds: number, script = [modelReply(T('Hello again.'), 'STOP')]) {
  const fake = createFakeModel(script);
  const harness = createControllerHarness({ databaseName: `session-opening-${counter++}`, model: fake });
  await harness.init();
  const sessionId = harness.loaded()[0]!.sessionId;
  const writer = createHistoryWriter(harness.db, sessionId);
  await writer.load();
  const history = longHistory(rounds);
  expect((await writer.commit(history)).ok).toBe(true);
  await harness.send({ type: 'new-session' });
  const from = harness.events.length;
  return { ...harness, fake, sessionId, history, from };
}

const after = (events: WorkerEvent[], from: number) => events.slice(from);

describe('opening a long session', () => {
  it('posts the tail first, starting at a model entry, then the entries before it; together they are the stored history', async () => {
    const opened = await openedLong(600);
    await opened.send({ type: 'open-session', sessionId: opened.sessionId });
    const events = after(opened.events, opened.from);
    const loadedAt = events.findIndex((event) => event.type === 'session-loaded');
    const earlierAt = events.findIndex((event) => event.type === 'session-earlier');
    const loaded = events[loadedAt];
    const earlier = events[earlierAt];
    if (loaded?.type !== 'session-loaded' || earlier?.type !== 'session-earlier') throw new Error('both parts should be posted');

    expect(loadedAt).toBeLessThan(earlierAt);
    const tail = loaded.session.history;
    expect(tail.length).toBeLessThanOrEqual(HISTORY_TAIL);
    expect(tail[0]?.role).toBe('model');
    expect(loaded.session.historyFrom).toBe(opened.history.length - tail.length);
    expect(earlier.sessionId).toBe(opened.sessionId);
    expect([...(JSON.parse(earlier.history) as Content[]), ...tail]).toEqual(opened.history);
    expect(loaded.session.interruption).toEqual({ type: 'none' });
    opened.db.close();
  });

  it('posts a short session whole, with nothing after it', async () => {
    const opened = await openedLong(20);
    await opened.send({ type: 'open-session', sessionId: opened.sessionId });
    const events = after(opened.events, opened.from);
    const loaded = events.find((event) => event.type === 'session-loaded');
    expect(loaded?.type === 'session-loaded' && loaded.session.history).toEqual(opened.history);
    expect(loaded?.type === 'session-loaded' && (loaded.session.historyFrom ?? 0)).toBe(0);
    expect(events.some((event) => event.type === 'session-earlier')).toBe(false);
    opened.db.close();
  });

  it('runs a message sent once the tail is shown (before the whole history is read) in that session, with all of it', async () => {
    const opened = await openedLong(600);
    let answered: Promise<{ error?: unknown }> = Promise.resolve({ error: 'never sent' });
    const { sessionId } = opened;
    // Sent the moment the tail arrives, as a person typing at once would.
    const sent = new Promise<void>((resolve) => {
      const poll = () => {
        if (opened.events.slice(opened.from).some((event) => event.type === 'session-loaded')) {
          answered = opened.send({ type: 'send', sessionId: null, text: 'one more' });
          resolve();
        } else setTimeout(poll, 0);
      };
      poll();
    });
    const opening = opened.send({ type: 'open-session', sessionId });
    await sent;
    await opening;
    const answer = await answered;
    await opened.controller.idle();
    expect(answer.error).toBeUndefined();
    const replies = opened.events.flatMap((event) => (event.type === 'agent-event' && event.event.type === 'content' ? [event.event.value] : []));
    expect(replies.join('')).toBe('Hello again.');
    // The request held the whole history, not only the tail.
    expect(opened.fake.requests[0]!.contents.flatMap(texts)).toEqual([...opened.history.flatMap(texts), 'one more']);
    opened.db.close();
  });
});
