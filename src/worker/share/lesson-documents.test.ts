/**
 * The bundled lessons as session documents (src/share/lessons/): each lesson recorded through
 * the real worker (scripted demo, offline sandbox) gives exactly the committed document, once
 * run-specific ids and times are normalized; and each committed document replays to the files
 * its recording ended with. `UPDATE_LESSON_DOCUMENTS=1 npx vitest run src/worker/share/lesson-documents.test.ts`
 * writes them after a lesson changes.
 */
import 'fake-indexeddb/auto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../model/scripted/scripted-model';
import { BUNDLED_LESSONS } from '../../model/scripted/lessons/bundled-lessons';
import { readDocument } from '../../share/codec';
import { LESSON_DOCUMENTS } from '../../share/lessons/bundled-documents';
import { normalizeDocument } from '../../share/normalize-document';
import { openDocument } from '../../share/session-document';
import { listFiles } from '../../store/files';
import type { ExportedSession, WorkerEvent } from '../protocol';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

const UPDATE = process.env.UPDATE_LESSON_DOCUMENTS === '1';
let counter = 0;

async function record(prompt: string): Promise<string> {
  const harness = createControllerHarness({
    databaseName: `lesson-record-${counter++}`,
    model: createScriptedModel({ delayMs: 0 }),
    settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' },
  });
  await harness.init();
  await harness.send({ type: 'send', sessionId: null, text: prompt });
  await harness.controller.idle();
  const exported = (await harness.send({ type: 'export-session', as: 'file' })).value as ExportedSession;
  return `${JSON.stringify(normalizeDocument(JSON.parse(exported.fileText!)), null, 1)}\n`;
}

describe('the bundled lessons as session documents', () => {
  it('offers a document for every lesson, and no other', () => {
    expect(Object.keys(LESSON_DOCUMENTS).sort()).toEqual(BUNDLED_LESSONS.map((lesson) => lesson.id).sort());
  });

  for (const lesson of BUNDLED_LESSONS) {
    const file = fileURLToPath(new URL(`../../share/lessons/${lesson.id}.loopscope.json`, import.meta.url));

    it(`"${lesson.title}": recording the lesson today gives the committed document`, async () => {
      const recorded = await record(lesson.prompt);
      if (UPDATE) writeFileSync(file, recorded);
      expect(recorded).toBe(readFileSync(file, 'utf8'));
      const checked = readDocument(JSON.parse(recorded));
      expect(checked.ok).toBe(true);
    });

    it(`"${lesson.title}": its document opens as a session and replays to the files it recorded`, async () => {
      const document = readDocument(await LESSON_DOCUMENTS[lesson.id]!());
      if (!document.ok) throw new Error(document.error.message);
      const expected = openDocument(document.value).files.map((entry) => [entry.path, entry.content]);
      const reader = createControllerHarness({ databaseName: `lesson-replay-${counter++}`, model: createScriptedModel({ delayMs: 0 }), settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' } });
      await reader.init();
      expect((await reader.send({ type: 'open-shared', source: { kind: 'lesson', id: lesson.id } })).error).toBeUndefined();
      const sessionId = reader.loaded().at(-1)!.sessionId;
      expect((await reader.db.sessions.get(sessionId))?.title).toBe(`Lesson: ${lesson.title}`);
      await reader.send({ type: 'replay', command: { kind: 'start', speed: 'instant' } });
      for (let tries = 0; tries < 500; tries++) {
        for (const call of reader.calls()) {
          if (call.status === 'awaiting_approval') void reader.send({ type: 'approval-response', callId: call.callId, outcome: 'proceed_once' });
        }
        const state = reader.events.findLast((event): event is Extract<WorkerEvent, { type: 'replay' }> => event.type === 'replay')?.state;
        if (state && state.status !== 'playing' && state.status !== 'paused') {
          expect(state).toMatchObject({ status: 'done', differs: [] });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await reader.controller.idle();
      const files = await listFiles(reader.db, sessionId);
      expect(files.ok && files.value.map((entry) => [entry.path, entry.content])).toEqual(expected);
    });
  }
});
