/**
 * Runs `node` requests: in a worker of their own where there are workers (the browser), so
 * that Stop and the time limit end even a script that never yields (the thread is
 * terminated, and the next run starts a new one), else in this thread (Node, tests).
 * One warm worker is kept between runs: the engine loads once.
 */
import { messageOf } from '../../../shared/errors';
import { runNode } from './js-runtime';
import { loadQuickJs } from './load-quickjs';
import type { NodeRunRequest, NodeWorkerMessage, ScriptRunEnvelope } from './node-protocol';
import { createScriptFiles } from './script-files';
import type { FileChange } from './script-files';

export type NodeOutcome =
  | Extract<NodeWorkerMessage, { type: 'done' | 'failed' }>
  /** Stopped (Stop, the time limit); `changes`: what the script wrote before it stopped, when it could say. */
  | { type: 'stopped'; changes?: FileChange[] };

/**
 * What a run reports as it goes: the moment its engine is loaded and the script starts (every
 * runner says it, once: until then the command time limit does not count), and its output.
 */
export interface ScriptRunListener {
  ready(): void;
  out(stream: 1 | 2, text: string): void;
}

/** Runs script requests (node's, python's) and reports their output and outcome. */
export interface ScriptRunner<Request> {
  run(request: Request, signal: AbortSignal, listener: ScriptRunListener): Promise<NodeOutcome>;
}

export type NodeRunner = ScriptRunner<NodeRunRequest>;

/**
 * How long a stopped script has to end itself (and say what it wrote) before its thread is
 * ended; the shell waits that long and a little more after a stop (offline-exec.ts), so its
 * answer is kept. Generous, because a stopped Python script still prints its traceback, collects
 * and walks its files, and a loaded machine may not run the thread at once (300 ms was missed once
 * in CI); a very large workspace may still not make it.
 */
export const STOP_GRACE_MS = 1000;

/** Where shared memory is allowed (a cross-origin isolated page), a stop can be asked rather than forced. */
function canInterrupt(): boolean {
  return typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}

export interface WorkerRunnerOptions {
  /** Ask a running script to stop through shared memory (default: where the page allows it). */
  interruptible?: boolean;
  graceMs?: number;
}

/**
 * A worker that answers each `ScriptRunEnvelope` with NodeWorkerMessages (node-runner.worker.ts,
 * python-runner.worker.ts). Stop first sets the run's interrupt flag to 2 (SIGINT: QuickJS's
 * interrupt handler and Pyodide's interrupt buffer read it), so the script ends like a process
 * after Ctrl+C and what it wrote is kept; a script that does not end within the grace has its
 * thread ended, and its writes are lost.
 */
export function createWorkerRunner<Request>(makeWorker: () => Worker, options: WorkerRunnerOptions = {}): ScriptRunner<Request> {
  const interruptible = options.interruptible ?? canInterrupt();
  const graceMs = options.graceMs ?? STOP_GRACE_MS;
  let idle: { worker: Worker; interrupt?: Int32Array } | null = null;
  return {
    run(request, signal, listener) {
      if (signal.aborted) return Promise.resolve({ type: 'stopped' });
      const thread = idle ?? { worker: makeWorker(), ...(interruptible ? { interrupt: new Int32Array(new SharedArrayBuffer(4)) } : {}) };
      const { worker, interrupt } = thread;
      idle = null;
      if (interrupt) Atomics.store(interrupt, 0, 0);
      return new Promise<NodeOutcome>((resolve) => {
        let stopping = false;
        let forced: ReturnType<typeof setTimeout> | undefined;
        const finish = (outcome: NodeOutcome, keep: boolean) => {
          clearTimeout(forced);
          signal.removeEventListener('abort', stop);
          worker.onmessage = null;
          worker.onerror = null;
          if (keep && !idle) idle = thread;
          else worker.terminate();
          resolve(outcome);
        };
        function stop() {
          if (!interrupt) return finish({ type: 'stopped' }, false);
          stopping = true;
          Atomics.store(interrupt, 0, 2);
          forced = setTimeout(() => finish({ type: 'stopped' }, false), graceMs);
        }
        signal.addEventListener('abort', stop, { once: true });
        worker.onmessage = (event: MessageEvent<NodeWorkerMessage>) => {
          const message = event.data;
          if (message.type === 'out') listener.out(message.stream, message.text);
          else if (message.type === 'ready') listener.ready();
          else if (!stopping) finish(message, message.type === 'done');
          else finish(message.type === 'done' ? { type: 'stopped', changes: message.changes } : { type: 'stopped' }, message.type === 'done');
        };
        worker.onerror = (event) => {
          event.preventDefault();
          finish(stopping ? { type: 'stopped' } : { type: 'failed', message: event.message || 'The JavaScript engine could not be started.' }, false);
        };
        const envelope: ScriptRunEnvelope<Request> = interrupt ? { request, interrupt } : { request };
        worker.postMessage(envelope);
      });
    },
  };
}

/**
 * Without workers: the same run in this thread. A running script blocks the thread, so an
 * abort cannot arrive meanwhile: `maxRunMs` bounds it instead (then it is reported stopped).
 */
export function createInThreadNodeRunner(options: { maxRunMs?: number } = {}): NodeRunner {
  const maxRunMs = options.maxRunMs ?? 120_000;
  return {
    async run(request, signal, listener) {
      try {
        const quickjs = await loadQuickJs();
        listener.ready();
        const files = createScriptFiles(new Map(request.files), request.directories, request.writableRoots);
        const started = performance.now();
        let overran = false;
        const shouldStop = () => signal.aborted || (overran ||= performance.now() - started > maxRunMs);
        const result = runNode(quickjs, request.run, files, listener.out, { memoryBytes: request.memoryBytes, shouldStop });
        // Stopped or not, what the script wrote is kept, as in the worker's case.
        return signal.aborted || overran ? { type: 'stopped', changes: files.changes() } : { type: 'done', result, changes: files.changes() };
      } catch (thrown) {
        return { type: 'failed', message: messageOf(thrown) };
      }
    },
  };
}
