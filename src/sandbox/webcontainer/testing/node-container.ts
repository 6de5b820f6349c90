/**
 * A WebContainerLike on Node, for tests: a temporary directory with real node:fs/promises,
 * processes from child_process with `bash -c` standing in for `jsh -c`. Like WebContainer it
 * merges stdout and stderr into one output stream and reports symlinks in `readdir` only as
 * "neither file nor directory". `emitServerReady` plays WebContainer's server-ready event.
 * Children get a temporary folder of the double's own as TMPDIR (the container's /tmp), so
 * clearing the container's temporary files never touches the host's /tmp.
 *
 * Guard rail: every fs call must stay lexically inside the directory, so an adapter bug shows
 * up as a failing test rather than a write elsewhere on the machine.
 */
import { spawn as spawnChild } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { WebContainerDirEntry, WebContainerLike, WebContainerProcessLike, WebContainerSpawnOptions } from '../webcontainer-like';

export interface NodeContainer extends WebContainerLike {
  emitServerReady(port: number, url: string): void;
  /** Kills what is still running and deletes the directory. */
  destroy(): Promise<void>;
}

export async function createNodeContainer(): Promise<NodeContainer> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'loopscope-node-container-')));
  // The container's own temporary folder: children get it as TMPDIR, never the host's /tmp.
  const temporary = await realpath(await mkdtemp(join(tmpdir(), 'loopscope-node-container-tmp-')));
  const listeners = new Set<(port: number, url: string) => void>();
  const children = new Set<() => void>();

  function inside(path: string): string {
    const absolute = resolve(root, path.replace(/^\/+/, ''));
    if (absolute !== root && !absolute.startsWith(root + sep)) throw Object.assign(new Error(`EACCES: test double refuses ${path}`), { code: 'EACCES' });
    return absolute;
  }
  function killAll(): void {
    for (const kill of children) kill();
  }

  return {
    workdir: root,
    fs: {
      readFile: async (path) => new Uint8Array(await readFile(inside(path))),
      writeFile: (path, data) => writeFile(inside(path), data),
      async readdir(path) {
        const entries = await readdir(inside(path), { withFileTypes: true });
        return entries.map((entry): WebContainerDirEntry => ({ name: entry.name, isFile: () => entry.isFile(), isDirectory: () => entry.isDirectory() }));
      },
      mkdir: (path, options) => mkdir(inside(path), options),
      rm: (path, options) => rm(inside(path), options),
    },
    async spawn(command, args, options) {
      const process = startChild(command, args, root, temporary, inside(options?.cwd ?? '.'), options);
      children.add(process.kill);
      void process.exit.then(() => children.delete(process.kill));
      return process;
    },
    on(_event, listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    teardown: killAll,
    emitServerReady(port, url) {
      for (const listener of listeners) listener(port, url);
    },
    async destroy() {
      killAll();
      await rm(root, { recursive: true, force: true });
      await rm(temporary, { recursive: true, force: true });
    },
  };
}

function startChild(command: string, args: string[], root: string, temporary: string, cwd: string, options?: WebContainerSpawnOptions): WebContainerProcessLike {
  const program = command === 'jsh' ? 'bash' : command === 'node' ? process.execPath : command;
  const extra = Object.entries(options?.env ?? {}).map(([key, value]) => [key, String(value)]);
  const env = { ...process.env, HOME: root, ...Object.fromEntries(extra), TMPDIR: temporary };
  const child = spawnChild(program, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  const kill = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const exit = new Promise<number>((resolveExit) => {
    child.on('error', () => resolveExit(127));
    child.on('close', (code, signal) => resolveExit(code ?? (signal ? 137 : 1)));
  });
  const output = new ReadableStream<string>({
    start(controller) {
      let open = 2;
      for (const stream of [child.stdout, child.stderr]) {
        const decoder = new TextDecoder();
        stream.on('data', (data: Buffer) => controller.enqueue(decoder.decode(data, { stream: true })));
        stream.on('end', () => {
          open -= 1;
          if (open === 0) controller.close();
        });
      }
    },
    cancel: () => {
      child.stdout.destroy();
      child.stderr.destroy();
    },
  });
  const input = new WritableStream<string>({
    write: (chunk) => new Promise<void>((resolveWrite) => void child.stdin.write(chunk, () => resolveWrite())),
    close: () => void child.stdin.end(),
  });
  child.stdin.on('error', () => {});
  return { output, input, exit, kill, resize: () => {} };
}
