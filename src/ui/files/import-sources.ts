/**
 * Turns what the person picked or dropped into an ImportSource for the worker: a ZIP file, or
 * a folder's files with their paths relative to it. Folders are walked here (the File System
 * Access handle, a drop's entries) without entering skipped folders such as node_modules, and
 * the walk stops as soon as it has more than an import may hold (the worker then refuses it with
 * the reason). Nothing is read here: the worker reads the files' bytes.
 */
import { IMPORT_LIMITS, isSkippedFolder, skippedBy } from '../../shared/imported-paths';
import type { ImportSource, PickedFile } from '../../worker/protocol';

/** What a walk found so far (`kept`, `bytes`: of the files an import keeps); `found` is told the count as it grows. */
interface Walk {
  files: PickedFile[];
  skippedFolders: string[];
  kept: number;
  bytes: number;
  found?: (count: number) => void;
}

const PARALLEL = 16;

const join = (prefix: string, name: string) => (prefix ? `${prefix}/${name}` : name);

/** Past the limits: the walk can stop, the worker will refuse it anyway. */
function full(walk: Walk): boolean {
  return walk.kept > IMPORT_LIMITS.maxFiles || walk.bytes > IMPORT_LIMITS.maxBytes;
}

/** Skipped files (node_modules/ in a folder input, .DS_Store) go along, so the worker counts them, but not against the limits. */
function add(walk: Walk, path: string, file: File): void {
  walk.files.push({ path, file });
  if (skippedBy(path)) return;
  walk.kept += 1;
  walk.bytes += file.size;
  if (walk.kept % 100 === 0) walk.found?.(walk.kept);
}

function source(name: string, walk: Walk): ImportSource {
  return { kind: 'files', name, files: walk.files, skippedFolders: walk.skippedFolders };
}

/** A folder from the File System Access picker (`showDirectoryPicker`). */
export async function walkDirectoryHandle(root: FileSystemDirectoryHandle, found?: (count: number) => void): Promise<ImportSource> {
  const walk: Walk = { files: [], skippedFolders: [], kept: 0, bytes: 0, ...(found ? { found } : {}) };
  const visit = async (directory: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
    const files: { path: string; handle: FileSystemFileHandle }[] = [];
    const folders: { path: string; handle: FileSystemDirectoryHandle }[] = [];
    for await (const [name, entry] of directory.entries()) {
      const path = join(prefix, name);
      if (entry.kind === 'file') files.push({ path, handle: entry as FileSystemFileHandle });
      else if (isSkippedFolder(name)) walk.skippedFolders.push(path);
      else folders.push({ path, handle: entry as FileSystemDirectoryHandle });
    }
    // Several files at a time: each getFile() is a trip to the browser, mostly waiting.
    for (let start = 0; start < files.length && !full(walk); start += PARALLEL) {
      const batch = files.slice(start, start + PARALLEL);
      const got = await Promise.all(batch.map((file) => file.handle.getFile()));
      got.forEach((file, index) => add(walk, batch[index]!.path, file));
    }
    for (const folder of folders) if (!full(walk)) await visit(folder.handle, folder.path);
  };
  await visit(root, '');
  return source(root.name, walk);
}

/** The files of an `<input type=file webkitdirectory>`: their paths start with the picked folder's name, which is dropped. */
export function filesOfFolderInput(files: readonly File[]): ImportSource | null {
  const first = files[0];
  if (!first) return null;
  // Not through add(): the browser has listed them all already, and asking each file's size here
  // costs the page a synchronous look at the disk per file (the worker asks instead).
  const picked = files.map((file) => {
    const relative = file.webkitRelativePath || file.name;
    return { path: relative.slice(relative.indexOf('/') + 1), file };
  });
  const name = (first.webkitRelativePath || first.name).split('/')[0] ?? first.name;
  return { kind: 'files', name, files: picked };
}

/** The entries of a drop, taken while the drop event lasts (the browser forgets them after). */
export function droppedEntries(data: DataTransfer): { entries: FileSystemEntry[]; files: File[] } {
  const entries = [...data.items].flatMap((item) => (item.kind === 'file' ? [item.webkitGetAsEntry()] : [])).filter((entry): entry is FileSystemEntry => entry !== null);
  return { entries, files: [...data.files] };
}

const readEntries = (reader: FileSystemDirectoryReader) => new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/**
 * Dropped files and folders: each keeps its name (a dropped folder arrives as that folder).
 * Without entries (a browser that gives only files), the files themselves.
 */
export async function walkDropped(dropped: { entries: FileSystemEntry[]; files: File[] }, found?: (count: number) => void): Promise<ImportSource | null> {
  const walk: Walk = { files: [], skippedFolders: [], kept: 0, bytes: 0, ...(found ? { found } : {}) };
  const visit = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (full(walk)) return;
    const path = join(prefix, entry.name);
    if (entry.isFile) return add(walk, path, await fileOf(entry as FileSystemFileEntry));
    if (isSkippedFolder(entry.name)) return void walk.skippedFolders.push(path);
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries answers in batches until it answers none.
    for (let batch = await readEntries(reader); batch.length > 0 && !full(walk); batch = await readEntries(reader)) {
      for (const child of batch) await visit(child, path);
    }
  };
  if (dropped.entries.length > 0) for (const entry of dropped.entries) await visit(entry, '');
  else for (const file of dropped.files) add(walk, file.name, file);
  if (walk.files.length === 0 && walk.skippedFolders.length === 0) return null;
  const only = dropped.entries.length === 1 ? dropped.entries[0]?.name : dropped.files.length === 1 ? dropped.files[0]?.name : undefined;
  return source(only ?? `${Math.max(dropped.entries.length, dropped.files.length)} dropped items`, walk);
}
