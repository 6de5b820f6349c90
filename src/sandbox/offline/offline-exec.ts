/**
 * `exec` on just-bash. One Bash instance serves every call (its file system is the
 * sandbox's); each call is isolated (variables and `cd` do not carry over), like `bash -c`.
 *
 * just-bash returns output only when the script ends, so `onOutput` gets it in one chunk per
 * stream at the end. Abort and timeout are cooperative: just-bash stops at the next statement
 * boundary (a running `sleep` stops at once). A busy loop that never yields to the event loop
 * is bounded by just-bash's execution limits instead (exit code 126).
 */
import type { Bash } from 'just-bash';
import { messageOf } from '../../shared/errors';
import { createExecDeadline, stopReport } from '../exec-deadline';
import type { ExecOptions, ExecResult } from '../types';
import type { WorkspaceFiles } from '../workspace-files';
import { resolveWorkingDirectory } from '../workspace-files';
import { LIVE_OUTPUT_ENV, notStreamed, streamsLive } from './live-output';
import type { LiveOutputs } from './live-output';
import { STOP_GRACE_MS } from './node/node-runner';
import type { StoppingScripts } from './stopping-scripts';

/**
 * How long to wait for just-bash to settle after an abort, to keep any partial output: longer
 * than a stopped script has to end itself, so that what it wrote is written back before the
 * command's result (and the workspace's rescan after it).
 */
const ABORT_GRACE_MS = STOP_GRACE_MS + 500;

export interface ShellOutcome {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Working directory at the end of the script (absolute, in the virtual file system). */
  finalCwd?: string;
  env?: Record<string, string>;
}

export async function runOfflineExec(
  bash: Bash,
  files: WorkspaceFiles,
  command: string,
  options: ExecOptions = {},
  live?: LiveOutputs,
  scripts?: StoppingScripts,
): Promise<ExecResult> {
  const cwd = await resolveWorkingDirectory(files, options.cwd ?? '');
  if (!cwd.ok) return finish({ exitCode: 1, stdout: '', stderr: `${cwd.message}\n` }, options);
  const began = performance.now();
  // The limit does not count a script engine's first load (stopping-scripts.ts).
  const deadline = createExecDeadline(scripts ? { ...options, uncountedMs: () => scripts.loadingMsSince(began) } : options);
  // node and python3 alone on the line stream their output as it comes (live-output.ts).
  const tap = options.onOutput && live && streamsLive(command) ? live.open(options.onOutput) : null;
  try {
    const early = deadline.reason();
    if (early !== null) return finish(stopped(null, early, options.timeoutMs), options);
    const run = runScript(bash, command, cwd.absolute, deadline.signal, tap ? { [LIVE_OUTPUT_ENV]: tap.id } : undefined);
    const first = await Promise.race([run, deadline.fired.then(() => null)]);
    const reason = deadline.reason();
    if (first && reason === null) return finish({ exitCode: first.exitCode, stdout: first.stdout, stderr: first.stderr }, options, tap?.streamed);
    // One wait for both: the shell's partial output, and a script the stop reached writing back what it wrote.
    const [settled] = await Promise.all([first ?? Promise.race([run, delay(ABORT_GRACE_MS)]), scripts?.settled(ABORT_GRACE_MS)]);
    return finish(stopped(settled, reason ?? 'abort', options.timeoutMs), options, tap?.streamed);
  } finally {
    tap?.close();
    deadline.dispose();
  }
}

/** Runs one script to completion; never rejects. */
export async function runScript(
  bash: Bash,
  command: string,
  cwd: string,
  signal: AbortSignal,
  env?: Record<string, string>,
): Promise<ShellOutcome> {
  try {
    const result = await bash.exec(command, { cwd, signal, rawScript: true, ...(env ? { env } : {}) });
    return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode, finalCwd: result.env.PWD, env: result.env };
  } catch (thrown) {
    return { stdout: '', stderr: `${messageOf(thrown)}\n`, exitCode: 1 };
  }
}

function stopped(partial: ShellOutcome | null, reason: 'timeout' | 'abort', timeoutMs: number | undefined): ExecResult {
  const report = stopReport(reason, timeoutMs);
  const stderr = (partial?.stderr ?? '').replace(/^bash: execution aborted\n?/m, '');
  return {
    exitCode: report.exitCode,
    stdout: partial?.stdout ?? '',
    stderr: stderr + report.message,
    ...(reason === 'timeout' ? { timedOut: true } : { aborted: true }),
  };
}

/** Reports the output at the end, less what already went out live. */
function finish(result: ExecResult, options: ExecOptions, streamed?: { stdout: string; stderr: string }): ExecResult {
  const stdout = notStreamed(result.stdout, streamed?.stdout);
  const stderr = notStreamed(result.stderr, streamed?.stderr);
  if (stdout !== '') options.onOutput?.({ stream: 'stdout', text: stdout });
  if (stderr !== '') options.onOutput?.({ stream: 'stderr', text: stderr });
  return result;
}

function delay(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms));
}
