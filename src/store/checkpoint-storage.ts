/**
 * How checkpoint files are kept (schema v3): each distinct file content once in `blobs` (key: its
 * hash), each distinct set of path → hash once in `manifests`, and a checkpoint row that names
 * its manifest. Everything here runs inside a transaction the caller opens over
 * `checkpointTables` (or an upgrade's tables), so a sweep sees exactly what it deletes from.
 * Hashing (crypto.subtle) is not IndexedDB work and would end a transaction: it happens in
 * prepareSnapshot, before the transaction starts.
 */
import type { Table } from 'dexie';
import { byteSize, compactContent, hashContent, hashManifest } from './content-hash';
import type { BlobRecord, CheckpointFile, ManifestEntry, ManifestRecord, PrunedCheckpoint, StoredCheckpoint } from './types';

/** The tables checkpoints live in: a LoopscopeDb, or an upgrade transaction's tables. */
export interface CheckpointTables {
  checkpoints: Table<StoredCheckpoint, string>;
  prunedCheckpoints: Table<PrunedCheckpoint, string>;
  manifests: Table<ManifestRecord, string>;
  blobs: Table<BlobRecord, string>;
}

export function checkpointTables(tables: CheckpointTables): Table[] {
  return [tables.checkpoints, tables.prunedCheckpoints, tables.manifests, tables.blobs] as Table[];
}

/** A snapshot hashed and ready to store. */
export interface PreparedSnapshot {
  manifest: ManifestRecord;
  blobs: BlobRecord[];
}

/** Hashes the files (outside any transaction). A path named twice keeps its last content. */
export async function prepareSnapshot(files: readonly CheckpointFile[]): Promise<PreparedSnapshot> {
  const byPath = new Map<string, CheckpointFile>();
  for (const file of files) byPath.set(file.path, file);
  const sorted = [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const blobs = new Map<string, BlobRecord>();
  const entries: ManifestEntry[] = [];
  for (const file of sorted) {
    if (file.content === null) {
      entries.push({ path: file.path, blob: null });
      continue;
    }
    const hash = await hashContent(file.content);
    if (!blobs.has(hash)) blobs.set(hash, { hash, content: compactContent(file.content), size: byteSize(file.content) });
    entries.push({ path: file.path, blob: hash });
  }
  const hash = await hashManifest(entries);
  // Paths, hashes and a little structure per entry; the index repeats each blob hash once.
  const size = entries.reduce((total, entry) => total + entry.path.length + 80, 64) + blobs.size * 64;
  return { manifest: { hash, files: entries, blobs: [...blobs.keys()], size }, blobs: [...blobs.values()] };
}

/** Stores the blobs and the manifest that are not stored yet. */
export async function writeSnapshot(tables: CheckpointTables, snapshot: PreparedSnapshot): Promise<void> {
  const hashes = snapshot.blobs.map((blob) => blob.hash);
  const present = new Set(hashes.length > 0 ? await tables.blobs.where('hash').anyOf(hashes).primaryKeys() : []);
  const missing = snapshot.blobs.filter((blob) => !present.has(blob.hash));
  if (missing.length > 0) await tables.blobs.bulkAdd(missing);
  if ((await tables.manifests.where('hash').equals(snapshot.manifest.hash).count()) === 0) await tables.manifests.add(snapshot.manifest);
}

/** The files of a stored manifest, or null when its manifest or one of its blobs is missing. */
export async function readSnapshot(tables: CheckpointTables, manifestHash: string): Promise<CheckpointFile[] | null> {
  const manifest = await tables.manifests.get(manifestHash);
  if (!manifest) return null;
  const blobs = await tables.blobs.bulkGet(manifest.blobs);
  const contents = new Map<string, BlobRecord['content']>();
  for (const blob of blobs) if (blob) contents.set(blob.hash, blob.content);
  const files: CheckpointFile[] = [];
  for (const entry of manifest.files) {
    if (entry.blob === null) {
      files.push({ path: entry.path, content: null });
      continue;
    }
    const content = contents.get(entry.blob);
    if (content === undefined) return null;
    files.push({ path: entry.path, content });
  }
  return files;
}

/** What a pruned checkpoint leaves behind. */
export function tombstoneOf(checkpoint: StoredCheckpoint, prunedAt: number): PrunedCheckpoint {
  const { manifest: _dropped, ...rest } = checkpoint;
  return { ...rest, prunedAt };
}

/**
 * Deletes the checkpoints (leaving tombstones when `prunedAt` is given), then every manifest
 * no checkpoint names any more and every blob no remaining manifest holds. Returns the
 * budget bytes freed.
 */
export async function dropCheckpoints(tables: CheckpointTables, checkpoints: readonly StoredCheckpoint[], prunedAt?: number): Promise<number> {
  if (checkpoints.length === 0) return 0;
  await tables.checkpoints.bulkDelete(checkpoints.map((checkpoint) => checkpoint.id));
  if (prunedAt !== undefined) await tables.prunedCheckpoints.bulkPut(checkpoints.map((checkpoint) => tombstoneOf(checkpoint, prunedAt)));
  let freed = 0;
  const blobCandidates = new Set<string>();
  for (const hash of new Set(checkpoints.map((checkpoint) => checkpoint.manifest))) {
    if ((await tables.checkpoints.where('manifest').equals(hash).count()) > 0) continue;
    const manifest = await tables.manifests.get(hash);
    if (!manifest) continue;
    await tables.manifests.delete(hash);
    freed += manifest.size;
    for (const blob of manifest.blobs) blobCandidates.add(blob);
  }
  const orphans: string[] = [];
  for (const hash of blobCandidates) {
    if ((await tables.manifests.where('blobs').equals(hash).count()) === 0) orphans.push(hash);
  }
  if (orphans.length > 0) {
    const sizes = await tables.blobs.where('hash').anyOf(orphans).toArray((blobs) => blobs.map((blob) => blob.size));
    freed += sizes.reduce((total, size) => total + size, 0);
    await tables.blobs.bulkDelete(orphans);
  }
  return freed;
}

/** Bytes the budget counts: every blob and manifest, read from the `size` indexes (no contents loaded). */
export async function storedBytes(tables: CheckpointTables): Promise<number> {
  const sum = (sizes: unknown[]) => sizes.reduce<number>((total, size) => total + (typeof size === 'number' ? size : 0), 0);
  return sum(await tables.blobs.orderBy('size').keys()) + sum(await tables.manifests.orderBy('size').keys());
}
