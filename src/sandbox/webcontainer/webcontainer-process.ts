/**
 * Commands in WebContainer: `exec` runs `jsh -c <command>` to completion; `spawn` starts a
 * long-running process or an interactive `jsh` for the Terminal pane.
 *
 * WebContainer gives one terminal stream per process, so stderr cannot be told from stdout:
 * `exec` reports all output as stdout (cleaned of terminal control codes) and stderr only
 * for its own messages. `onOutput` gets the raw chunks live.
 */
import { messageOf } from '../../shared/errors';
import { newId } from '../../shared/ids';
import { createExecDeadline, stopReport } from '../exec-deadline';
import type { ExecOptions, ExecResult, SandboxProcess, SpawnOptions } from '../types';
import { sandboxError } from '../types';
import type { WorkspaceFiles } from '../workspace-files';
import { resolveWorkingDirectory } from '../workspace-files';
import { terminalToText } from './terminal-text';
import type { WebContainerLike, WebContainerProcessLike, WebContainerSpawnOptions } from './webcontainer-like';

/** After exit (or kill), how long to wait for the last output before closing the stream. */
const OUTPUT_GRACE_MS = 200;
const KILL_GRACE_MS = 1000;
/** Commands that open WebContainer's interactive shell rather than running once. */
const SHELL_COMMANDS = new Set(['', 'jsh', 'bash', 'sh', 'zsh']);

export async function execInContainer(container: WebContainerLike, files: WorkspaceFiles, command: string, options: ExecOptions = {}): Promise<ExecResult> {
  const cwd = await resolveWorkingDirectory(files, options.cwd ?? '');
  if (!cwd.ok) return ownFailure(1, `${cwd.message}\n`, options);
  const deadline = createExecDeadline(options);
  try {
    if (deadline.reason() !== null) return stopped('', deadline.reason() ?? 'abort', options);
    let process: WebContainerProcessLike;
    try {
      process = await container.spawn('jsh', ['-c', command], spawnOptions(cwd.relative));
    } catch (thrown) {
      return ownFailure(127, `Could not start the command: ${messageOf(thrown)}\n`, options);
    }
    let raw = '';
    const pump = pumpOutput(process, (text) => {
      raw += text;
      options.onOutput?.({ stream: 'stdout', text });
    });
    const exited = process.exit.catch(() => 1);
    const code = await Promise.race([exited, deadline.fired.then(() => null)]);
    if (code === null || deadline.reason() !== null) {
      process.kill();
      await Promise.race([exited, delay(KILL_GRACE_MS)]);
      await pump.finish(OUTPUT_GRACE_MS);
      return stopped(terminalToText(raw), deadline.reason() ?? 'abort', options);
    }
    await pump.finish(OUTPUT_GRACE_MS);
    return { exitCode: code, stdout: terminalToText(raw), stderr: '' };
  } finally {
    deadline.dispose();
  }
}

export async function spawnInContainer(container: WebContainerLike, files: WorkspaceFiles, command: string, options: SpawnOptions): Promise<SandboxProcess> {
  const cwd = await resolveWorkingDirectory(files, options.cwd ?? '');
  if (!cwd.ok) throw sandboxError('ENOENT', cwd.message, options.cwd);
  const terminal = options.terminal ? { cols: options.terminal.columns, rows: options.terminal.rows } : undefined;
  const interactive = SHELL_COMMANDS.has(command.trim());
  const process = await container.spawn('jsh', interactive ? [] : ['-c', command], {
    ...spawnOptions(cwd.relative),
    ...(terminal ? { terminal } : {}),
  });
  const pump = pumpOutput(process, options.onOutput);
  const writer = process.input.getWriter();
  const exit = process.exit.catch(() => 1).then(async (code) => {
    await pump.finish(OUTPUT_GRACE_MS);
    return code;
  });
  return {
    id: newId('webcontainer-process'),
    write: (input) => void writer.write(input).catch(() => {}),
    resize: (columns, rows) => process.resize({ cols: columns, rows }),
    kill: () => process.kill(),
    exit,
  };
}

function spawnOptions(relativeCwd: string): WebContainerSpawnOptions {
  return relativeCwd === '' ? {} : { cwd: relativeCwd };
}

interface OutputPump {
  /** Waits up to `graceMs` for the stream to end, then stops reading. */
  finish(graceMs: number): Promise<void>;
}

function pumpOutput(process: WebContainerProcessLike, onChunk: (text: string) => void): OutputPump {
  const reader = process.output.getReader();
  let stopped = false;
  const done = (async () => {
    try {
      for (;;) {
        const { done: ended, value } = await reader.read();
        if (ended || stopped) return;
        onChunk(value);
      }
    } catch {
      // The stream errored or was cancelled: nothing more to read.
    }
  })();
  return {
    async finish(graceMs) {
      await Promise.race([done, delay(graceMs)]);
      stopped = true;
      await reader.cancel().catch(() => {});
    },
  };
}

function stopped(stdout: string, reason: 'timeout' | 'abort', options: ExecOptions): ExecResult {
  const report = stopReport(reason, options.timeoutMs);
  options.onOutput?.({ stream: 'stderr', text: report.message });
  return { exitCode: report.exitCode, stdout, stderr: report.message, ...(reason === 'timeout' ? { timedOut: true } : { aborted: true }) };
}

function ownFailure(exitCode: number, stderr: string, options: ExecOptions): ExecResult {
  options.onOutput?.({ stream: 'stderr', text: stderr });
  return { exitCode, stdout: '', stderr };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
