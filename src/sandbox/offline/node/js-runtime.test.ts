import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runNode } from './js-runtime';
import type { NodeRun } from './js-runtime';
import { createScriptFiles } from './script-files';

let quickjs: QuickJSWASMModule;
beforeAll(async () => {
  quickjs = await newQuickJSWASMModuleFromVariant(RELEASE_SYNC);
});

function run(entry: NodeRun['entry'], workspace: Record<string, string> = {}, options: { argv?: string[]; stopAfterMs?: number; memoryBytes?: number } = {}) {
  const snapshot = new Map(Object.entries(workspace).map(([path, text]) => [`/workspace/${path}`, text]));
  const files = createScriptFiles(snapshot, ['/workspace', '/tmp'], ['/workspace', '/tmp']);
  const output = { stdout: '', stderr: '' };
  const started = Date.now();
  const result = runNode(
    quickjs,
    { cwd: '/workspace', argv: options.argv ?? ('file' in entry ? [entry.file] : []), entry, env: { HOME: '/workspace' } },
    files,
    (stream, text) => (stream === 1 ? (output.stdout += text) : (output.stderr += text)),
    { memoryBytes: options.memoryBytes ?? 64 * 1024 * 1024, shouldStop: () => options.stopAfterMs !== undefined && Date.now() - started > options.stopAfterMs },
  );
  return { ...result, ...output, changes: files.changes() };
}

describe('node on QuickJS', () => {
  it('prints with console.log and exits 0', () => {
    expect(run({ code: 'console.log("hello", 1 + 2, { a: [1, "x"] })' })).toMatchObject({ exitCode: 0, stdout: "hello 3 { a: [ 1, 'x' ] }\n", stderr: '' });
  });

  it('runs a file that requires another workspace file and a JSON file, with process.argv', () => {
    const result = run({ file: '/workspace/src/main.js' }, {
      'src/main.js': 'const { add } = require("./lib"); const data = require("../data.json"); console.log(add(2, 3), data.name, process.argv.slice(2).join(","));',
      'src/lib.js': 'exports.add = (a, b) => a + b;',
      'data.json': '{"name":"demo"}',
    }, { argv: ['/workspace/src/main.js', 'x', 'y'] });
    expect(result).toMatchObject({ exitCode: 0, stdout: '5 demo x,y\n' });
  });

  it('writes files through fs, recorded for the sandbox', () => {
    const result = run({ code: 'const fs = require("fs"); fs.mkdirSync("out"); fs.writeFileSync("out/a.txt", "A"); fs.appendFileSync("out/a.txt", "B"); console.log(fs.readFileSync("out/a.txt", "utf8"), fs.readdirSync("out"))' });
    expect(result.stdout).toBe("AB [ 'a.txt' ]\n");
    expect(result.changes.at(-1)).toEqual({ path: '/workspace/out/a.txt', content: 'AB' });
  });

  it('refuses writes outside the workspace with EACCES', () => {
    const result = run({ code: 'try { require("fs").writeFileSync("/etc/passwd", "x") } catch (e) { console.log(e.code) }' });
    expect(result.stdout).toBe('EACCES\n');
    expect(result.changes).toEqual([]);
  });

  it('says what is missing for a module it cannot offer, and exits 1 on an uncaught error', () => {
    const result = run({ code: 'require("http")' });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("Cannot find module 'http'");
    expect(result.stderr).toContain('WebContainer');
  });

  it('honors process.exit codes and process.exitCode', () => {
    expect(run({ code: 'console.log("a"); process.exit(3); console.log("b")' })).toMatchObject({ exitCode: 3, stdout: 'a\n' });
    expect(run({ code: 'process.exitCode = 2' })).toMatchObject({ exitCode: 2 });
  });

  it('runs promise jobs and timers after the script, in order of their time', () => {
    const result = run({ code: 'setTimeout(() => console.log("late"), 50); setTimeout(() => console.log("soon"), 10); Promise.resolve().then(() => console.log("job")); console.log("now")' });
    expect(result.stdout).toBe('now\njob\nsoon\nlate\n');
  });

  it('stops an endless loop when told to', () => {
    const result = run({ code: 'while (true) {}' }, {}, { stopAfterMs: 100 });
    expect(result).toMatchObject({ exitCode: 130, stopped: 'interrupted' });
  });

  it('ends a script that exhausts its memory with out-of-memory', () => {
    const result = run({ code: "const a = []; while (true) a.push(new Array(100000).fill(1));" }, {}, { memoryBytes: 16 * 1024 * 1024 });
    expect(result).toMatchObject({ exitCode: 134, stopped: 'out-of-memory' });
  });

  it('prints an uncaught error with its stack and the file name', () => {
    const result = run({ file: '/workspace/bad.js' }, { 'bad.js': 'function f() { throw new TypeError("nope"); }\nf();' });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('Uncaught TypeError: nope');
    expect(result.stderr).toContain('bad.js');
  });
});
