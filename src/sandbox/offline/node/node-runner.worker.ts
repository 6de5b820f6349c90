/**
 * The thread a `node` run uses: a script that never yields (an endless loop) would freeze the
 * agent's worker, so it runs here, and Stop or the time limit end the thread itself.
 */
import wasmUrl from '@jitl/quickjs-wasmfile-release-sync/wasm?url';
import { messageOf } from '../../../shared/errors';
import { runNode } from './js-runtime';
import { loadQuickJs } from './load-quickjs';
import type { NodeRunRequest, NodeWorkerMessage } from './node-protocol';
import { createScriptFiles } from './script-files';

const post = (message: NodeWorkerMessage) => self.postMessage(message);

self.addEventListener('message', (event: MessageEvent<NodeRunRequest>) => {
  const request = event.data;
  loadQuickJs(wasmUrl)
    .then((quickjs) => {
      const files = createScriptFiles(new Map(request.files), request.directories, request.writableRoots);
      const result = runNode(quickjs, request.run, files, (stream, text) => post({ type: 'out', stream, text }), {
        memoryBytes: request.memoryBytes,
        // The caller ends this thread for Stop and the time limit.
        shouldStop: () => false,
      });
      post({ type: 'done', result, changes: files.changes() });
    })
    .catch((thrown: unknown) => post({ type: 'failed', message: messageOf(thrown) }));
});
