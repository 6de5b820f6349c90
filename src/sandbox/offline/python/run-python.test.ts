/** python3 on Pyodide, in Node (the browser runs the same in a worker of its own). */
import { loadPyodide } from 'pyodide';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PyodideLike, PythonRun } from './run-python';
import { runPython } from './run-python';

let pyodide: PyodideLike;
beforeAll(async () => {
  pyodide = (await loadPyodide()) as unknown as PyodideLike;
}, 60_000);

const encode = (text: string) => new TextEncoder().encode(text);

function run(entry: PythonRun['entry'], workspace: Record<string, string> = {}, argv?: string[], memoryBytes?: number) {
  const output = { stdout: '', stderr: '' };
  const files = Object.entries(workspace).map(([path, text]) => [`/workspace/${path}`, encode(text)] as [string, Uint8Array]);
  const result = runPython(
    pyodide,
    { cwd: '/workspace', argv: argv ?? ('file' in entry ? [entry.file] : ['-c']), entry, env: { HOME: '/workspace' } },
    { files, directories: ['/workspace'], roots: ['/workspace', '/tmp'] },
    (stream, text) => (stream === 1 ? (output.stdout += text) : (output.stderr += text)),
    memoryBytes,
  );
  return { ...result, ...output };
}

describe('python3 on Pyodide', () => {
  it('a script that needs more than its memory gets MemoryError and is reported out of memory; the interpreter goes on', () => {
    const limit = 128 * 1024 * 1024;
    const greedy = run({ code: 'blocks = []\nwhile True: blocks.append(bytearray(8 * 1024 * 1024))' }, {}, undefined, limit);
    expect(greedy).toMatchObject({ exitCode: 134, stopped: 'out-of-memory' });
    expect(greedy.stderr).toContain('MemoryError');
    // One that catches it is its own business; the next run has its memory back.
    expect(run({ code: 'try:\n    b = bytearray(400 * 1024 * 1024)\nexcept MemoryError:\n    print("caught")' }, {}, undefined, limit)).toMatchObject({ exitCode: 0, stdout: 'caught\n' });
    expect(run({ code: 'print(len(bytearray(16 * 1024 * 1024)))' }, {}, undefined, limit)).toMatchObject({ exitCode: 0, stdout: '16777216\n' });
  }, 60_000);

  it('a stop through the interrupt buffer ends a script that never yields, keeps what it wrote, and the next run starts clear', () => {
    const interrupt = new Int32Array(new SharedArrayBuffer(4));
    // The script itself asks for the stop once it has written its file, as the runner's Stop does
    // from another thread: no second thread, so the test is the same on every machine. The loop is
    // bounded, so that a stop that never comes fails the test instead of hanging the run.
    (globalThis as { __loopscopeTestStop?: () => void }).__loopscopeTestStop = () => void Atomics.store(interrupt, 0, 2);
    pyodide.setInterruptBuffer(interrupt);
    const output = { stderr: '' };
    const code = 'import js, time\nopen("partial.txt", "w").write("line 1\\n")\njs.__loopscopeTestStop()\nend = time.time() + 20\nwhile time.time() < end: pass';
    const result = runPython(
      pyodide,
      { cwd: '/workspace', argv: ['-c'], entry: { code }, env: {} },
      { files: [], directories: ['/workspace'], roots: ['/workspace', '/tmp'] },
      (stream, text) => stream === 2 && (output.stderr += text),
      undefined,
      () => Atomics.store(interrupt, 0, 0),
    );
    delete (globalThis as { __loopscopeTestStop?: () => void }).__loopscopeTestStop;
    expect(output.stderr).toContain('KeyboardInterrupt');
    expect(result.changes).toContainEqual({ path: '/workspace/partial.txt', content: 'line 1\n' });
    expect(Atomics.load(interrupt, 0)).toBe(0);
    expect(run({ code: 'print("next")' })).toMatchObject({ exitCode: 0, stdout: 'next\n' });
  }, 60_000);

  it('prints and exits 0', () => {
    expect(run({ code: 'print("hello", 1 + 2)' })).toMatchObject({ exitCode: 0, stdout: 'hello 3\n', stderr: '', changes: [] });
  });

  it('runs a file that imports another workspace module, with sys.argv', () => {
    const result = run({ file: '/workspace/app/main.py' }, { 'app/main.py': 'import sys\nfrom helper import twice\nprint(twice(21), sys.argv[1:])', 'app/helper.py': 'def twice(n):\n    return n * 2\n' }, ['/workspace/app/main.py', 'x']);
    expect(result).toMatchObject({ exitCode: 0, stdout: "42 ['x']\n" });
  });

  it('reports what the script wrote, removed and made', () => {
    const result = run({ code: 'import os\nos.makedirs("out")\nopen("out/a.txt", "w").write("A")\nos.remove("old.txt")\nopen("img.bin", "wb").write(bytes([0, 255]))' }, { 'old.txt': 'x' });
    expect(result.exitCode).toBe(0);
    expect(result.changes).toEqual(expect.arrayContaining([
      { path: '/workspace/out', directory: true },
      { path: '/workspace/out/a.txt', content: 'A' },
      { path: '/workspace/img.bin', content: new Uint8Array([0, 255]) },
      { path: '/workspace/old.txt', removed: true, directory: false },
    ]));
  });

  it('gives sys.exit codes, and an uncaught error a traceback without the runner\'s frames and exit code 1', () => {
    expect(run({ code: 'import sys\nprint("a")\nsys.exit(3)' })).toMatchObject({ exitCode: 3, stdout: 'a\n' });
    const failed = run({ file: '/workspace/bad.py' }, { 'bad.py': 'def f():\n    raise ValueError("nope")\nf()\n' });
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain('ValueError: nope');
    expect(failed.stderr).toContain('bad.py", line 3');
    expect(failed.stderr).not.toContain('runpy');
  });

  it('starts each run clean: a changed module is imported afresh, and files of the last run are gone', () => {
    expect(run({ file: '/workspace/m.py' }, { 'm.py': 'import lib; print(lib.V)', 'lib.py': 'V = 1' }).stdout).toBe('1\n');
    expect(run({ file: '/workspace/m.py' }, { 'm.py': 'import lib; print(lib.V)', 'lib.py': 'V = 2' }).stdout).toBe('2\n');
    expect(run({ code: 'import os; print(os.path.exists("lib.py"))' }).stdout).toBe('False\n');
  });

  it('says a missing package needs the network', () => {
    const result = run({ code: 'import requests' });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("No module named 'requests'");
    expect(result.stderr).toContain('needs the network');
  });
});
