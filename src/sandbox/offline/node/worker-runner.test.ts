// The runner's side of Stop: ask the script's thread first (the interrupt flag), end it when it does not answer.
import { describe, expect, it } from 'vitest';
import type { NodeWorkerMessage, ScriptRunEnvelope } from './node-protocol';
import { createWorkerRunner } from './node-runner';

/** A script's thread that spins until its interrupt flag is set, then reports what it wrote (or never answers). */
class SpinningWorker {
  onmessage: ((event: MessageEvent<NodeWorkerMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  runs = 0;
  constructor(private readonly answersInterrupt: boolean) {}
  postMessage(envelope: ScriptRunEnvelope<string>): void {
    this.runs += 1;
    this.onmessage?.({ data: { type: 'out', stream: 1, text: `started ${envelope.request}\n` } } as MessageEvent<NodeWorkerMessage>);
    const poll = () => {
      if (this.terminated) return;
      if (this.answersInterrupt && envelope.interrupt && Atomics.load(envelope.interrupt, 0) === 2) {
        this.onmessage?.({ data: { type: 'done', result: { exitCode: 130, stopped: 'interrupted' }, changes: [{ path: '/workspace/partial.txt', content: 'line 1\n' }] } } as MessageEvent<NodeWorkerMessage>);
        return;
      }
      setTimeout(poll, 5);
    };
    setTimeout(poll, 5);
  }
  terminate(): void {
    this.terminated = true;
  }
}

function runnerWith(worker: SpinningWorker, interruptible: boolean) {
  const made: SpinningWorker[] = [];
  const runner = createWorkerRunner<string>(() => (made.push(worker), worker as unknown as Worker), { interruptible, graceMs: 100 });
  return { runner, made };
}

describe('stopping a script that runs in a thread of its own', () => {
  it('asks the script to end, keeps what it wrote, and keeps the thread warm for the next run', async () => {
    const worker = new SpinningWorker(true);
    const { runner, made } = runnerWith(worker, true);
    const stop = new AbortController();
    const output: string[] = [];
    const outcome = runner.run('spin.js', stop.signal, { ready: () => undefined, out: (_stream, text) => output.push(text) });
    setTimeout(() => stop.abort(), 20);
    expect(await outcome).toEqual({ type: 'stopped', changes: [{ path: '/workspace/partial.txt', content: 'line 1\n' }] });
    expect(output).toEqual(['started spin.js\n']);
    expect(worker.terminated).toBe(false);
    // The next run reuses the thread, with its flag cleared.
    const next = new AbortController();
    const second = runner.run('again.js', next.signal, { ready: () => undefined, out: () => undefined });
    setTimeout(() => next.abort(), 20);
    expect(await second).toMatchObject({ type: 'stopped', changes: [{ path: '/workspace/partial.txt' }] });
    expect(made).toHaveLength(1);
    expect(worker.runs).toBe(2);
  });

  it('ends the thread of a script that does not end within the grace, and reports no changes', async () => {
    const worker = new SpinningWorker(false);
    const { runner } = runnerWith(worker, true);
    const stop = new AbortController();
    const outcome = runner.run('stubborn.js', stop.signal, { ready: () => undefined, out: () => undefined });
    setTimeout(() => stop.abort(), 20);
    expect(await outcome).toEqual({ type: 'stopped' });
    expect(worker.terminated).toBe(true);
  });

  it('ends the thread at once where shared memory is not allowed', async () => {
    const worker = new SpinningWorker(true);
    const { runner } = runnerWith(worker, false);
    const stop = new AbortController();
    const outcome = runner.run('spin.js', stop.signal, { ready: () => undefined, out: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    expect(worker.terminated).toBe(true);
    expect(await outcome).toEqual({ type: 'stopped' });
  });
});
