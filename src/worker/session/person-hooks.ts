/**
 * Hooks a person defines (Settings → Hooks), as agent hooks (agent/types.ts `Hooks`):
 *
 * - *After each edit run*: after each successful `write_file` or `edit` (also called `replace`),
 *   the command runs in the session's sandbox, at the workspace root, under the command time
 *   limit. Its exit code and output (capped) are added to that call's result, which the model
 *   reads and the card shows.
 * - *Before stopping run*: when the model ends with text, the command runs; a non-zero exit sends
 *   its output back to the model, which goes on, at most `stopHookContinuations` (3) times in a
 *   row (J3). A hook that times out or cannot start is reported, and the run ends as it would.
 *
 * The person wrote the commands, so they run without asking, with these exceptions:
 * - Plan (read-only) mode runs neither: a command may change files, and Plan promises no change
 *   (no edit succeeds there anyway).
 * - A replay runs neither: the session opener builds a replay's runtime without them, so what a
 *   recording holds never runs the commands of whoever plays it.
 *
 * Each run is reported (`hookRun`: the agent emits it as `hook_run`, the Loop inspector notes it).
 * Nothing here throws: a failure is a run with `failure` set (J7).
 */
import type { HookDecision, Hooks, ToolCallView } from '../../agent/types';
import type { ExecResult, Sandbox } from '../../sandbox/types';
import type { HookRun, PersonHook } from '../../shared/hook-run';
import { hookRunOutcome, PERSON_HOOK_LABEL } from '../../shared/hook-run';
import { messageOf } from '../../shared/errors';
import { commandTimeLimitMs } from '../../shared/limits';
import { keepHeadAndTail } from '../../tools/output-budget';
import type { WorkerSettings } from '../protocol';

/** The calls after which After each edit runs: the edits (by the name the model used). */
export const EDIT_TOOL_NAMES: ReadonlySet<string> = new Set(['write_file', 'edit', 'replace']);

/** Output kept for the model from a hook's start and from its end. */
export const HOOK_OUTPUT_HEAD_BYTES = 2 * 1024;
export const HOOK_OUTPUT_TAIL_BYTES = 2 * 1024;

export interface PersonHookCommands {
  afterEdit?: string | undefined;
  beforeStop?: string | undefined;
  /** The command time limit (Settings → Tools), in ms. */
  timeoutMs: number;
}

export interface PersonHookOptions {
  /** The session's sandbox (the synced one: what a command changes reaches the store and the tree). */
  sandbox: Pick<Sandbox, 'exec'>;
  /** Read for each run: a change in Settings applies from the next one. */
  commands(): PersonHookCommands;
  now(): number;
}

/** After each edit will run after `call` if it succeeds (its checkpoint then holds the whole workspace). */
export function afterEditWillRun(settings: WorkerSettings, call: Pick<ToolCallView, 'name'>): boolean {
  return EDIT_TOOL_NAMES.has(call.name) && (settings.afterEditHook?.trim() ?? '') !== '';
}

/** The commands as Settings holds them, with the command time limit. */
export function personHookCommands(settings: WorkerSettings): PersonHookCommands {
  return { afterEdit: settings.afterEditHook, beforeStop: settings.beforeStopHook, timeoutMs: commandTimeLimitMs(settings.commandTimeLimitSeconds) };
}

export function createPersonHooks(options: PersonHookOptions): Required<Pick<Hooks, 'afterTool' | 'afterAgent'>> {
  return {
    async afterTool({ call, signal }) {
      const command = options.commands().afterEdit?.trim();
      if (!command || call.status !== 'success' || !EDIT_TOOL_NAMES.has(call.name)) return;
      const run = { ...(await runHook(options, 'after_edit', command, signal)), callId: call.callId };
      return { additionalContext: resultAddition(run), hookRun: run };
    },
    async afterAgent({ approvalMode, continuationsLeft, signal }) {
      const command = options.commands().beforeStop?.trim();
      if (!command || approvalMode === 'plan') return;
      const run = await runHook(options, 'before_stop', command, signal);
      const failed = run.failure === undefined && !run.timedOut && run.exitCode !== null && run.exitCode !== 0;
      if (!failed) return { hookRun: run };
      const sentToModel = continuationsLeft > 0;
      const decision: HookDecision = { hookRun: { ...run, sentToModel } };
      return sentToModel ? { ...decision, continue: true, additionalContext: continuationPrompt(run) } : decision;
    },
  };
}

/** Runs `command` once; never rejects. */
async function runHook(options: PersonHookOptions, hook: PersonHook, command: string, signal: AbortSignal): Promise<HookRun> {
  const { timeoutMs } = options.commands();
  const started = options.now();
  const chunks: string[] = [];
  let result: ExecResult;
  try {
    result = await options.sandbox.exec(command, { cwd: '', signal, timeoutMs, onOutput: (chunk) => chunks.push(chunk.text) });
  } catch (thrown) {
    return { hook, exitCode: null, durationMs: options.now() - started, failure: messageOf(thrown), output: '' };
  }
  const durationMs = options.now() - started;
  const whole = chunks.length > 0 ? chunks.join('') : joinOutputs(result.stdout, result.stderr);
  const kept = keepHeadAndTail(whole.replace(/\n$/, ''), HOOK_OUTPUT_HEAD_BYTES, HOOK_OUTPUT_TAIL_BYTES);
  const ended = result.timedOut || result.aborted;
  return {
    hook,
    exitCode: ended ? null : result.exitCode,
    durationMs,
    ...(result.timedOut ? { timedOut: true } : {}),
    output: kept.text,
    ...(kept.omittedBytes > 0 ? { cutBytes: kept.omittedBytes } : {}),
  };
}

/** What After each edit adds to the call's result: how the hook ended, then its output. */
export function resultAddition(run: HookRun): string {
  const cut = run.cutBytes ? ` (${run.cutBytes} bytes of its output were cut from the middle)` : '';
  const head = `[${PERSON_HOOK_LABEL[run.hook]}, a command the person set to run after each edit: ${hookRunOutcome(run)}${cut}]`;
  if (run.failure !== undefined) return `${head}\n${run.failure}`;
  return `${head}\n${run.output === '' ? '(no output)' : run.output}`;
}

/** What the model is told when Before stopping run fails. */
export function continuationPrompt(run: HookRun): string {
  const cut = run.cutBytes ? ` (${run.cutBytes} bytes cut from the middle)` : '';
  return (
    `A check the person set to run before you stop ("${PERSON_HOOK_LABEL[run.hook]}") failed with exit code ${run.exitCode}. Its output${cut}:\n` +
    `${run.output === '' ? '(no output)' : run.output}\n` +
    'Fix what it reports, then finish.'
  );
}

function joinOutputs(stdout: string, stderr: string): string {
  if (stdout === '' || stderr === '') return stdout + stderr;
  return stdout.endsWith('\n') ? stdout + stderr : `${stdout}\n${stderr}`;
}
