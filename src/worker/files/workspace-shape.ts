/**
 * Where a new path may go in the workspace as it is now: files are the only things kept, so a
 * folder is any prefix of a file's path. Pure questions over a snapshot of the kept files.
 */
import { foldersOf, parentOf } from '../../shared/workspace-path';

export interface WorkspaceShape {
  isFile(path: string): boolean;
  isFolder(path: string): boolean;
  /** The nearest folder of `path` that is a file instead, else null ("a.txt" for "a.txt/b"). */
  fileAbove(path: string): string | null;
  /** Kept files at or under `path`. */
  filesUnder(path: string): string[];
}

export function shapeOf(files: ReadonlyMap<string, unknown>): WorkspaceShape {
  const folders = foldersOf(files.keys());
  return {
    isFile: (path) => files.has(path),
    isFolder: (path) => folders.has(path),
    fileAbove(path) {
      for (let folder = parentOf(path); folder !== ''; folder = parentOf(folder)) if (files.has(folder)) return folder;
      return null;
    },
    filesUnder: (path) => [...files.keys()].filter((candidate) => candidate === path || candidate.startsWith(`${path}/`)),
  };
}

/** Why `path` cannot be made (a file or folder is there, or a file is where its folder would be), else null. */
export function whyNotFree(shape: WorkspaceShape, path: string): string | null {
  if (shape.isFile(path)) return `${path} already exists.`;
  if (shape.isFolder(path)) return `${path} already exists as a folder.`;
  const above = shape.fileAbove(path);
  return above === null ? null : `${above} is a file, so ${path} cannot go inside it.`;
}
