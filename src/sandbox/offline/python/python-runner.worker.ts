/**
 * The thread `python3` runs in: a script that never yields would freeze the agent's worker, so
 * it runs here, kept warm between runs; Stop and the time limit end the thread itself.
 */
import { messageOf } from '../../../shared/errors';
import type { NodeWorkerMessage } from '../node/node-protocol';
import { loadPyodideOnce } from './load-pyodide';
import type { PythonRunRequest } from './python-protocol';
import { runPython } from './run-python';

const post = (message: NodeWorkerMessage) => self.postMessage(message);
const indexURL = new URL(`${import.meta.env.BASE_URL}pyodide/`, self.location.origin).href;

self.addEventListener('message', (event: MessageEvent<PythonRunRequest>) => {
  const request = event.data;
  loadPyodideOnce(indexURL)
    .then((pyodide) => {
      const { changes, ...result } = runPython(pyodide, request.run, request, (stream, text) => post({ type: 'out', stream, text }), request.memoryBytes);
      post({ type: 'done', result, changes });
    })
    .catch((thrown: unknown) => post({ type: 'failed', message: messageOf(thrown) }));
});
