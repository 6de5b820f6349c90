/**
 * The workspace as a ZIP (fflate): every kept file at its workspace path, text as UTF-8 (the
 * bytes it was read from), binaries as they are. Files whose format is already compressed are
 * stored, the rest deflated. Folders come with their files (an empty folder is not kept).
 * Files are sorted by path, so the same workspace gives the same list of entries.
 */
import { zipSync } from 'fflate';
import type { Zippable } from 'fflate';

/** Formats that deflate would not shrink. */
const COMPRESSED = /\.(png|jpe?g|gif|webp|avif|ico|zip|gz|tgz|bz2|xz|7z|woff2?|mp3|mp4|webm|ogg|pdf|wasm)$/i;

/** Stored when already compressed; other binaries deflated quickly (they rarely shrink much); text deflated well. */
function levelFor(path: string, content: string | Uint8Array): 0 | 1 | 6 {
  if (COMPRESSED.test(path)) return 0;
  return typeof content === 'string' ? 6 : 1;
}

export function zipWorkspace(files: ReadonlyMap<string, string | Uint8Array>): Uint8Array {
  const encoder = new TextEncoder();
  // No prototype: a file named __proto__ is a file like any other.
  const tree = Object.create(null) as Zippable;
  for (const path of [...files.keys()].sort()) {
    const content = files.get(path)!;
    const bytes = typeof content === 'string' ? encoder.encode(content) : content;
    // A flat name per file: fflate joins nothing, so "a/b.txt" is the entry's whole name.
    tree[path] = [bytes, { level: levelFor(path, content) }];
  }
  return zipSync(tree);
}

/** A download name from a session title: "My app!" → "my-app.zip". */
export function zipName(title: string): string {
  const stem = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${stem || 'workspace'}.zip`;
}
