import { describe, expect, it } from 'vitest';
import { isConcurrencySafe, partitionWaves } from './scheduler/policy';
import { createDeferred } from './testing/deferred';
import type { Deferred } from './testing/deferred';
import { FC, reply } from './testing/fake-model';
import type { FakeCall } from './testing/fake-model';
import { createHarness, waitUntil } from './testing/harness';
import type { ToolLogEntry } from './testing/fake-tools';

function overlaps(a: ToolLogEntry, b: ToolLogEntry): boolean {
  return a.tStart < b.tEnd! && b.tStart < a.tEnd!;
}

function batch(calls: FakeCall[]) {
  return [reply({ calls, finish: 'STOP' }), reply('ok', 'STOP')];
}

const readOnlyShell = (args: Record<string, unknown>): boolean => /^(ls|cat)\b/.test(String(args['command']));

describe('D. batching and concurrency', () => {
  it('D1 [read, read, edit, read] runs as [[read, read]], [edit], [read]', async () => {
    const h = createHarness({
      script: batch([
        FC('read_file', { file_path: 'a' }),
        FC('read_file', { file_path: 'b' }),
        FC('edit', { file_path: 'c', old_string: 'x', new_string: 'y' }),
        FC('read_file', { file_path: 'd' }),
      ]),
      tools: { read_file: { delayMs: 50 }, edit: { delayMs: 50 } },
    });
    await h.run('q');
    const [a, b, c, d] = h.tools.toolLog;
    expect(overlaps(a!, b!)).toBe(true);
    expect(c!.tStart).toBeGreaterThanOrEqual(Math.max(a!.tEnd!, b!.tEnd!));
    expect(d!.tStart).toBeGreaterThanOrEqual(c!.tEnd!);
    h.expectHealthy();
  });

  it('D2 shell calls run in parallel only when known read-only', async () => {
    const h = createHarness({
      script: batch(['ls', 'ls -a', 'npm install', 'cat x'].map((command) => FC('run_shell_command', { command }))),
      tools: { run_shell_command: { delayMs: 10, isReadOnly: readOnlyShell } },
    });
    await h.run('q');
    const [ls1, ls2, npm, cat] = h.tools.toolLog;
    expect(overlaps(ls1!, ls2!)).toBe(true);
    expect(npm!.tStart).toBeGreaterThanOrEqual(ls2!.tEnd!);
    expect(cat!.tStart).toBeGreaterThanOrEqual(npm!.tEnd!);
  });

  it('D2 a throwing read-only check is unsafe: every call runs alone', async () => {
    const h = createHarness({
      script: batch(['ls', 'ls -a', 'npm install', 'cat x'].map((command) => FC('run_shell_command', { command }))),
      tools: { run_shell_command: { delayMs: 10, isReadOnly: () => { throw new Error('checker broke'); } } },
    });
    await h.run('q');
    const log = h.tools.toolLog;
    for (let i = 1; i < log.length; i++) expect(log[i]!.tStart).toBeGreaterThanOrEqual(log[i - 1]!.tEnd!);
  });

  it('D2 unknown tools and non-string commands are unsafe', () => {
    expect(isConcurrencySafe(undefined, {})).toBe(false);
    const waves = partitionWaves([1, 2, 3, 4, 5], (n) => n !== 3);
    expect(waves).toEqual([[1, 2], [3], [4, 5]]);
  });

  it('D3 at most 10 calls run at once; the 11th starts when one ends', async () => {
    const gates: Deferred[] = Array.from({ length: 12 }, () => createDeferred());
    const h = createHarness({
      script: batch(gates.map((_, n) => FC('read_file', { file_path: `f${n}` }))),
      tools: { read_file: { gate: (args) => gates[Number(String(args['file_path']).slice(1))]!.promise } },
    });
    const running = h.run('q');
    await waitUntil(() => h.tools.toolLog.length === 10);
    await h.clock.advance(0);
    expect(h.tools.toolLog).toHaveLength(10);
    gates[0]!.resolve();
    await waitUntil(() => h.tools.toolLog.length === 11);
    for (const gate of gates) gate.resolve();
    await running;
    expect(h.tools.maxConcurrent()).toBe(10);
    expect(h.tools.toolLog).toHaveLength(12);
    h.expectHealthy();
  });

  it('D3 the cap is configurable', async () => {
    const h = createHarness({
      script: batch([1, 2, 3, 4].map((n) => FC('read_file', { file_path: `f${n}` }))),
      tools: { read_file: { delayMs: 10 } },
      config: { maxConcurrency: 2 },
    });
    await h.run('q');
    expect(h.tools.maxConcurrent()).toBe(2);
  });

  it('D5 results keep declaration order whatever the completion order', async () => {
    const h = createHarness({
      script: batch([30, 10, 20].map((delay) => FC('read_file', { file_path: `d${delay}` }))),
      tools: { read_file: { delayMs: (args) => Number(String(args['file_path']).slice(1)) } },
    });
    await h.run('q');
    const outputs = h.model.requests[1]!.contents.at(-1)!.parts.map((part) => part.functionResponse!.response['output']);
    expect(outputs).toEqual(['contents of d30', 'contents of d10', 'contents of d20']);
    const views = h.ofType('tool_calls_update').at(-1)!.value;
    expect(views.map((view) => view.index)).toEqual([0, 1, 2]);
  });
});
