/**
 * The worker's checkpoint requests. Restore puts the workspace back as it was before one or
 * more checkpoints; with several (an interaction's), the earliest snapshot of each file wins. A
 * checkpoint pruned to save space answers the error `pruned` (store/checkpoints.ts has the
 * policy). Free space prunes every session's checkpoints down to a smaller budget now.
 */
import { pruneCheckpoints, readCheckpoints } from '../../store/checkpoints';
import type { LoopscopeDb } from '../../store/db';
import type { CheckpointContents, CheckpointFile, PruneReport } from '../../store/types';
import type { AppError } from '../../shared/errors';
import type { WorkerEvent } from '../protocol';
import type { SessionRuntime } from '../session/session-runtime';
import type { SyncedWorkspace } from './workspace-sync';
import { FREE_SPACE_BUDGET_BYTES } from '../../shared/limits';

type RequestAnswer<T> = { error: AppError; value?: never } | { error?: never; value: T };

/**
 * The earliest snapshot of each file. A checkpoint that holds the whole workspace (before a shell
 * command) holds every file there was: a file in `current` that no checkpoint up to and including
 * the first such one holds did not exist then, and nothing had changed it before (any change
 * would have left a checkpoint), so it was created since, and is removed. (Before, only a first
 * checkpoint that was whole counted: a file a command created after an edit stayed.)
 */
export function earliestFiles(checkpoints: readonly CheckpointContents[], current: Iterable<string> = []): CheckpointFile[] {
  const ordered = [...checkpoints].sort((a, b) => a.createdAt - b.createdAt);
  const byPath = new Map<string, CheckpointFile>();
  let wholeSeen = false;
  for (const checkpoint of ordered) {
    for (const file of checkpoint.files) if (!byPath.has(file.path)) byPath.set(file.path, file);
    if (checkpoint.wholeWorkspace && !wholeSeen) {
      wholeSeen = true;
      for (const path of current) if (!byPath.has(path)) byPath.set(path, { path, content: null });
    }
  }
  return [...byPath.values()];
}

export async function restoreCheckpoints(
  db: LoopscopeDb,
  sessionId: string,
  workspace: SyncedWorkspace,
  checkpointIds: readonly string[],
): Promise<{ ok: true; changed: string[] } | { ok: false; error: AppError }> {
  const checkpoints = await readCheckpoints(db, sessionId, checkpointIds);
  if (!checkpoints.ok) return { ok: false, error: checkpoints.error };
  const changed = await workspace.putBack(earliestFiles(checkpoints.value, workspace.snapshot().keys()));
  return { ok: true, changed };
}

/** What the person reads after a Restore. */
export function restoreNotice(changed: readonly string[]): string {
  if (changed.length === 0) return 'Restore: the files were already as they were.';
  // An undone import can name thousands of files: the first ten are enough to recognize it.
  const more = changed.length > 10 ? ` and ${changed.length - 10} more` : '';
  return `Restored ${changed.length} file(s): ${changed.slice(0, 10).join(', ')}${more}`;
}

/**
 * The `restore-checkpoints` request. A refusal or failure (a pruned checkpoint included) is also
 * posted as a notice, so a Restore pressed without waiting for the answer never fails silently.
 */
export async function restoreRequest(
  db: LoopscopeDb,
  runtime: SessionRuntime | null,
  running: boolean,
  checkpointIds: readonly string[],
  post: (event: WorkerEvent) => void,
): Promise<RequestAnswer<string[]>> {
  const restored: { ok: true; changed: string[] } | { ok: false; error: AppError } = !runtime
    ? { ok: false, error: { kind: 'no-session', message: 'No session is open yet.' } }
    : running
      ? { ok: false, error: { kind: 'busy', message: 'Stop the agent before restoring files.' } }
      : await restoreCheckpoints(db, runtime.session.id, runtime.workspace, checkpointIds);
  if (!restored.ok) {
    post({ type: 'notice', level: 'warning', message: restored.error.message });
    return { error: restored.error };
  }
  post({ type: 'notice', level: 'info', message: restoreNotice(restored.changed) });
  return { value: restored.changed };
}

/** The `free-space` request: answers the PruneReport. */
export async function freeSpaceRequest(db: LoopscopeDb): Promise<RequestAnswer<PruneReport>> {
  const pruned = await pruneCheckpoints(db, FREE_SPACE_BUDGET_BYTES);
  return pruned.ok ? { value: pruned.value } : { error: pruned.error };
}
