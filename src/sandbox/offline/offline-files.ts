/** The FileBackend of the offline sandbox: just-bash's InMemoryFs, addressed by absolute paths. */
import type { IFileSystem } from 'just-bash';
import type { EntryKind } from '../real-path';
import { linkTargetOf } from '../real-path';
import type { FileBackend } from '../workspace-files';

export function createInMemoryBackend(fs: IFileSystem): FileBackend {
  return {
    async lstat(absolute): Promise<EntryKind | null> {
      try {
        const stat = await fs.lstat(absolute);
        return stat.isSymbolicLink ? 'symlink' : stat.isDirectory ? 'directory' : 'file';
      } catch {
        return null;
      }
    },
    async linkTarget(absolute) {
      try {
        return linkTargetOf(absolute, await fs.readlink(absolute));
      } catch {
        return null;
      }
    },
    readFile: (absolute) => fs.readFileBuffer(absolute),
    writeFile: (absolute, content) => fs.writeFile(absolute, content),
    makeDirectory: (absolute) => fs.mkdir(absolute, { recursive: true }),
    async readDirectory(absolute) {
      const entries = fs.readdirWithFileTypes ? await fs.readdirWithFileTypes(absolute) : [];
      return entries.map((entry) => ({
        name: entry.name,
        kind: entry.isSymbolicLink ? 'symlink' : entry.isDirectory ? 'directory' : 'file',
      }));
    },
    remove: (absolute, recursive) => fs.rm(absolute, { recursive, force: false }),
    size: async (absolute) => (await fs.lstat(absolute)).size,
  };
}
