/** Messages between the offline sandbox and the worker that runs `node` (node-runner.worker.ts). */
import type { NodeRun, NodeRunResult } from './js-runtime';
import type { FileChange } from './script-files';

export interface NodeRunRequest {
  run: NodeRun;
  /** The workspace (and /tmp) as text: absolute path → content. */
  files: [string, string][];
  directories: string[];
  writableRoots: string[];
  memoryBytes: number;
}

export type NodeWorkerMessage =
  /** The engine is loaded and the script starts (the time limit counts from here). */
  | { type: 'ready' }
  | { type: 'out'; stream: 1 | 2; text: string }
  | { type: 'done'; result: NodeRunResult; changes: FileChange[] }
  | { type: 'failed'; message: string };

/** What the runner posts to a script's thread: the request, and the flag a stop sets (shared memory, where allowed). */
export interface ScriptRunEnvelope<Request> {
  request: Request;
  interrupt?: Int32Array;
}
