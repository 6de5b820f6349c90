/** Checkpoints repository: workspace snapshots taken before edits, so they can be undone. */
import { ok } from '../shared/errors';
import type { Result } from '../shared/errors';
import { newId } from '../shared/ids';
import type { LoopscopeDb } from './db';
import { attempt } from './errors';
import { queryCheckpoints } from './queries';
import type { CheckpointFile, CheckpointRecord, StoreError } from './types';

export interface NewCheckpoint {
  sessionId: string;
  callId?: string;
  label: string;
  /** Content before the change; null = the file did not exist. */
  files: CheckpointFile[];
  wholeWorkspace?: boolean;
}

export async function createCheckpoint(
  db: LoopscopeDb,
  checkpoint: NewCheckpoint,
): Promise<Result<CheckpointRecord, StoreError>> {
  const record: CheckpointRecord = {
    id: newId('checkpoint'),
    sessionId: checkpoint.sessionId,
    createdAt: db.now(),
    label: checkpoint.label,
    files: checkpoint.files,
  };
  if (checkpoint.callId !== undefined) record.callId = checkpoint.callId;
  if (checkpoint.wholeWorkspace) record.wholeWorkspace = true;
  const added = await attempt(() => db.checkpoints.add(record));
  return added.ok ? ok(record) : added;
}

/** Oldest first. */
export function listCheckpoints(db: LoopscopeDb, sessionId: string): Promise<Result<CheckpointRecord[], StoreError>> {
  return attempt(() => queryCheckpoints(db, sessionId));
}

/** ok(null) when the checkpoint does not exist. */
export function getCheckpoint(db: LoopscopeDb, id: string): Promise<Result<CheckpointRecord | null, StoreError>> {
  return attempt(async () => (await db.checkpoints.get(id)) ?? null);
}
