/** The runner the offline sandbox uses for python3 unless told otherwise: a worker of its own where there are workers. */
import type { ScriptRunner } from '../node/node-runner';
import { createWorkerRunner } from '../node/node-runner';
import { inThreadPythonRunner } from './python-command';
import type { PythonRunRequest } from './python-protocol';

export function defaultPythonRunner(): ScriptRunner<PythonRunRequest> {
  if (typeof Worker === 'undefined') return inThreadPythonRunner();
  // Made on the first python3, so nothing of Pyodide loads before a script runs.
  return createWorkerRunner<PythonRunRequest>(() => new Worker(new URL('./python-runner.worker.ts', import.meta.url), { type: 'module', name: 'python3 (Pyodide)' }));
}
