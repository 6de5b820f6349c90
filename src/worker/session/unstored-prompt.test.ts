/**
 * A message counts as sent once it is stored: a prompt the full disk refused is answered as
 * not sent (the page puts it back in the prompt box), once, and leaves nothing behind.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { T, createFakeModel, reply } from '../../agent/testing/fake-model';
import { texts } from '../../agent/testing/harness';
import { STORAGE_FULL_MESSAGE } from '../../store/errors';
import { loadHistory } from '../../store/history';
import { listSessions } from '../../store/sessions';
import { quotaExceeded, spyOnWrites } from '../../store/testing/idb-spy';
import type { WorkerEvent } from '../protocol';
import { createControllerHarness } from '../testing/controller-harness';

let counter = 0;

const alerts = (events: WorkerEvent[]) =>
  events.flatMap((event) => {
    if (event.type === 'notice' && event.level === 'error') return [event.message];
    if (event.type === 'agent-event' && event.event.type === 'error') return [event.event.value.error.message];
    return [];
  });

describe('a message the full disk refused', () => {
  it('is answered as not sent with what to do, once, and is neither run, stored nor sent with the next message', async () => {
    const model = createFakeModel([reply(T('Hello.'), 'STOP')]);
    const harness = createControllerHarness({ databaseName: `unstored-prompt-${counter++}`, model });
    await harness.init();
    const sessionId = harness.loaded()[0]!.sessionId;

    let full = true;
    const stop = spyOnWrites(() => {
      if (full) throw quotaExceeded();
    }, 'history');
    onTestFinished(stop);
    const before = harness.events.length;
    const refused = await harness.send({ type: 'send', sessionId: null, text: 'A message on a full disk' });
    await harness.controller.idle();

    expect(refused.error).toEqual({ kind: 'storage-full', message: STORAGE_FULL_MESSAGE });
    expect(model.requests).toHaveLength(0);
    // The answer is the one alert: the page shows it with the message back in the prompt box.
    expect(alerts(harness.events.slice(before))).toEqual([]);
    const stored = await loadHistory(harness.db, sessionId);
    expect(stored.ok && stored.value.history).toEqual([]);
    const sessions = await listSessions(harness.db);
    expect(sessions.ok && sessions.value.map((session) => session.title)).not.toContain('A message on a full disk');

    full = false;
    const accepted = await harness.send({ type: 'send', sessionId: null, text: 'Space is free again' });
    await harness.controller.idle();
    expect(accepted.error).toBeUndefined();
    expect(model.requests[0]!.contents.flatMap(texts)).toEqual(['Space is free again']);
    const after = await loadHistory(harness.db, sessionId);
    expect(after.ok && after.value.history.flatMap(texts)).toEqual(['Space is free again', 'Hello.']);
    harness.db.close();
  });

  it('is answered only once it is stored', async () => {
    const model = createFakeModel([reply(T('Hello.'), 'STOP')]);
    const harness = createControllerHarness({ databaseName: `unstored-prompt-${counter++}`, model });
    await harness.init();
    const sessionId = harness.loaded()[0]!.sessionId;
    let storedWhenAnswered: unknown = null;
    const answered = harness.send({ type: 'send', sessionId: null, text: 'Stored first' }).then(async (answer) => {
      const stored = await loadHistory(harness.db, sessionId);
      storedWhenAnswered = stored.ok && stored.value.history.slice(0, 1).flatMap(texts);
      return answer;
    });
    expect((await answered).error).toBeUndefined();
    expect(storedWhenAnswered).toEqual(['Stored first']);
    await harness.controller.idle();
    harness.db.close();
  });
});
