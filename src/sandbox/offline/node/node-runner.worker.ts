/**
 * The thread a `node` run uses: a script that never yields (an endless loop) would freeze the
 * agent's worker, so it runs here. Stop and the time limit first ask it to end (the interrupt
 * flag), so what it wrote is kept; the caller ends the thread when it does not.
 */
import wasmUrl from '@jitl/quickjs-wasmfile-release-sync/wasm?url';
import { messageOf } from '../../../shared/errors';
import { runNode } from './js-runtime';
import { loadQuickJs } from './load-quickjs';
import type { NodeRunRequest, NodeWorkerMessage, ScriptRunEnvelope } from './node-protocol';
import { createScriptFiles } from './script-files';

const post = (message: NodeWorkerMessage) => self.postMessage(message);

self.addEventListener('message', (event: MessageEvent<ScriptRunEnvelope<NodeRunRequest>>) => {
  const { request, interrupt } = event.data;
  loadQuickJs(wasmUrl)
    .then((quickjs) => {
      post({ type: 'ready' });
      const files = createScriptFiles(new Map(request.files), request.directories, request.writableRoots);
      const result = runNode(quickjs, request.run, files, (stream, text) => post({ type: 'out', stream, text }), {
        memoryBytes: request.memoryBytes,
        // Stop and the time limit set the flag; a script that does not end then has this thread ended.
        shouldStop: () => interrupt !== undefined && Atomics.load(interrupt, 0) !== 0,
      });
      post({ type: 'done', result, changes: files.changes() });
    })
    .catch((thrown: unknown) => post({ type: 'failed', message: messageOf(thrown) }));
});
