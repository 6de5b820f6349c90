/**
 * The person's editor saves. A save goes into the open session's workspace (sandbox and
 * store). An editor closes with a last save of its unsaved text, which can reach the worker
 * after the page has switched to another session: that save belongs to the session it was typed
 * in, so it goes straight into that session's stored files (its sandbox loads them when the
 * session is opened again), never into the session now open; unless another tab has that
 * session open meanwhile (it holds the session's lock): that tab is its only writer.
 */
import type { AppError } from '../../shared/errors';
import { resolveWorkspacePath } from '../../shared/workspace-path';
import { putFile } from '../../store/files';
import type { LoopscopeDb } from '../../store/db';
import { getSession } from '../../store/sessions';
import type { SessionLocks } from '../session/session-lock';
import type { SessionRuntime } from '../session/session-runtime';

export interface PersonSave {
  /** The session the editor showed; absent: the open one. */
  sessionId?: string;
  path: string;
  content: string;
}

export async function savePersonEdit(db: LoopscopeDb, locks: SessionLocks, runtime: SessionRuntime | null, save: PersonSave): Promise<{ error?: AppError }> {
  if (save.sessionId === undefined || save.sessionId === runtime?.session.id) {
    if (!runtime) return { error: { kind: 'no-session', message: 'No session is open yet.' } };
    const written = await runtime.workspace.writeAsPerson(save.path, save.content);
    return written.ok ? {} : { error: written.error }; // the editor shows a failed save
  }
  const path = resolveWorkspacePath(save.path);
  if (!path.ok) return { error: path.error };
  const session = await getSession(db, save.sessionId);
  if (!session.ok) return { error: session.error };
  if (!session.value) return { error: { kind: 'not-found', message: `${save.path} was not saved: its session was deleted.` } };
  const lock = await locks.acquire(save.sessionId, { steal: false, lost: () => undefined }).catch(() => ({ release: () => undefined }));
  if (!lock) return { error: { kind: 'session-elsewhere', message: `${save.path} was not saved: its session is open in another tab now.` } };
  try {
    const put = await putFile(db, save.sessionId, { path: path.path, content: save.content });
    return put.ok ? {} : { error: put.error };
  } finally {
    lock.release();
  }
}
