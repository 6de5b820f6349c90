/**
 * Runs `node` requests: in a worker of their own where there are workers (the browser), so
 * that Stop and the time limit end even a script that never yields (the thread is
 * terminated, and the next run starts a new one), else in this thread (Node, tests).
 * One warm worker is kept between runs: the engine loads once.
 */
import { messageOf } from '../../../shared/errors';
import { runNode } from './js-runtime';
import { loadQuickJs } from './load-quickjs';
import type { NodeRunRequest, NodeWorkerMessage } from './node-protocol';
import { createScriptFiles } from './script-files';

export type NodeOutcome = Extract<NodeWorkerMessage, { type: 'done' | 'failed' }> | { type: 'stopped' };

/** Runs script requests (node's, python's) and reports their output and outcome. */
export interface ScriptRunner<Request> {
  run(request: Request, signal: AbortSignal, out: (stream: 1 | 2, text: string) => void): Promise<NodeOutcome>;
}

export type NodeRunner = ScriptRunner<NodeRunRequest>;

/** A worker that answers each request with NodeWorkerMessages (node-runner.worker.ts, python-runner.worker.ts). */
export function createWorkerRunner<Request>(makeWorker: () => Worker): ScriptRunner<Request> {
  let idle: Worker | null = null;
  return {
    run(request, signal, out) {
      if (signal.aborted) return Promise.resolve({ type: 'stopped' });
      const worker = idle ?? makeWorker();
      idle = null;
      return new Promise<NodeOutcome>((resolve) => {
        const finish = (outcome: NodeOutcome, keep: boolean) => {
          signal.removeEventListener('abort', stop);
          worker.onmessage = null;
          worker.onerror = null;
          if (keep && !idle) idle = worker;
          else worker.terminate();
          resolve(outcome);
        };
        const stop = () => finish({ type: 'stopped' }, false);
        signal.addEventListener('abort', stop, { once: true });
        worker.onmessage = (event: MessageEvent<NodeWorkerMessage>) => {
          const message = event.data;
          if (message.type === 'out') out(message.stream, message.text);
          else finish(message, message.type === 'done');
        };
        worker.onerror = (event) => {
          event.preventDefault();
          finish({ type: 'failed', message: event.message || 'The JavaScript engine could not be started.' }, false);
        };
        worker.postMessage(request);
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
    async run(request, signal, out) {
      try {
        const quickjs = await loadQuickJs();
        const files = createScriptFiles(new Map(request.files), request.directories, request.writableRoots);
        const started = performance.now();
        let overran = false;
        const shouldStop = () => signal.aborted || (overran ||= performance.now() - started > maxRunMs);
        const result = runNode(quickjs, request.run, files, out, { memoryBytes: request.memoryBytes, shouldStop });
        return signal.aborted || overran ? { type: 'stopped' } : { type: 'done', result, changes: files.changes() };
      } catch (thrown) {
        return { type: 'failed', message: messageOf(thrown) };
      }
    },
  };
}
