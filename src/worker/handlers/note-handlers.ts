/** Notes beside a session's steps (shared/notes.ts): set or removed in the session named. */
import { ANCHOR_KEY, noteProblem } from '../../shared/notes';
import { NOTES_MAX } from '../../shared/limits';
import { setSessionNote } from '../../store/sessions';
import type { HandlerTable } from './context';

export const noteHandlers: HandlerTable<'set-note'> = {
  async 'set-note'(request, context) {
    if (!ANCHOR_KEY.test(request.anchor)) return { error: { kind: 'bad-request', message: 'That is not a step a note can be put beside.' } };
    const text = request.text === null || request.text.trim() === '' ? null : request.text;
    const problem = text === null ? null : noteProblem(text);
    if (problem) return { error: { kind: 'note-refused', message: problem } };
    const admitted = await context.admit('set-note', request.sessionId, async (runtime) => {
      const count = Object.keys(runtime.session.notes ?? {}).length;
      if (text !== null && !(request.anchor in (runtime.session.notes ?? {})) && count >= NOTES_MAX) {
        return { error: { kind: 'note-refused', message: `A session holds at most ${NOTES_MAX} notes.` } } as const;
      }
      const set = await setSessionNote(context.db, runtime.session.id, request.anchor, text);
      if (!set.ok) return { error: set.error } as const;
      context.setRuntimeSession({ ...runtime.session, notes: set.value });
      return { value: set.value } as const;
    });
    return 'error' in admitted ? admitted : admitted.started;
  },
};
