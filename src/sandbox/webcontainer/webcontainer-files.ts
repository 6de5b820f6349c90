/**
 * The FileBackend over the WebContainer fs API. That API has no stat, lstat or readlink, so:
 * an entry's kind comes from listing its parent, a file's size from reading it, and where a
 * symlink points from a short `node` script run inside the container (only when a path
 * actually goes through a symlink, which is rare outside node_modules/.bin).
 */
import type { DirEntry } from '../types';
import type { EntryKind } from '../real-path';
import type { FileBackend } from '../workspace-files';
import { kindOfEntry } from '../workspace-files';
import type { WebContainerLike } from './webcontainer-like';

/** Prints the real path of argv[1] between \u0002 and \u0003, following dangling links too. */
const REAL_PATH_SCRIPT = [
  "const fs=require('fs'),p=require('path');",
  'function real(x,d){if(d>40)throw new Error("ELOOP");',
  "try{return fs.realpathSync(x)}catch(e){if(e.code!=='ENOENT')throw e}",
  'let s=null;try{s=fs.lstatSync(x)}catch(e){}',
  'if(s&&s.isSymbolicLink())return real(p.resolve(p.dirname(x),fs.readlinkSync(x)),d+1);',
  'const up=p.dirname(x);return up===x?x:p.join(real(up,d),p.basename(x))}',
  "process.stdout.write('\\u0002'+real(process.argv[1],0)+'\\u0003')",
].join('');

export function createWebContainerBackend(container: WebContainerLike): FileBackend {
  const root = container.workdir;
  const fs = container.fs;
  /** fs API path (relative to workdir) of an absolute path inside it. */
  function local(absolute: string): string {
    if (absolute === root) return '.';
    if (!absolute.startsWith(`${root}/`)) throw new Error(`EINVAL: ${absolute} is not inside ${root}`);
    return absolute.slice(root.length + 1);
  }
  function split(absolute: string): { parent: string; name: string } {
    const index = absolute.lastIndexOf('/');
    return { parent: absolute.slice(0, index) || '/', name: absolute.slice(index + 1) };
  }
  async function lstat(absolute: string): Promise<EntryKind | null> {
    if (absolute === root) return 'directory';
    const { parent, name } = split(absolute);
    try {
      const entries = await fs.readdir(local(parent), { withFileTypes: true });
      const entry = entries.find((candidate) => candidate.name === name);
      return entry ? kindOfEntry(entry) : null;
    } catch {
      return null;
    }
  }
  return {
    lstat,
    async linkTarget(absolute) {
      try {
        const process = await container.spawn('node', ['-e', REAL_PATH_SCRIPT, absolute]);
        let output = '';
        await process.output.pipeTo(new WritableStream({ write: (chunk) => void (output += chunk) }));
        if ((await process.exit) !== 0) return null;
        // eslint-disable-next-line no-control-regex -- the script frames its answer with STX/ETX
        const match = /\u0002([^\u0003]*)\u0003/.exec(output);
        return match?.[1] ?? null;
      } catch {
        return null;
      }
    },
    readFile: (absolute) => fs.readFile(local(absolute)),
    writeFile: (absolute, content) => fs.writeFile(local(absolute), content),
    makeDirectory: async (absolute) => {
      await fs.mkdir(local(absolute), { recursive: true });
    },
    async readDirectory(absolute) {
      const entries = await fs.readdir(local(absolute), { withFileTypes: true });
      return entries.map((entry): DirEntry => ({ name: entry.name, kind: kindOfEntry(entry) }));
    },
    remove: (absolute, recursive) => fs.rm(local(absolute), { recursive, force: false }),
    async size(absolute, kind) {
      return kind === 'file' ? (await fs.readFile(local(absolute))).byteLength : 0;
    },
  };
}
