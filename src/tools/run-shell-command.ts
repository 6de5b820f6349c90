/**
 * run_shell_command {command, description?, dir_path?, is_background?}: runs a command in
 * the sandbox shell with a timeout, streaming output live to `context.onOutput`. The model
 * gets a budget of the output (head and tail); the person gets it all (up to a display cap).
 * Background commands are spawned and tracked in a BackgroundProcesses registry.
 */
import { z } from 'zod';
import type { ExecResult } from '../sandbox/types';
import type { WorkspacePathOptions } from '../shared/workspace-path';
import type { BackgroundProcesses } from './background-processes';
import { createBackgroundProcesses } from './background-processes';
import { keepHeadAndTail } from './output-budget';
import { isReadOnlyShellCommand } from './shell-read-only';
import { defineTool } from './define-tool';
import { pathCheck } from './tool-args';
import { resolveToolPath } from './tool-paths';
import { errorResult, sandboxFailure, shownPath } from './tool-result';
import type { ToolResult } from './types';
import type { WorkspaceTool, WorkspaceToolContext } from './workspace-tool';

/** A type alias (not an interface) so it is assignable to the registry's `WorkspaceTool`. */
export type RunShellCommandArgs = {
  command: string;
  description?: string;
  dir_path?: string;
  is_background?: boolean;
};

export interface RunShellCommandOptions {
  workspaceRoots?: string[];
  /** Foreground commands are stopped after this long (default 120,000 ms); a function is asked per call (Settings). */
  timeoutMs?: number | (() => number);
  /** Bytes of output kept for the model from the start and from the end (default 8 KiB each). */
  outputHeadBytes?: number;
  outputTailBytes?: number;
  /** Output kept for the person's display (default 1 MiB, head and tail). */
  maxDisplayBytes?: number;
  /** Shared with the UI/worker so they can list and stop processes; one is made if absent. */
  backgroundProcesses?: BackgroundProcesses;
}

const schema = z.object({
  command: z
    .string()
    .refine((value) => value.trim() !== '', 'must not be empty')
    .describe('The command line, run by a bash-like shell.'),
  description: z.string().optional().describe('A short description of what it does, for the person.'),
  dir_path: z.string().optional().describe('Working directory relative to the workspace root (default: the root).'),
  is_background: z.boolean().optional().describe('Run in the background (dev servers, watchers).'),
});

export function summarize(args: RunShellCommandArgs): string {
  const firstLine = args.command.trim().split('\n')[0] ?? '';
  const shown = firstLine.length > 100 ? `${firstLine.slice(0, 100)}…` : firstLine;
  return args.command.trim().includes('\n') && !shown.endsWith('…') ? `${shown} …` : shown;
}

export function createRunShellCommandTool(options: RunShellCommandOptions = {}): WorkspaceTool<RunShellCommandArgs> {
  const paths = { roots: options.workspaceRoots };
  const timeoutMs = options.timeoutMs ?? 120_000;
  const settings: Settings = {
    get timeoutMs() {
      return typeof timeoutMs === 'function' ? timeoutMs() : timeoutMs;
    },
    headBytes: options.outputHeadBytes ?? 8 * 1024,
    tailBytes: options.outputTailBytes ?? 8 * 1024,
    maxDisplayBytes: options.maxDisplayBytes ?? 1024 * 1024,
    background: options.backgroundProcesses ?? createBackgroundProcesses(),
  };
  const isReadOnly = (args: RunShellCommandArgs): boolean => !args.is_background && isReadOnlyShellCommand(args.command);
  return defineTool<RunShellCommandArgs>({
    name: 'run_shell_command',
    kind: 'execute',
    get description() {
      return (
        `Runs a shell command in the workspace and returns its exit code and output (stopped after ${Math.round(settings.timeoutMs / 1000)} s). ` +
        'Set is_background for servers and watchers: it returns at once with a process id.'
      );
    },
    schema,
    checks: [pathCheck('dir_path', (value) => value.dir_path, paths)],
    failureType: 'SHELL_EXECUTE_ERROR',
    summarize,
    preview: async (args) => {
      const cwd = resolveToolPath(args.dir_path ?? '', 'dir_path', paths);
      return {
        type: 'command',
        command: args.command,
        ...(cwd.ok && cwd.path !== '' ? { cwd: cwd.path } : {}),
        ...(args.is_background ? { background: true } : {}),
      };
    },
    affectedPaths: (args) => (isReadOnly(args) ? [] : null),
    isReadOnly,
    run: (args, context) => runShellCommand(args, context, paths, settings),
  });
}

interface Settings {
  timeoutMs: number;
  headBytes: number;
  tailBytes: number;
  maxDisplayBytes: number;
  background: BackgroundProcesses;
}

async function runShellCommand(args: RunShellCommandArgs, context: WorkspaceToolContext, paths: WorkspacePathOptions, settings: Settings): Promise<ToolResult> {
  const resolved = resolveToolPath(args.dir_path ?? '', 'dir_path', paths);
  if (!resolved.ok) return errorResult(resolved.error.type, resolved.error.message);
  const cwd = resolved.path;
  const stat = await context.sandbox.stat(cwd);
  if (stat === null) return errorResult('DIRECTORY_NOT_FOUND', `dir_path does not exist: ${shownPath(cwd)}`);
  if (stat.kind === 'file') return errorResult('PATH_IS_NOT_A_DIRECTORY', `dir_path is a file, not a directory: ${cwd}`);
  // A symlinked folder must lead somewhere inside: readDir follows it and refuses an escape (EOUTSIDE).
  if (stat.kind === 'symlink') await context.sandbox.readDir(cwd);
  if (args.is_background) return startBackground(args.command, cwd, context, settings);
  if (context.signal.aborted) return cancelledBeforeStart(args.command);

  const chunks: string[] = [];
  // Read once: a limit changed in Settings while the command runs applies from the next one.
  const timeoutMs = settings.timeoutMs;
  const result: ExecResult = await context.sandbox.exec(args.command, {
    cwd,
    signal: context.signal,
    timeoutMs,
    onOutput: (chunk) => {
      chunks.push(chunk.text);
      context.onOutput?.(chunk.text);
    },
  });
  let output = chunks.join('');
  if (chunks.length === 0) {
    output = joinOutputs(result.stdout, result.stderr);
    if (output !== '') context.onOutput?.(output);
  }
  const cancelled = result.aborted === true || (context.signal.aborted && !result.timedOut);
  const forModel = keepHeadAndTail(output, settings.headBytes, settings.tailBytes).text.replace(/\n$/, '');
  const status = cancelled
    ? 'Command was cancelled by the user before it completed. Output before it stopped:'
    : result.timedOut
      ? `Command timed out after ${formatSeconds(timeoutMs)} and was stopped. Output before it stopped:`
      : 'Output:';
  const lines = [
    `Command: ${args.command}`,
    `Directory: ${shownPath(cwd)}`,
    ...(cancelled || result.timedOut ? [] : [`Exit code: ${result.exitCode}`]),
    status,
    forModel === '' ? '(no output)' : forModel,
    ...backgroundReport(settings.background),
  ];
  const half = Math.floor(settings.maxDisplayBytes / 2);
  return {
    llmContent: lines.join('\n'),
    display: {
      type: 'shell',
      command: args.command,
      output: keepHeadAndTail(output, half, half).text,
      exitCode: cancelled || result.timedOut ? null : result.exitCode,
      ...(result.timedOut ? { timedOut: true } : {}),
    },
  };
}

async function startBackground(command: string, cwd: string, context: WorkspaceToolContext, settings: Settings): Promise<ToolResult> {
  let id: string;
  try {
    id = (await settings.background.start(context.sandbox, command, cwd)).id;
  } catch (thrown) {
    return sandboxFailure(thrown, 'BACKGROUND_START_FAILURE');
  }
  const text =
    `Started in the background as process ${id}: ${command}\n` +
    'It keeps running after this call. Its status and new output are appended to the result of your next ' +
    'run_shell_command call (for example `sleep 2`), and the person can see it in the tool card.';
  context.onOutput?.(`[started in the background as process ${id}]\n`);
  return { llmContent: text, display: { type: 'shell', command, output: `Started in the background as process ${id}.`, exitCode: null } };
}

function cancelledBeforeStart(command: string): ToolResult {
  return {
    llmContent: `Command was cancelled by the user before it started: ${command}`,
    display: { type: 'shell', command, output: '', exitCode: null },
  };
}

/** News from background processes since the last report, for the model. */
function backgroundReport(background: BackgroundProcesses): string[] {
  return background.takeReports().flatMap(({ info, newOutput }) => {
    const state = info.running ? 'running' : `exited with code ${info.exitCode ?? 'unknown'}`;
    const output = newOutput === '' ? ' (no new output)' : `, new output:\n${keepHeadAndTail(newOutput, 1024, 2048).text}`;
    return ['', `Background process ${info.id} (${info.command}) is ${state}${output}`];
  });
}

function joinOutputs(stdout: string, stderr: string): string {
  if (stdout === '' || stderr === '') return stdout + stderr;
  return stdout.endsWith('\n') ? stdout + stderr : `${stdout}\n${stderr}`;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
