/** The runner the offline sandbox uses unless told otherwise: a worker of its own where there are workers. */
import type { NodeRunner } from './node-runner';
import type { NodeRunRequest } from './node-protocol';
import { createInThreadNodeRunner, createWorkerRunner } from './node-runner';

export function defaultNodeRunner(): NodeRunner {
  if (typeof Worker === 'undefined') return createInThreadNodeRunner();
  // Made on the first `node`, so nothing of the engine loads before a script runs.
  return createWorkerRunner<NodeRunRequest>(() => new Worker(new URL('./node-runner.worker.ts', import.meta.url), { type: 'module', name: 'node (QuickJS)' }));
}
