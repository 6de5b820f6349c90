/**
 * What one push commits: the workspace's files as they are, relative to the branch's head. A
 * file is added, changed (its git blob id differs) or unchanged; a file of the head that the
 * workspace no longer has is deleted. Files of folders a session never keeps (node_modules/,
 * .git/…) are never pushed, and the head's files there are left alone, as are its submodules
 * and symbolic links (an import never brings them in). A session imported from one folder of
 * a repository pushes into that folder (`folder`), leaving the rest of the repository as it is.
 */
import { skippedBy } from '../shared/imported-paths';

/** A git tree entry's mode: a file, an executable, a symbolic link, a submodule. */
export type GitMode = '100644' | '100755' | '120000' | '160000';

export interface HeadFile {
  sha: string;
  mode: GitMode | string;
}

export interface WorkspaceBlob {
  bytes: Uint8Array;
  /** Its git blob id (gitBlobId). */
  sha: string;
}

export interface TreeChange {
  path: string;
  mode: string;
  type: 'blob';
  /** null: delete the path. Absent until its blob is uploaded. */
  sha: string | null;
}

export interface CommitPlan {
  /** Files to upload, with the tree entry each becomes. */
  upload: { path: string; mode: string; bytes: Uint8Array; sha: string }[];
  deleted: string[];
  added: string[];
  changed: string[];
}

const REGULAR = new Set(['100644', '100755']);

export function planCommit(head: ReadonlyMap<string, HeadFile>, workspace: ReadonlyMap<string, WorkspaceBlob>, folder = ''): CommitPlan {
  const prefix = folder ? `${folder}/` : '';
  const plan: CommitPlan = { upload: [], deleted: [], added: [], changed: [] };
  const pushed = new Set<string>();
  for (const [path, file] of [...workspace].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (skippedBy(path)) continue;
    const target = `${prefix}${path}`;
    pushed.add(target);
    const before = head.get(target);
    if (before && REGULAR.has(before.mode) && before.sha === file.sha) continue;
    const mode = before && REGULAR.has(before.mode) ? before.mode : '100644';
    plan.upload.push({ path: target, mode, bytes: file.bytes, sha: file.sha });
    (before ? plan.changed : plan.added).push(target);
  }
  for (const [path, file] of head) {
    if (!path.startsWith(prefix) || pushed.has(path) || !REGULAR.has(file.mode)) continue;
    if (skippedBy(path.slice(prefix.length))) continue;
    plan.deleted.push(path);
  }
  plan.deleted.sort();
  return plan;
}

/** The tree entries of a plan, once its blobs are uploaded. */
export function treeChanges(plan: CommitPlan): TreeChange[] {
  return [...plan.upload.map((file) => ({ path: file.path, mode: file.mode, type: 'blob' as const, sha: file.sha })), ...plan.deleted.map((path) => ({ path, mode: '100644', type: 'blob' as const, sha: null }))];
}

/** git's id of a blob: SHA-1 of `blob <length>\0` and the bytes. */
export async function gitBlobId(bytes: Uint8Array): Promise<string> {
  const header = new TextEncoder().encode(`blob ${bytes.length}\0`);
  const whole = new Uint8Array(header.length + bytes.length);
  whole.set(header);
  whole.set(bytes, header.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', whole));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
