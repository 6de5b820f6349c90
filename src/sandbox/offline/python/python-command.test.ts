/**
 * `python3` in the offline sandbox through the shell (just-bash) and the in-thread runner (the
 * browser uses a worker of its own): files in, output out, files written back, exit codes,
 * and pip's answer.
 */
import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../offline-sandbox';

describe('python3 in the offline sandbox', () => {
  it('runs a file the agent wrote, with its arguments; python and -c too', async () => {
    const sandbox = await createOfflineSandbox({ files: { 'hello.py': 'import sys\nprint(f"Hello, {sys.argv[1]}!")\n' } });
    expect(await sandbox.exec('python3 hello.py class')).toMatchObject({ exitCode: 0, stdout: 'Hello, class!\n', stderr: '' });
    expect((await sandbox.exec('python -c "print(6 * 7)"')).stdout).toBe('42\n');
    expect((await sandbox.exec('python3 --version')).stdout).toContain('Pyodide');
  }, 60_000);

  it('writes text and binary files into the workspace, where the shell sees them', async () => {
    const sandbox = await createOfflineSandbox({ files: { 'make.py': 'import os\nos.makedirs("out", exist_ok=True)\nopen("out/r.txt", "w").write("done\\n")\nopen("out/b.bin", "wb").write(bytes([0, 200]))\n' } });
    expect((await sandbox.exec('python3 make.py')).exitCode).toBe(0);
    expect(await sandbox.readTextFile('out/r.txt')).toBe('done\n');
    expect(Array.from(await sandbox.readFile('out/b.bin'))).toEqual([0, 200]);
  }, 60_000);

  it('runs from the working directory given, and -m runs a module', async () => {
    const sandbox = await createOfflineSandbox({ files: { 'pkg/tool.py': 'import os\nprint(os.getcwd())\n' } });
    expect((await sandbox.exec('python3 tool.py', { cwd: 'pkg' })).stdout).toBe('/workspace/pkg\n');
    expect((await sandbox.exec('python3 -m json.tool --help')).exitCode).toBe(0);
  }, 60_000);

  it('exits with the script\'s code and prints its traceback', async () => {
    const sandbox = await createOfflineSandbox({ files: { 'bad.py': 'raise SystemExit(5)\n', 'err.py': '1/0\n' } });
    expect((await sandbox.exec('python3 bad.py || echo "code $?"')).stdout).toBe('code 5\n');
    const failed = await sandbox.exec('python3 err.py');
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain('ZeroDivisionError');
  }, 60_000);

  it('a script that needs more than its memory ends with a message that says so', async () => {
    const sandbox = await createOfflineSandbox();
    const result = await sandbox.exec('python3 -c "b = bytearray(300 * 1024 * 1024)"');
    expect(result.exitCode).toBe(134);
    expect(result.stderr).toContain('MemoryError');
    expect(result.stderr).toContain('python3: the script needed more than its 256 MB of memory (MemoryError) and was stopped.');
    expect((await sandbox.exec('python3 -c "print(1)"')).stdout).toBe('1\n');
  }, 60_000);

  it('says pip needs the network, however it is asked', async () => {
    const sandbox = await createOfflineSandbox();
    for (const command of ['pip install requests', 'pip3 install numpy', 'python3 -m pip install x']) {
      const result = await sandbox.exec(command);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('needs the network');
    }
  }, 60_000);
});
