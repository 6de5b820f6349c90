/**
 * Checkpoints repository: workspace snapshots taken before edits, so they can be undone.
 *
 * Storage (checkpoint-storage.ts): file contents are stored once by content hash, a checkpoint
 * names a manifest of path → hash, so checkpointing an unchanged workspace again adds one small
 * row (checkpoint-budget.test.ts measures it).
 *
 * Pruning policy, applied in the same transaction as every new checkpoint:
 * - a session keeps its newest CHECKPOINTS_PER_SESSION (50) checkpoints; older ones are pruned;
 * - all sessions together keep at most CHECKPOINT_BUDGET_BYTES (64 MiB) of checkpoint contents and
 *   manifests; over it, the oldest checkpoints of any session are pruned first, never the one
 *   just taken;
 * - Free space (Settings) prunes, oldest first, down to FREE_SPACE_BUDGET_BYTES (8 MiB);
 * - a pruned checkpoint leaves a small tombstone (label and times, no files), so its Restore
 *   says it was pruned instead of vanishing; contents and manifests nothing references any more
 *   are deleted in the same transaction. Deleting a session deletes all of its checkpoints.
 */
import { err, ok } from '../shared/errors';
import type { Result } from '../shared/errors';
import { newId } from '../shared/ids';
import { checkpointTables, dropCheckpoints, prepareSnapshot, readSnapshot, storedBytes, writeSnapshot } from './checkpoint-storage';
import type { LoopscopeDb } from './db';
import { attempt } from './errors';
import { queryCheckpoints, sessionRange } from './queries';
import type { CheckpointContents, CheckpointFile, CheckpointRecord, PruneReport, StoreError, StoredCheckpoint } from './types';
import { CHECKPOINTS_PER_SESSION, CHECKPOINT_BUDGET_BYTES } from '../shared/limits';


export const PRUNED_MESSAGE =
  'That checkpoint was pruned to save space (Loopscope keeps the last 50 checkpoints of a session, within 64 MB for all sessions); its files can no longer be restored.';

export interface NewCheckpoint {
  sessionId: string;
  callId?: string;
  label: string;
  /** Content before the change; null = the file did not exist. */
  files: CheckpointFile[];
  wholeWorkspace?: boolean;
}

export interface PrunePolicy {
  /** Newest checkpoints a session keeps (applies to the session being written). */
  keepPerSession: number;
  /** Bytes of contents and manifests all sessions keep together. */
  budgetBytes: number;
}

export const DEFAULT_POLICY: Readonly<PrunePolicy> = Object.freeze({ keepPerSession: CHECKPOINTS_PER_SESSION, budgetBytes: CHECKPOINT_BUDGET_BYTES });

/** Stores a checkpoint, then prunes by `policy` (same transaction). */
export async function createCheckpoint(
  db: LoopscopeDb,
  checkpoint: NewCheckpoint,
  policy: PrunePolicy = DEFAULT_POLICY,
): Promise<Result<StoredCheckpoint, StoreError>> {
  const prepared = await attempt(() => prepareSnapshot(checkpoint.files));
  if (!prepared.ok) return prepared;
  const record: StoredCheckpoint = {
    id: newId('checkpoint'),
    sessionId: checkpoint.sessionId,
    createdAt: db.now(),
    label: checkpoint.label,
    manifest: prepared.value.manifest.hash,
  };
  if (checkpoint.callId !== undefined) record.callId = checkpoint.callId;
  if (checkpoint.wholeWorkspace) record.wholeWorkspace = true;
  const added = await attempt(() =>
    db.transaction('rw', checkpointTables(db), async () => {
      await writeSnapshot(db, prepared.value);
      await db.checkpoints.add(record);
      await pruneWithin(db, policy, { sessionId: record.sessionId, keep: record.id });
    }),
  );
  return added.ok ? ok(record) : added;
}

/** Prunes every session's checkpoints, oldest first, down to `budgetBytes` (Free space). */
export function pruneCheckpoints(db: LoopscopeDb, budgetBytes: number): Promise<Result<PruneReport, StoreError>> {
  return attempt(() => db.transaction('rw', checkpointTables(db), () => pruneWithin(db, { keepPerSession: Infinity, budgetBytes }, {})));
}

async function pruneWithin(db: LoopscopeDb, policy: PrunePolicy, scope: { sessionId?: string; keep?: string }): Promise<PruneReport> {
  const now = db.now();
  let pruned = 0;
  let freedBytes = 0;
  if (scope.sessionId !== undefined) {
    const [lower, upper] = sessionRange(scope.sessionId);
    const kept = await db.checkpoints.where('[sessionId+createdAt]').between(lower, upper, true, true).toArray();
    const excess = kept.slice(0, Math.max(0, kept.length - policy.keepPerSession)).filter((checkpoint) => checkpoint.id !== scope.keep);
    freedBytes += await dropCheckpoints(db, excess, now);
    pruned += excess.length;
  }
  let stored = await storedBytes(db);
  while (stored > policy.budgetBytes) {
    const oldest = await db.checkpoints
      .orderBy('createdAt')
      .filter((checkpoint) => checkpoint.id !== scope.keep)
      .first();
    if (!oldest) break;
    const freed = await dropCheckpoints(db, [oldest], now);
    freedBytes += freed;
    stored -= freed;
    pruned += 1;
  }
  return { pruned, freedBytes, storedBytes: stored };
}

/** Oldest first, kept and pruned ones together (pruned ones carry `pruned: true`). */
export function listCheckpoints(db: LoopscopeDb, sessionId: string): Promise<Result<CheckpointRecord[], StoreError>> {
  return attempt(() => queryCheckpoints(db, sessionId));
}

/** ok(null) when the checkpoint does not exist. */
export function getCheckpoint(db: LoopscopeDb, id: string): Promise<Result<CheckpointRecord | null, StoreError>> {
  return attempt(async () => {
    const stored = await db.checkpoints.get(id);
    if (stored) return stored;
    const pruned = await db.prunedCheckpoints.get(id);
    return pruned ? { ...pruned, pruned: true as const } : null;
  });
}

/**
 * The checkpoints of this session with their files, read in one transaction (a prune cannot
 * remove a blob halfway). A pruned checkpoint is the error `pruned`; a missing or foreign one `not-found`.
 */
export async function readCheckpoints(
  db: LoopscopeDb,
  sessionId: string,
  ids: readonly string[],
): Promise<Result<CheckpointContents[], StoreError>> {
  const read = await attempt(() =>
    db.transaction('r', checkpointTables(db), async (): Promise<Result<CheckpointContents[], StoreError>> => {
      const contents: CheckpointContents[] = [];
      for (const id of ids) {
        const stored = await db.checkpoints.get(id);
        if (!stored || stored.sessionId !== sessionId) {
          const pruned = await db.prunedCheckpoints.get(id);
          if (pruned?.sessionId === sessionId) return err({ kind: 'pruned', message: PRUNED_MESSAGE });
          return err({ kind: 'not-found', message: 'That checkpoint no longer exists in this session.' });
        }
        const files = await readSnapshot(db, stored.manifest);
        if (!files) return err({ kind: 'storage', message: `The files of checkpoint “${stored.label}” are missing from storage.` });
        const { manifest: _manifest, ...rest } = stored;
        contents.push({ ...rest, files });
      }
      return ok(contents);
    }),
  );
  return read.ok ? read.value : read;
}

/** Deletes a session's checkpoints, tombstones and unreferenced contents; run inside a transaction over checkpointTables. */
export async function deleteSessionCheckpoints(db: LoopscopeDb, sessionId: string): Promise<void> {
  const [lower, upper] = sessionRange(sessionId);
  await db.prunedCheckpoints.where('[sessionId+createdAt]').between(lower, upper, true, true).delete();
  await dropCheckpoints(db, await db.checkpoints.where('[sessionId+createdAt]').between(lower, upper, true, true).toArray());
}
