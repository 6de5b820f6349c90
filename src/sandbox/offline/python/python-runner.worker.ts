/**
 * The thread `python3` runs in: a script that never yields would freeze the agent's worker, so
 * it runs here, kept warm between runs. Stop and the time limit first raise KeyboardInterrupt
 * (the interrupt buffer), so what it wrote is kept; the caller ends the thread when it does not end.
 */
import { messageOf } from '../../../shared/errors';
import type { NodeWorkerMessage, ScriptRunEnvelope } from '../node/node-protocol';
import { loadPyodideOnce } from './load-pyodide';
import type { PythonRunRequest } from './python-protocol';
import { runPython } from './run-python';

const post = (message: NodeWorkerMessage) => self.postMessage(message);
const indexURL = new URL(`${import.meta.env.BASE_URL}pyodide/`, self.location.origin).href;

self.addEventListener('message', (event: MessageEvent<ScriptRunEnvelope<PythonRunRequest>>) => {
  const { request, interrupt } = event.data;
  loadPyodideOnce(indexURL)
    .then((pyodide) => {
      post({ type: 'ready' });
      // Stop and the time limit set it to 2: the script gets KeyboardInterrupt, as after Ctrl+C.
      if (interrupt) pyodide.setInterruptBuffer(interrupt);
      const out = (stream: 1 | 2, text: string) => post({ type: 'out', stream, text });
      const { changes, ...result } = runPython(pyodide, request.run, request, out, request.memoryBytes, () => interrupt && Atomics.store(interrupt, 0, 0));
      post({ type: 'done', result, changes });
    })
    .catch((thrown: unknown) => post({ type: 'failed', message: messageOf(thrown) }));
});
