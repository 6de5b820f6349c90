/**
 * The WebContainer Sandbox: StackBlitz's in-browser Node.js. Files go through its fs API,
 * commands through its shell `jsh`. It takes an already booted container (see
 * boot-webcontainer.ts) and never boots one itself. `dispose` stops the processes it started
 * and its listeners; tearing the container down is the caller's choice.
 */
import { DEFAULT_WORKSPACE_ROOTS } from '../../shared/workspace-path';
import type { Sandbox, SandboxProcess } from '../types';
import { sandboxError } from '../types';
import { createWorkspaceFiles } from '../workspace-files';
import { createWebContainerBackend } from './webcontainer-files';
import type { WebContainerLike } from './webcontainer-like';
import { execInContainer, spawnInContainer } from './webcontainer-process';

/**
 * Empties the container's temporary folder (os.tmpdir(): /tmp unless TMPDIR says otherwise).
 * Through a process, as WebContainer's fs API reaches only the workspace.
 */
const CLEAR_TEMPORARY_FILES = `const fs = require('fs'), path = require('path'), dir = require('os').tmpdir();
if (fs.existsSync(dir)) for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });`;

export function createWebContainerSandbox(container: WebContainerLike): Sandbox {
  const files = createWorkspaceFiles(container.workdir, createWebContainerBackend(container), DEFAULT_WORKSPACE_ROOTS);
  const processes = new Set<SandboxProcess>();
  const unsubscribes = new Set<() => void>();
  let disposed = false;

  return {
    kind: 'webcontainer',
    readFile: files.readFile,
    readTextFile: files.readTextFile,
    writeFile: files.writeFile,
    readDir: files.readDir,
    stat: files.stat,
    mkdir: files.mkdir,
    remove: files.remove,
    exec: (command, options) => execInContainer(container, files, command, options),
    async spawn(command, options) {
      if (disposed) throw sandboxError('EUNSUPPORTED', 'The sandbox was disposed.');
      const process = await spawnInContainer(container, files, command, options);
      processes.add(process);
      void process.exit.then(() => processes.delete(process));
      return process;
    },
    async clearTemporaryFiles() {
      const process = await container.spawn('node', ['-e', CLEAR_TEMPORARY_FILES]);
      void process.output.pipeTo(new WritableStream()).catch(() => undefined);
      const code = await process.exit;
      if (code !== 0) throw sandboxError('EIO', `The temporary folder could not be emptied (exit code ${code}).`);
    },
    onServerReady(listener) {
      const unsubscribe = container.on('server-ready', listener);
      unsubscribes.add(unsubscribe);
      return () => {
        unsubscribes.delete(unsubscribe);
        unsubscribe();
      };
    },
    async dispose() {
      disposed = true;
      for (const process of processes) process.kill();
      processes.clear();
      for (const unsubscribe of unsubscribes) unsubscribe();
      unsubscribes.clear();
    },
  };
}
