/**
 * Restore: puts the workspace back as it was before one or more checkpoints. With several
 * (an interaction's), the earliest snapshot of each file wins. A checkpoint pruned to save
 * space answers the error `pruned` (store/checkpoints.ts says why and which policy).
 */
import { readCheckpoints } from '../store/checkpoints';
import type { LoopscopeDb } from '../store/db';
import type { CheckpointContents, CheckpointFile } from '../store/types';
import type { AppError } from '../shared/errors';
import type { SyncedWorkspace } from './workspace-sync';

/**
 * The earliest snapshot of each file. When the earliest checkpoint holds the whole workspace,
 * files in `current` that it does not hold were created since, and are removed.
 */
export function earliestFiles(checkpoints: readonly CheckpointContents[], current: Iterable<string> = []): CheckpointFile[] {
  const ordered = [...checkpoints].sort((a, b) => a.createdAt - b.createdAt);
  const byPath = new Map<string, CheckpointFile>();
  for (const checkpoint of ordered) {
    for (const file of checkpoint.files) if (!byPath.has(file.path)) byPath.set(file.path, file);
  }
  if (ordered[0]?.wholeWorkspace) {
    for (const path of current) if (!byPath.has(path)) byPath.set(path, { path, content: null });
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
  return changed.length === 0 ? 'Restore: the files were already as they were.' : `Restored ${changed.length} file(s): ${changed.join(', ')}`;
}
