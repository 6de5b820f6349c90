/**
 * One `python3` run on Pyodide (CPython in WebAssembly), in an interpreter kept warm between
 * runs: the workspace snapshot is written into its file system at the same paths, the script
 * runs as `__main__` with sys.argv and the working directory set, and what it changed is read
 * back as FileChanges for the sandbox. Each run starts from a clean slate: the workspace's
 * modules are dropped from sys.modules and /workspace and /tmp are emptied first.
 */
import type { FileChange } from '../node/script-files';
import { limitMemory } from './memory-cap';

/** The part of Pyodide's API this file uses (its types are large; these are what matter). */
export interface PyodideLike {
  FS: {
    mkdirTree(path: string): void;
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
    readdir(path: string): string[];
    stat(path: string): { mode: number };
    isDir(mode: number): boolean;
    isFile(mode: number): boolean;
    unlink(path: string): void;
    rmdir(path: string): void;
    analyzePath(path: string): { exists: boolean };
  };
  setStdout(options: { write: (buffer: Uint8Array) => number }): void;
  /** Pyodide reads it during a run: 2 raises KeyboardInterrupt. */
  setInterruptBuffer(buffer: Int32Array): void;
  setStderr(options: { write: (buffer: Uint8Array) => number }): void;
  runPython(code: string, options?: { globals?: unknown }): unknown;
  globals: { get(name: string): unknown };
  /** Emscripten's module: its heap view's buffer is the interpreter's WebAssembly memory. */
  _module: { HEAPU8: Uint8Array };
}

/** The interpreter's memory, at most (it starts at about 30 MB with the standard library). */
export const PYTHON_MEMORY_BYTES = 256 * 1024 * 1024;

export interface PythonRun {
  cwd: string;
  /** sys.argv: the script's path and its arguments (for -c: '-c' and the arguments). */
  argv: string[];
  entry: { file: string } | { code: string };
  env: Record<string, string>;
}

/** Runs one script; the Python below is defined once per interpreter. */
const RUNNER = String.raw`
import os, sys, runpy, traceback, io, gc

def __loopscope_py(value):
    return value.to_py() if hasattr(value, 'to_py') else value

def __loopscope_clean(roots):
    roots = __loopscope_py(roots)
    for name, module in list(sys.modules.items()):
        path = getattr(module, '__file__', None) or ''
        if any(path == root or path.startswith(root + '/') for root in roots):
            del sys.modules[name]

def __loopscope_run(argv, cwd, file, code, env):
    sys.argv = list(__loopscope_py(argv))
    os.environ.clear()
    os.environ.update(dict(__loopscope_py(env)))
    os.chdir(cwd)
    if file is not None:
        sys.path.insert(0, os.path.dirname(file))
    try:
        if file is not None:
            runpy.run_path(file, run_name='__main__')
        else:
            exec(compile(code, '<string>', 'exec'), {'__name__': '__main__', '__builtins__': __builtins__})
        return 0
    except SystemExit as stop:
        code_ = stop.code
        if code_ is None:
            return 0
        if isinstance(code_, int):
            return code_
        print(code_, file=sys.stderr)
        return 1
    except BaseException as error:
        tb = error.__traceback__
        while tb is not None and (tb.tb_frame.f_code.co_filename in ('<exec>', runpy.__file__) or 'runpy' in tb.tb_frame.f_code.co_filename):
            tb = tb.tb_next
        traceback.print_exception(type(error), error, tb)
        if isinstance(error, ModuleNotFoundError):
            print('(The offline sandbox\'s Python has the standard library only: installing packages needs the network.)', file=sys.stderr)
        return 1
    finally:
        if file is not None and sys.path and sys.path[0] == os.path.dirname(file):
            sys.path.pop(0)
        sys.stdout.flush()
        sys.stderr.flush()
        # What the script held (an exception's frames keep its objects in a cycle) is freed for the next run.
        gc.collect()
`;

const prepared = new WeakSet<object>();

function walk(pyodide: PyodideLike, dir: string, into: Map<string, Uint8Array>, dirs: Set<string>): void {
  if (!pyodide.FS.analyzePath(dir).exists) return;
  dirs.add(dir);
  for (const name of pyodide.FS.readdir(dir)) {
    if (name === '.' || name === '..') continue;
    const path = `${dir}/${name}`;
    const { mode } = pyodide.FS.stat(path);
    if (pyodide.FS.isDir(mode)) walk(pyodide, path, into, dirs);
    else if (pyodide.FS.isFile(mode)) into.set(path, pyodide.FS.readFile(path));
  }
}

function empty(pyodide: PyodideLike, dir: string): void {
  if (!pyodide.FS.analyzePath(dir).exists) return;
  for (const name of pyodide.FS.readdir(dir)) {
    if (name === '.' || name === '..') continue;
    const path = `${dir}/${name}`;
    if (pyodide.FS.isDir(pyodide.FS.stat(path).mode)) {
      empty(pyodide, path);
      pyodide.FS.rmdir(path);
    } else pyodide.FS.unlink(path);
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.byteLength === b.byteLength && a.every((byte, index) => byte === b[index]);

/** Text when the bytes are UTF-8, else the bytes. */
function contentOf(bytes: Uint8Array): string | Uint8Array {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes;
  }
}

export function runPython(
  pyodide: PyodideLike,
  run: PythonRun,
  snapshot: { files: [string, Uint8Array][]; directories: string[]; roots: string[] },
  out: (stream: 1 | 2, text: string) => void,
  memoryBytes = PYTHON_MEMORY_BYTES,
  /** Clears a stop asked for (the interrupt buffer) once the script has ended: what follows is ours, and must finish. */
  scriptEnded: () => void = () => undefined,
): { exitCode: number; stopped?: 'out-of-memory'; changes: FileChange[] } {
  if (!prepared.has(pyodide)) {
    pyodide.runPython(RUNNER);
    prepared.add(pyodide);
  }
  const decoders = { 1: new TextDecoder(), 2: new TextDecoder() };
  pyodide.setStdout({ write: (buffer) => (out(1, decoders[1].decode(buffer, { stream: true })), buffer.length) });
  pyodide.setStderr({ write: (buffer) => (out(2, decoders[2].decode(buffer, { stream: true })), buffer.length) });
  for (const root of snapshot.roots) {
    empty(pyodide, root);
    pyodide.FS.mkdirTree(root);
  }
  for (const dir of snapshot.directories) pyodide.FS.mkdirTree(dir);
  for (const [path, bytes] of snapshot.files) {
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf('/')) || '/');
    pyodide.FS.writeFile(path, bytes);
  }
  const clean = pyodide.globals.get('__loopscope_clean') as (roots: string[]) => void;
  clean(snapshot.roots);
  // undefined becomes None (null would be a JsNull).
  const start = pyodide.globals.get('__loopscope_run') as (argv: string[], cwd: string, file: string | undefined, code: string | undefined, env: Record<string, string>) => number;
  const entry = run.entry;
  const cap = limitMemory(() => pyodide._module.HEAPU8.buffer, memoryBytes);
  let exitCode: number;
  try {
    exitCode = start(run.argv, run.cwd, 'file' in entry ? entry.file : undefined, 'code' in entry ? entry.code : undefined, run.env);
  } catch (thrown) {
    // A stop that arrived while the runner itself was finishing: the script has ended, and what it wrote is kept.
    if ((thrown as { type?: unknown } | null)?.type !== 'KeyboardInterrupt') throw thrown;
    exitCode = 130;
  } finally {
    cap.release();
    scriptEnded();
  }
  pyodide.runPython('import os; os.chdir("/")');
  // The script ran out of its memory and did not recover (a MemoryError it caught is its own business).
  const outOfMemory = cap.refused() && exitCode !== 0;

  const before = new Map(snapshot.files);
  const after = new Map<string, Uint8Array>();
  const dirsAfter = new Set<string>();
  for (const root of snapshot.roots) walk(pyodide, root, after, dirsAfter);
  const changes: FileChange[] = [];
  const dirsBefore = new Set(snapshot.directories);
  for (const dir of [...dirsAfter].sort()) if (!dirsBefore.has(dir) && !snapshot.roots.includes(dir)) changes.push({ path: dir, directory: true });
  for (const [path, bytes] of after) {
    const old = before.get(path);
    if (!old || !sameBytes(old, bytes)) changes.push({ path, content: contentOf(bytes) });
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push({ path, removed: true, directory: false });
  for (const dir of dirsBefore) if (!dirsAfter.has(dir) && !snapshot.roots.includes(dir)) changes.push({ path: dir, removed: true, directory: true });
  if (outOfMemory) return { exitCode: 134, stopped: 'out-of-memory', changes };
  return { exitCode: typeof exitCode === 'number' ? exitCode : 1, changes };
}
