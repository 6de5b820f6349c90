/**
 * What `node` and `python3` share as shell commands: the workspace read in, the run on its
 * engine with output collected (and streamed live when the exec asked for it), Stop and a
 * failed start answered, and the files the script changed written back.
 */
import type { IFileSystem } from 'just-bash';
import { formatBytes } from '../../../shared/format-bytes';
import { LIVE_OUTPUT_ENV } from '../live-output';
import type { LiveOutputs } from '../live-output';
import type { NodeRunResult } from './js-runtime';
import type { ScriptRunner } from './node-runner';
import { SNAPSHOT_MAX_BYTES, snapshot, writeBack } from './workspace-snapshot';
import type { StoppingScripts } from '../stopping-scripts';

export type Answer = { stdout: string; stderr: string; exitCode: number };

export interface ScriptCommandContext {
  fs: IFileSystem;
  env: Map<string, string>;
  signal?: AbortSignal | undefined;
}

export interface ScriptRun<Request, Content> {
  /** The command's name, as its messages start. */
  name: string;
  /** What could not be started, for the message: "the JavaScript engine", "Python". */
  engine: string;
  runner: ScriptRunner<Request>;
  roots: readonly string[];
  live?: LiveOutputs | undefined;
  maxSnapshotBytes?: number | undefined;
  /** The shell's file system, outside any one command: where what a script wrote goes (else the command's own, which refuses writes after a stop). */
  files?: IFileSystem | undefined;
  /** Where the shell's exec learns of this run, to wait for its write-back after a stop. */
  scripts?: StoppingScripts | undefined;
  read(fs: IFileSystem, path: string): Promise<Content>;
  request(files: { files: [string, Content][]; directories: string[] }, env: Record<string, string>): Request;
}

type Ran = { answer: Answer } | { output: { stdout: string; stderr: string }; result: NodeRunResult };

/** Runs the script; answers the shell, or gives the engine's result and the output for the caller to finish. */
export function runScriptCommand<Request, Content>(ctx: ScriptCommandContext, run: ScriptRun<Request, Content>): Promise<Ran> {
  const work = runAndWriteBack(ctx, run);
  run.scripts?.track(work);
  return work;
}

async function runAndWriteBack<Request, Content>(ctx: ScriptCommandContext, run: ScriptRun<Request, Content>): Promise<Ran> {
  const files = await snapshot(ctx.fs, run.roots, run.maxSnapshotBytes ?? SNAPSHOT_MAX_BYTES, run.read);
  if ('tooBig' in files) {
    return { answer: { stdout: '', stderr: `${run.name}: the workspace is too big to run scripts offline (over ${formatBytes(files.tooBig)} of files; .git is skipped).\n`, exitCode: 1 } };
  }
  const env = Object.fromEntries([...ctx.env].filter(([name]) => name !== LIVE_OUTPUT_ENV));
  const sink = run.live?.sinkFor(ctx.env.get(LIVE_OUTPUT_ENV));
  const output = { stdout: '', stderr: '' };
  let ready: () => void = () => undefined;
  // Until the engine is loaded, the command's time limit does not count (stopping-scripts.ts).
  run.scripts?.loading(new Promise<void>((resolve) => (ready = resolve)));
  const outcome = await run.runner
    .run(run.request(files, env), ctx.signal ?? new AbortController().signal, {
      out(stream, text) {
        if (stream === 1) output.stdout += text;
        else output.stderr += text;
        sink?.(stream, text);
      },
      ready,
    })
    .finally(ready);
  // What the script wrote goes back through the shell's file system: the command's own refuses
  // writes once a stop arrived, and a stopped script's writes stay, as after Ctrl+C in a shell.
  const shellFiles = run.files ?? ctx.fs;
  if (outcome.type === 'failed') return { answer: { stdout: output.stdout, stderr: `${output.stderr}${run.name}: ${run.engine} could not be started (${outcome.message}).\n`, exitCode: 1 } };
  if (outcome.changes) await writeBack(shellFiles, outcome.changes);
  return outcome.type === 'stopped' ? { answer: { ...output, exitCode: 130 } } : { output, result: outcome.result };
}
