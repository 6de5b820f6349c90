/**
 * Restore: puts the workspace back as it was before one or more checkpoints. With several
 * (an interaction's), the earliest snapshot of each file wins.
 */
import { getCheckpoint } from '../store/checkpoints';
import type { LoopscopeDb } from '../store/db';
import type { CheckpointFile, CheckpointRecord } from '../store/types';
import type { AppError } from '../shared/errors';
import type { SyncedWorkspace } from './workspace-sync';

export function earliestFiles(checkpoints: readonly CheckpointRecord[]): CheckpointFile[] {
  const byPath = new Map<string, CheckpointFile>();
  for (const checkpoint of [...checkpoints].sort((a, b) => a.createdAt - b.createdAt)) {
    for (const file of checkpoint.files) if (!byPath.has(file.path)) byPath.set(file.path, file);
  }
  return [...byPath.values()];
}

export async function restoreCheckpoints(
  db: LoopscopeDb,
  sessionId: string,
  workspace: SyncedWorkspace,
  checkpointIds: readonly string[],
): Promise<{ ok: true; changed: string[] } | { ok: false; error: AppError }> {
  const checkpoints: CheckpointRecord[] = [];
  for (const id of checkpointIds) {
    const found = await getCheckpoint(db, id);
    if (!found.ok) return { ok: false, error: found.error };
    if (!found.value || found.value.sessionId !== sessionId) {
      return { ok: false, error: { kind: 'not-found', message: 'That checkpoint no longer exists in this session.' } };
    }
    checkpoints.push(found.value);
  }
  const changed = await workspace.putBack(earliestFiles(checkpoints));
  return { ok: true, changed };
}
