/**
 * One `node` run in a fresh QuickJS context, synchronously: the prelude (prelude.ts), then the
 * script (a file as CommonJS, or `-e` code), then promise jobs and timers until none is left.
 * Files are a text snapshot of the workspace (ScriptFiles); what the script writes is recorded
 * there, for the caller to write back. A memory limit and an interrupt check bound the run;
 * `process.exit` ends it at once. Output goes to `out` as it is produced.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { PRELUDE } from './prelude';
import type { ScriptFiles } from './script-files';

export interface NodeRun {
  /** Absolute working directory (inside the workspace). */
  cwd: string;
  /** process.argv after `node`: the script's path and its arguments (for -e: just the arguments). */
  argv: string[];
  /** The file to run (absolute), or code given with -e. */
  entry: { file: string } | { code: string };
  env: Record<string, string>;
}

export interface NodeRunLimits {
  memoryBytes: number;
  /** Called now and then while the script runs: true stops it (time limit, Stop). */
  shouldStop(): boolean;
}

export interface NodeRunResult {
  exitCode: number;
  /** Why it was stopped early, for the message the caller prints. */
  stopped?: 'interrupted' | 'out-of-memory';
}

const STACK_BYTES = 1024 * 1024;

export function runNode(quickjs: QuickJSWASMModule, run: NodeRun, files: ScriptFiles, out: (stream: 1 | 2, text: string) => void, limits: NodeRunLimits): NodeRunResult {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  let exitCode: number | null = null;
  let interrupted = false;
  runtime.setInterruptHandler(() => {
    if (exitCode !== null) return true;
    if (limits.shouldStop()) interrupted = true;
    return interrupted;
  });
  const vm = runtime.newContext();
  try {
    installHost(vm, run, files, out, (code) => (exitCode = code));
    const outcome = evaluate(vm, PRELUDE, '<loopscope prelude>') ?? runEntry(vm, run) ?? drain(vm, runtime);
    if (exitCode !== null) return { exitCode };
    if (interrupted) return { exitCode: 130, stopped: 'interrupted' };
    if (outcome) {
      if (/out of memory/i.test(outcome)) return { exitCode: 134, stopped: 'out-of-memory' };
      out(2, `${outcome}\n`);
      return { exitCode: 1 };
    }
    return { exitCode: numberOr(vm, 'process.exitCode', 0) };
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}

function runEntry(vm: QuickJSContext, run: NodeRun): string | null {
  if ('code' in run.entry) return evaluate(vm, run.entry.code, '[eval]');
  return callGlobal(vm, '__runMain', run.entry.file);
}

/** Promise jobs, then timers in order of their (virtual) time, until nothing is left. */
function drain(vm: QuickJSContext, runtime: ReturnType<QuickJSWASMModule['newRuntime']>): string | null {
  for (;;) {
    const jobs = runtime.executePendingJobs();
    if (jobs.error) return describeError(vm, jobs.error);
    const timer = vm.evalCode('__runNextTimer()');
    if (timer.error) return describeError(vm, timer.error);
    const ran = vm.dump(timer.value) === true;
    timer.value.dispose();
    if (!ran && !runtime.hasPendingJob()) return null;
  }
}

function evaluate(vm: QuickJSContext, code: string, filename: string): string | null {
  const result = vm.evalCode(code, filename);
  if (result.error) return describeError(vm, result.error);
  result.value.dispose();
  return null;
}

function callGlobal(vm: QuickJSContext, name: string, argument: string): string | null {
  const fn = vm.getProp(vm.global, name);
  const arg = vm.newString(argument);
  const result = vm.callFunction(fn, vm.undefined, arg);
  fn.dispose();
  arg.dispose();
  if (result.error) return describeError(vm, result.error);
  result.value.dispose();
  return null;
}

/** A thrown value as Node prints an uncaught one. */
function describeError(vm: QuickJSContext, handle: QuickJSHandle): string {
  const error = vm.dump(handle) as unknown;
  handle.dispose();
  if (error && typeof error === 'object' && 'message' in error) {
    const { name, message, stack } = error as { name?: string; message: string; stack?: string };
    return `Uncaught ${name ?? 'Error'}: ${message}${stack ? `\n${stack.replace(/\n$/, '')}` : ''}`;
  }
  return `Uncaught ${typeof error === 'string' ? error : JSON.stringify(error)}`;
}

function numberOr(vm: QuickJSContext, expression: string, fallback: number): number {
  const result = vm.evalCode(expression);
  if (result.error) {
    result.error.dispose();
    return fallback;
  }
  const value = vm.dump(result.value) as unknown;
  result.value.dispose();
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

function installHost(vm: QuickJSContext, run: NodeRun, files: ScriptFiles, out: (stream: 1 | 2, text: string) => void, exit: (code: number) => void): void {
  const host = vm.newObject();
  const text = (handle: QuickJSHandle | undefined) => (handle === undefined ? '' : vm.getString(handle));
  const define = (name: string, fn: (...args: QuickJSHandle[]) => QuickJSHandle | undefined) => {
    const handle = vm.newFunction(name, fn);
    vm.setProp(host, name, handle);
    handle.dispose();
  };
  const state = JSON.stringify({ argv: ['node', ...run.argv], env: run.env, cwd: run.cwd, quickjs: '0.32' });
  define('state', () => vm.newString(state));
  define('out', (stream, chunk) => {
    out(vm.getNumber(stream!) === 2 ? 2 : 1, text(chunk));
    return undefined;
  });
  define('exit', (code) => {
    exit(code === undefined ? 0 : Math.trunc(vm.getNumber(code)) || 0);
    return undefined;
  });
  define('read', (target) => {
    const content = files.read(text(target));
    return content === undefined ? vm.undefined : vm.newString(content);
  });
  define('write', (target, content, append) => vm.newString(files.write(text(target), text(content), vm.dump(append!) === true) ?? ''));
  define('stat', (target) => {
    const found = files.stat(text(target));
    return vm.newString(found ? JSON.stringify(found) : '');
  });
  define('list', (target) => {
    const names = files.list(text(target));
    return vm.newString(names ? JSON.stringify(names) : '');
  });
  define('mkdir', (target, recursive) => vm.newString(files.mkdir(text(target), vm.dump(recursive!) === true) ?? ''));
  define('remove', (target, recursive) => vm.newString(files.remove(text(target), vm.dump(recursive!) === true) ?? ''));
  define('rename', (from, to) => vm.newString(files.rename(text(from), text(to)) ?? ''));
  define('compile', (source, filename) => vm.unwrapResult(vm.evalCode(text(source), text(filename))));
  vm.setProp(vm.global, '__host', host);
  host.dispose();
}
