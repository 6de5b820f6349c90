/** What the offline sandbox sends the thread that runs `python3` (python-runner.worker.ts); it answers with NodeWorkerMessages. */
import type { PythonRun } from './run-python';

export interface PythonRunRequest {
  run: PythonRun;
  /** The workspace (and /tmp) as bytes: absolute path → content. */
  files: [string, Uint8Array][];
  directories: string[];
  roots: string[];
  /** The interpreter's memory limit (run-python.ts PYTHON_MEMORY_BYTES by default). */
  memoryBytes?: number;
}
