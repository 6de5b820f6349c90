/**
 * What the person's file transfers carry between the page and the worker (protocol.ts names the
 * requests): an import's source and report, a change to the tree, a workspace as a ZIP.
 */
import type { GitHubSource } from '../store/types';

/** A file the person picked or dropped; `path` is relative to what was picked, and untrusted. */
export interface PickedFile {
  path: string;
  file: Blob;
}

export type ImportSource =
  | { kind: 'zip'; name: string; file: Blob }
  /** Open folder or a drop. `skippedFolders`: folders the page did not walk into (node_modules…). */
  | { kind: 'files'; name: string; files: PickedFile[]; skippedFolders?: string[] }
  /** The same, its `count` files sent before in `import-part` requests with this `partsId`. */
  | { kind: 'parts'; name: string; partsId: string; count: number; skippedFolders?: string[] }
  /** Import → From GitHub…: `repository` as typed (shared/github-repository.ts); the token and API URL are the worker's settings. */
  | { kind: 'github'; name: string; repository: string };

/** An import's source once its parts are together (worker/files/import-parts.ts). */
export type WholeImportSource = Exclude<ImportSource, { kind: 'parts' }>;

/** A skipped folder (`node_modules/`) or file (`.DS_Store`); `files` absent: not counted (never walked). */
export interface SkippedEntry {
  name: string;
  files?: number;
}

export interface ImportReport {
  imported: number;
  /** Files that existed before and were overwritten (their earlier content is in the checkpoint). */
  replaced: number;
  skipped: SkippedEntry[];
  /** Restore it to undo the import; absent when the checkpoint could not be saved. */
  checkpointId?: string;
  /** A GitHub import: what was read (the session remembers it). */
  github?: GitHubSource;
}

export interface TreeEditReport {
  /** Workspace paths changed (a folder's files, for a folder). */
  paths: string[];
  /** Restore it to undo the change; absent for a new file or folder, or when it could not be saved. */
  checkpointId?: string;
}

export interface ExportedZip {
  /** A file name for the download: the session's title, made safe. */
  name: string;
  bytes: Uint8Array;
  files: number;
}
