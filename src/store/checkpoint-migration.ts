/**
 * Schema v3's upgrade: checkpoints of v1 and v2 held every file's content inline
 * (`files: [{path, content}]`); each is rewritten to name a manifest, its contents moved to
 * `blobs` once per distinct content. One checkpoint at a time, so memory holds one snapshot,
 * not the whole table. Hashing is not IndexedDB work: Dexie.waitFor keeps the upgrade
 * transaction open meanwhile (without it the transaction would commit under our feet).
 */
import { Dexie } from 'dexie';
import type { Transaction } from 'dexie';
import { prepareSnapshot, writeSnapshot } from './checkpoint-storage';
import type { CheckpointTables } from './checkpoint-storage';
import type { CheckpointFile, StoredCheckpoint } from './types';

/** A checkpoint as schema v1 and v2 stored it. */
interface InlineCheckpoint extends Omit<StoredCheckpoint, 'manifest'> {
  files: CheckpointFile[];
}

export async function moveCheckpointContentsToBlobs(transaction: Transaction): Promise<void> {
  const tables: CheckpointTables = {
    checkpoints: transaction.table('checkpoints'),
    prunedCheckpoints: transaction.table('prunedCheckpoints'),
    manifests: transaction.table('manifests'),
    blobs: transaction.table('blobs'),
  };
  const inline = transaction.table<InlineCheckpoint | StoredCheckpoint, string>('checkpoints');
  const ids = await inline.toCollection().primaryKeys();
  for (const id of ids) {
    const checkpoint = await inline.get(id);
    if (!checkpoint || !('files' in checkpoint)) continue;
    const { files, ...rest } = checkpoint;
    const snapshot = await Dexie.waitFor(prepareSnapshot(Array.isArray(files) ? files : []));
    await writeSnapshot(tables, snapshot);
    await inline.put({ ...rest, manifest: snapshot.manifest.hash });
  }
}
