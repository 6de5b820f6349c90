/**
 * The offline Sandbox: just-bash (a bash interpreter in TypeScript) over an in-memory file
 * system. Used when WebContainer cannot boot (no cross-origin isolation, no network) and in
 * tests. The workspace lives at /workspace, which is also every command's starting directory.
 *
 * `node` runs JavaScript on QuickJS (node/node-command.ts), `python3` Python on Pyodide
 * (python/python-command.ts). Not here: npm and the other
 * Node.js tools (they answer 127 with a clear message), background jobs, dev servers
 * (onServerReady never fires), live output of the shell's own commands (it arrives when a
 * command ends; node and python3 alone on a line stream theirs, live-output.ts).
 */
import { Bash, InMemoryFs } from 'just-bash';
import { confineToWorkspace } from './confine-to-workspace';
import { newId } from '../../shared/ids';
import type { Sandbox, SandboxProcess, SpawnOptions } from '../types';
import { sandboxError } from '../types';
import { startLineShell, toTerminal } from './line-shell';
import type { FileBackend, WorkspaceFiles } from '../workspace-files';
import { createWorkspaceFiles, resolveWorkingDirectory } from '../workspace-files';
import { createInMemoryBackend } from './offline-files';
import { runOfflineExec, runScript } from './offline-exec';
import { createStoppingScripts } from './stopping-scripts';
import { webContainerOnlyCommands } from './webcontainer-only-commands';
import { LIVE_OUTPUT_ENV, createLiveOutputs, notStreamed, streamsLive } from './live-output';
import type { LiveOutputs } from './live-output';
import { defaultNodeRunner } from './node/default-node-runner';
import { nodeCommand } from './node/node-command';
import type { NodeRunner, ScriptRunner } from './node/node-runner';
import { defaultPythonRunner } from './python/default-python-runner';
import { pythonCommands } from './python/python-command';
import type { PythonRunRequest } from './python/python-protocol';

export const OFFLINE_WORKSPACE_ROOT = '/workspace';

export interface OfflineSandboxOptions {
  /** Initial workspace files, keyed by workspace-relative path. */
  files?: Record<string, string | Uint8Array>;
  /** Where `node` runs (default: a worker of its own, or this thread where there are no workers). */
  nodeRunner?: NodeRunner;
  /** Where `python3` runs (the same default). */
  pythonRunner?: ScriptRunner<PythonRunRequest>;
}

/** Commands that open the interactive shell rather than running once. */
const SHELL_COMMANDS = new Set(['', 'bash', 'sh', 'jsh', 'zsh', 'bash -i', 'sh -i']);

/** Rejects with a SandboxError when an initial file path is not inside the workspace. */
export async function createOfflineSandbox(options: OfflineSandboxOptions = {}): Promise<Sandbox> {
  const fs = new InMemoryFs();
  const live = createLiveOutputs();
  const scripts = createStoppingScripts();
  await fs.mkdir(OFFLINE_WORKSPACE_ROOT, { recursive: true });
  // Commands read and change files only in the workspace and the scratch folders.
  const confined = confineToWorkspace(fs, [OFFLINE_WORKSPACE_ROOT, '/tmp', '/dev']);
  const bash = new Bash({
    fs: confined,
    cwd: OFFLINE_WORKSPACE_ROOT,
    env: { HOME: OFFLINE_WORKSPACE_ROOT, USER: 'user', TERM: 'xterm-256color' },
    customCommands: [
      nodeCommand({ runner: options.nodeRunner ?? defaultNodeRunner(), roots: [OFFLINE_WORKSPACE_ROOT, '/tmp'], live, files: confined, scripts }),
      ...pythonCommands({ runner: options.pythonRunner ?? defaultPythonRunner(), roots: [OFFLINE_WORKSPACE_ROOT, '/tmp'], live, files: confined, scripts }),
      ...webContainerOnlyCommands(),
    ],
  });
  const backend = createInMemoryBackend(fs);
  const files = createWorkspaceFiles(OFFLINE_WORKSPACE_ROOT, backend);
  for (const [path, content] of Object.entries(options.files ?? {})) await files.writeFile(path, content);

  const processes = new Set<SandboxProcess>();
  let disposed = false;

  return {
    kind: 'offline',
    readFile: files.readFile,
    readTextFile: files.readTextFile,
    writeFile: files.writeFile,
    readDir: files.readDir,
    stat: files.stat,
    mkdir: files.mkdir,
    remove: files.remove,
    exec: (command, execOptions) => runOfflineExec(bash, files, command, execOptions, live, scripts),
    async spawn(command, spawnOptions) {
      if (disposed) throw sandboxError('EUNSUPPORTED', 'The sandbox was disposed.');
      const process = await spawnOffline(bash, files, backend, command, spawnOptions, live);
      processes.add(process);
      void process.exit.then(() => processes.delete(process));
      return process;
    },
    onServerReady: () => () => {},
    async dispose() {
      disposed = true;
      for (const process of processes) process.kill();
      processes.clear();
    },
  };
}

async function spawnOffline(bash: Bash, files: WorkspaceFiles, backend: FileBackend, command: string, options: SpawnOptions, live: LiveOutputs): Promise<SandboxProcess> {
  const start = await resolveWorkingDirectory(files, options.cwd ?? '');
  if (!start.ok) throw sandboxError('ENOENT', start.message, options.cwd);
  const id = newId('offline-process');
  if (SHELL_COMMANDS.has(command.trim())) return startInteractiveShell(bash, backend, id, start.absolute, options, live);
  return runOnce(bash, id, command, start.absolute, options);
}

/**
 * The Terminal pane's shell: keeps the working directory and variables from line to line.
 * node and python3 alone on a line print as they run (live-output.ts); the rest at the end.
 */
function startInteractiveShell(bash: Bash, backend: FileBackend, id: string, start: string, options: SpawnOptions, live: LiveOutputs): SandboxProcess {
  let cwd = start;
  let carried: Record<string, string> = {};
  return startLineShell({
    id,
    prompt: () => `${cwd} $ `,
    onOutput: options.onOutput,
    async run(line, signal) {
      const tap = streamsLive(line) ? live.open((chunk) => options.onOutput(toTerminal(chunk.text))) : null;
      try {
        const outcome = await runScript(bash, line, cwd, signal, tap ? { ...carried, [LIVE_OUTPUT_ENV]: tap.id } : carried);
        if (outcome.finalCwd && (await backend.lstat(outcome.finalCwd)) === 'directory') cwd = outcome.finalCwd;
        if (outcome.env) carried = carriedVariables(outcome.env);
        return tap ? { ...outcome, stdout: notStreamed(outcome.stdout, tap.streamed.stdout), stderr: notStreamed(outcome.stderr, tap.streamed.stderr) } : outcome;
      } finally {
        tap?.close();
      }
    },
  });
}

/** Shell bookkeeping that must not be replayed into the next line. */
const NOT_CARRIED = new Set([LIVE_OUTPUT_ENV, 'PWD', 'OLDPWD', '?', '_', 'SHELLOPTS', 'BASHOPTS', 'IFS', 'OPTIND', 'PPID', 'BASHPID', 'RANDOM', 'LINENO', 'SECONDS']);

function carriedVariables(env: Record<string, string>): Record<string, string> {
  const carried: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (!NOT_CARRIED.has(name)) carried[name] = value;
  return carried;
}

/** A non-shell command (say `npm run dev`) runs once; its output goes to the terminal when it ends. */
function runOnce(bash: Bash, id: string, command: string, cwd: string, options: SpawnOptions): SandboxProcess {
  const controller = new AbortController();
  let killed = false;
  const exit = runScript(bash, command, cwd, controller.signal).then((outcome) => {
    const text = (outcome.stdout + outcome.stderr).replace(/\r?\n/g, '\r\n');
    if (text !== '' && !killed) options.onOutput(text);
    return killed ? 143 : outcome.exitCode;
  });
  return {
    id,
    write: () => {},
    kill: () => {
      killed = true;
      controller.abort();
    },
    exit,
  };
}
