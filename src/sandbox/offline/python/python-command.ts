/**
 * `python3 FILE [ARGS]`, `python3 -c CODE`, `python3 -m MODULE` (and `python`) in the offline
 * shell, on Pyodide (the standard library only): the workspace is read as bytes, the script
 * runs in its own thread (python-runner.worker.ts; in this thread where there are no workers),
 * and what it changed is written back, into the tree and storage. `pip` and `python3 -m pip`
 * say that installing needs the network. Output arrives when the script ends.
 */
import type { CustomCommand, IFileSystem } from 'just-bash';
import { defineCommand } from 'just-bash';
import { messageOf } from '../../../shared/errors';
import type { ScriptRunner } from '../node/node-runner';
import { runScriptCommand } from '../node/script-command';
import type { Answer } from '../node/script-command';
import { loadPyodideOnce } from './load-pyodide';
import type { PythonRunRequest } from './python-protocol';
import { PYTHON_MEMORY_BYTES, runPython } from './run-python';
import { formatBytes } from '../../../shared/format-bytes';
import type { LiveOutputs } from '../live-output';
import type { StoppingScripts } from '../stopping-scripts';
import type { PythonRun } from './run-python';

export const PIP_MESSAGE =
  'Installing Python packages needs the network, which the offline sandbox does not have: its Python (Pyodide) has the standard library only. ' +
  'Use the standard library, or the WebContainer sandbox for JavaScript packages.\n';

function parse(args: string[], cwd: string): { run: Omit<PythonRun, 'env' | 'cwd'> } | { answer: Answer } {
  const [first, second, ...rest] = args;
  if (first === undefined) return { answer: { stdout: '', stderr: 'python3: the interactive prompt is not available in the offline sandbox; run a file (python3 app.py) or code (python3 -c "…").\n', exitCode: 2 } };
  if (first === '-V' || first === '--version') return { answer: { stdout: 'Python 3 (Pyodide in the offline sandbox)\n', stderr: '', exitCode: 0 } };
  if (first === '-c') {
    if (second === undefined) return { answer: { stdout: '', stderr: 'python3: -c requires an argument\n', exitCode: 2 } };
    return { run: { entry: { code: second }, argv: ['-c', ...rest] } };
  }
  if (first === '-m') {
    if (second === undefined) return { answer: { stdout: '', stderr: 'python3: -m requires a module name\n', exitCode: 2 } };
    if (second === 'pip' || second === 'ensurepip' || second === 'venv') return { answer: { stdout: '', stderr: PIP_MESSAGE, exitCode: 1 } };
    return { run: { entry: { code: `import runpy\nrunpy.run_module(${JSON.stringify(second)}, run_name='__main__', alter_sys=True)` }, argv: [second, ...rest] } };
  }
  if (first.startsWith('-')) return { answer: { stdout: '', stderr: `python3: ${first} is not supported in the offline sandbox (it offers FILE, -c CODE, -m MODULE and --version)\n`, exitCode: 2 } };
  const file = first.startsWith('/') ? first : `${cwd.replace(/\/$/, '')}/${first}`;
  return { run: { entry: { file }, argv: [file, ...args.slice(1)] } };
}

/** Without workers (Node, tests): the same run in this thread, from the npm package. */
export function inThreadPythonRunner(): ScriptRunner<PythonRunRequest> {
  return {
    async run(request, _signal, listener) {
      try {
        const pyodide = await loadPyodideOnce();
        listener.ready();
        const { changes, ...result } = runPython(pyodide, request.run, request, listener.out, request.memoryBytes);
        return { type: 'done', result, changes };
      } catch (thrown) {
        return { type: 'failed', message: messageOf(thrown) };
      }
    },
  };
}

export function pythonCommands(options: { runner: ScriptRunner<PythonRunRequest>; roots: readonly string[]; live?: LiveOutputs; memoryBytes?: number; files?: IFileSystem; scripts?: StoppingScripts }): CustomCommand[] {
  const memoryBytes = options.memoryBytes ?? PYTHON_MEMORY_BYTES;
  const run = async (args: string[], ctx: Parameters<Parameters<typeof defineCommand>[1]>[1]): Promise<Answer> => {
    const parsed = parse(args, ctx.cwd);
    if ('answer' in parsed) return parsed.answer;
    const ran = await runScriptCommand(ctx, {
      name: 'python3',
      engine: 'Python',
      runner: options.runner,
      roots: options.roots,
      live: options.live,
      files: options.files,
      scripts: options.scripts,
      read: (fs, path) => fs.readFileBuffer(path),
      request: (files, env) => ({ run: { ...parsed.run, cwd: ctx.cwd, env }, ...files, roots: [...options.roots], memoryBytes }),
    });
    if ('answer' in ran) return ran.answer;
    if (ran.result.stopped === 'out-of-memory') {
      return { ...ran.output, stderr: `${ran.output.stderr}python3: the script needed more than its ${formatBytes(memoryBytes)} of memory (MemoryError) and was stopped.\n`, exitCode: ran.result.exitCode };
    }
    return { ...ran.output, exitCode: ran.result.exitCode };
  };
  const pip = async (): Promise<Answer> => ({ stdout: '', stderr: PIP_MESSAGE, exitCode: 1 });
  return [defineCommand('python3', run), defineCommand('python', run), defineCommand('pip', pip), defineCommand('pip3', pip)];
}
