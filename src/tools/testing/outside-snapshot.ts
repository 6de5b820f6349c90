/**
 * Test support: what lies outside the workspace, path by path, so a fault suite can prove that
 * nothing there changed. A snapshot maps each path to its kind and bytes (a symlink: its
 * target); `digest` is SHA-256 over every path and content, `difference` counts the bytes that
 * changed (a new or deleted entry counts all its bytes, and at least one).
 */
import { createHash } from 'node:crypto';
import { lstat, readFile, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { IFileSystem } from 'just-bash';

export type Snapshot = Map<string, { kind: 'file' | 'directory' | 'symlink'; bytes: Uint8Array }>;

const encoder = new TextEncoder();

/** Every entry under `root` on disk except the subtree `excluded` (the workspace). Links are not followed. */
export async function snapshotDirectory(root: string, excluded: string): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  async function walk(path: string): Promise<void> {
    if (path === excluded) return;
    const stat = await lstat(path);
    if (stat.isSymbolicLink()) snapshot.set(path, { kind: 'symlink', bytes: encoder.encode(await readlink(path)) });
    else if (stat.isDirectory()) {
      snapshot.set(path, { kind: 'directory', bytes: new Uint8Array() });
      for (const name of (await readdir(path)).sort()) await walk(join(path, name));
    } else snapshot.set(path, { kind: 'file', bytes: new Uint8Array(await readFile(path)) });
  }
  await walk(root);
  return snapshot;
}

/** Every entry of a just-bash file system except `workspaceRoot` and what is below it. */
export async function snapshotVirtualFileSystem(fs: IFileSystem, workspaceRoot: string): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  for (const path of [...fs.getAllPaths()].sort()) {
    if (path === workspaceRoot || path.startsWith(`${workspaceRoot}/`)) continue;
    const stat = await fs.lstat(path);
    if (stat.isSymbolicLink) snapshot.set(path, { kind: 'symlink', bytes: encoder.encode(await fs.readlink(path)) });
    else if (stat.isDirectory) snapshot.set(path, { kind: 'directory', bytes: new Uint8Array() });
    else snapshot.set(path, { kind: 'file', bytes: await fs.readFileBuffer(path) });
  }
  return snapshot;
}

export function digest(snapshot: Snapshot): string {
  const hash = createHash('sha256');
  for (const [path, entry] of snapshot) {
    hash.update(`${entry.kind}\u0000${path}\u0000${entry.bytes.length}\u0000`);
    hash.update(entry.bytes);
  }
  return hash.digest('hex');
}

export interface SnapshotDifference {
  /** Paths created, deleted or changed. */
  paths: string[];
  bytes: number;
}

export function difference(before: Snapshot, after: Snapshot): SnapshotDifference {
  const paths: string[] = [];
  let bytes = 0;
  for (const [path, entry] of before) {
    const now = after.get(path);
    if (now === undefined) {
      paths.push(path);
      bytes += Math.max(1, entry.bytes.length);
    } else if (now.kind !== entry.kind || !sameBytes(now.bytes, entry.bytes)) {
      paths.push(path);
      bytes += Math.max(1, changedBytes(entry.bytes, now.bytes));
    }
  }
  for (const [path, entry] of after) {
    if (!before.has(path)) {
      paths.push(path);
      bytes += Math.max(1, entry.bytes.length);
    }
  }
  return { paths, bytes };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function changedBytes(a: Uint8Array, b: Uint8Array): number {
  let count = Math.abs(a.length - b.length);
  for (let index = 0; index < Math.min(a.length, b.length); index++) if (a[index] !== b[index]) count++;
  return count;
}
