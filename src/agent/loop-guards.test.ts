import { describe, expect, it } from 'vitest';
import { RETRY_LOOP_DIRECTIVE } from './guards/validation-retry';
import { LOOP_NOT_EXECUTED_MESSAGE } from './tool-round/tool-round';
import { FC, reply } from './testing/fake-model';
import type { FakeResponse } from './testing/fake-model';
import { createHarness } from './testing/harness';

const read = (args: Record<string, unknown>) => reply(FC('read_file', args), 'STOP');
const shell = (command: string) => reply(FC('run_shell_command', { command }), 'STOP');

function frError(h: ReturnType<typeof createHarness>, request: number): string {
  return String(h.model.requests[request]!.contents.at(-1)!.parts[0]!.functionResponse!.response['error'] ?? '');
}

describe('H. loop detection and anomaly warnings', () => {
  it('H1 the 5th identical consecutive call is a loop and is not executed', async () => {
    const h = createHarness({ script: [...Array.from({ length: 5 }, () => read({ file_path: 'a' })), reply('x', 'STOP')] });
    expect(await h.run('q')).toBe('loop_detected');
    expect(h.tools.toolLog).toHaveLength(4);
    expect(h.ofType('loop_detected')).toEqual([{ type: 'loop_detected', value: expect.objectContaining({ loopType: 'consecutive_identical_tool_calls' }) }]);
    expect(h.model.requests).toHaveLength(5);
    expect(h.model.remaining()).toBe(1);
    const last = h.store.history().at(-1)!;
    expect(last.parts[0]!.functionResponse!.response).toEqual({ error: LOOP_NOT_EXECUTED_MESSAGE });
    // The card of the call that was not run names its file, like every other card.
    expect(h.ofType('tool_calls_update').at(-1)!.value).toEqual([
      expect.objectContaining({ name: 'read_file', summary: 'a', status: 'error', resultText: LOOP_NOT_EXECUTED_MESSAGE }),
    ]);
    h.expectHealthy();
  });

  it('H1 key order does not matter', async () => {
    const h = createHarness({
      script: [0, 1, 2, 3, 4].map((n) => read(n % 2 ? { limit: 1, file_path: 'a' } : { file_path: 'a', limit: 1 })),
    });
    expect(await h.run('q')).toBe('loop_detected');
    expect(h.tools.toolLog).toHaveLength(4);
  });

  it('H1 a different call restarts the streak', async () => {
    const paths = ['a', 'a', 'b', 'a', 'a', 'a', 'a'];
    const h = createHarness({ script: [...paths.map((file_path) => read({ file_path })), reply('done', 'STOP')] });
    expect(await h.run('q')).toBe('completed');
    expect(h.ofType('loop_detected')).toHaveLength(0);
  });

  it('H1 a new user prompt resets the streak', async () => {
    const h = createHarness({ script: [read({ file_path: 'a' }), read({ file_path: 'a' }), read({ file_path: 'a' }), reply('x', 'STOP'), read({ file_path: 'a' }), read({ file_path: 'a' }), reply('y', 'STOP')] });
    await h.run('q');
    expect(await h.run('again')).toBe('completed');
  });

  it('H2 eight git inspections in a row are a loop', async () => {
    const h = createHarness({ script: Array.from({ length: 8 }, (_, n) => shell(n % 2 ? 'git diff HEAD' : 'git status')) });
    expect(await h.run('q')).toBe('loop_detected');
    expect(h.tools.toolLog).toHaveLength(7);
    expect(h.ofType('loop_detected')[0]!.value.loopType).toBe('shell_command_stagnation');
  });

  it('H2 a pathspec diff resets the streak', async () => {
    const commands = ['git status', 'git diff HEAD', 'git status', 'git diff -- src/a.ts', 'git status', 'git diff HEAD', 'git status', 'git diff HEAD'];
    const h = createHarness({ script: [...commands.map(shell), reply('done', 'STOP')] });
    expect(await h.run('q')).toBe('completed');
  });

  it('H3 101 distinct calls are allowed (adaptive cap)', async () => {
    const script: FakeResponse[] = Array.from({ length: 101 }, (_, n) => read({ file_path: `f${n}` }));
    const h = createHarness({ script: [...script, reply('done', 'STOP')] });
    expect(await h.run('q')).toBe('completed');
    expect(h.tools.toolLog).toHaveLength(101);
  });

  it('H3 an explicit maxToolCallsPerTurn is a hard cap', async () => {
    const h = createHarness({ script: [0, 1, 2, 3].map((n) => read({ file_path: `f${n}` })), config: { maxToolCallsPerTurn: 3 } });
    expect(await h.run('q')).toBe('loop_detected');
    expect(h.tools.toolLog).toHaveLength(3);
    expect(h.ofType('loop_detected')[0]!.value.loopType).toBe('turn_tool_call_cap');
  });

  it('H4 heuristics are off by default: 8 reads after a write do not stop', async () => {
    const script = [reply(FC('write_file', { file_path: 'w', content: 'x' }), 'STOP'), ...Array.from({ length: 8 }, (_, n) => read({ file_path: `r${n}` })), reply('done', 'STOP')];
    const h = createHarness({ script });
    expect(await h.run('q')).toBe('completed');
  });

  it('H4 with heuristics on, read churn after a write is a loop', async () => {
    const script = [reply(FC('write_file', { file_path: 'w', content: 'x' }), 'STOP'), ...Array.from({ length: 8 }, (_, n) => read({ file_path: `r${n}` }))];
    const h = createHarness({ script, settings: { loopHeuristics: true } });
    expect(await h.run('q')).toBe('loop_detected');
    expect(h.ofType('loop_detected')[0]!.value.loopType).toBe('read_file_loop');
  });

  it('H4 turned on in settings applies from the next interaction of the same session', async () => {
    const churn = [reply(FC('write_file', { file_path: 'w', content: 'x' }), 'STOP'), ...Array.from({ length: 8 }, (_, n) => read({ file_path: `r${n}` }))];
    const h = createHarness({ script: [reply('hello', 'STOP'), ...churn] });
    expect(await h.run('first')).toBe('completed');
    h.agent.updateSettings({ loopHeuristics: true });
    expect(await h.run('second')).toBe('loop_detected');
    expect(h.ofType('loop_detected')[0]!.value.loopType).toBe('read_file_loop');
  });

  it('H4 turned off in settings applies from the next interaction too', async () => {
    const churn = (tag: string) => [reply(FC('write_file', { file_path: `w${tag}`, content: 'x' }), 'STOP'), ...Array.from({ length: 8 }, (_, n) => read({ file_path: `r${tag}${n}` }))];
    const h = createHarness({ script: [...churn('a'), ...churn('b'), reply('done', 'STOP')], settings: { loopHeuristics: true } });
    expect(await h.run('first')).toBe('loop_detected');
    h.agent.updateSettings({ loopHeuristics: false });
    expect(await h.run('second')).toBe('completed');
  });

  it('H5 calls of a failed attempt do not count toward the streak', async () => {
    const four = Array.from({ length: 4 }, () => FC('read_file', { file_path: 'a' }));
    const h = createHarness({
      script: [{ chunks: [{ calls: four }], failAfter: { chunkIndex: 0, error: { status: 429 } } }, reply({ calls: four, finish: 'STOP' }), reply('done', 'STOP')],
    });
    expect(await h.run('q')).toBe('completed');
    expect(h.ofType('loop_detected')).toHaveLength(0);
  });

  it('H5 a retry keeps the calls of the rounds before it in the per-turn count', async () => {
    const three = [0, 1, 2].map((n) => FC('read_file', { file_path: `a${n}` }));
    const two = [0, 1].map((n) => FC('read_file', { file_path: `b${n}` }));
    const h = createHarness({
      script: [reply({ calls: three, finish: 'STOP' }), { error: { status: 429 } }, reply({ calls: two, finish: 'STOP' }), reply('done', 'STOP')],
      config: { maxToolCallsPerTurn: 4 },
    });
    expect(await h.run('q')).toBe('loop_detected');
    expect(h.ofType('loop_detected')[0]!.value.loopType).toBe('turn_tool_call_cap');
    expect(h.tools.toolLog).toHaveLength(3);
    h.expectHealthy();
  });

  it('H6 disableLoopDetection turns the guard off for the session', async () => {
    const h = createHarness({ script: [...Array.from({ length: 6 }, () => read({ file_path: 'a' })), reply('done', 'STOP')] });
    h.agent.disableLoopDetection();
    expect(await h.run('q')).toBe('completed');
    expect(h.tools.toolLog).toHaveLength(6);
  });

  it('H8 the 3rd identical call gets one reminder and one anomaly warning', async () => {
    const h = createHarness({ script: [...Array.from({ length: 4 }, () => read({ file_path: 'a' })), reply('done', 'STOP')] });
    expect(await h.run('q')).toBe('completed');
    const third = h.model.requests[3]!.contents.at(-1)!;
    expect(third.parts[0]!.functionResponse).toBeDefined();
    expect(third.parts[1]!.text).toMatch(/^<system-reminder>You have called read_file with the same input 3 times in a row\./);
    expect(h.ofType('model_anomaly_warning')).toHaveLength(1);
    expect(h.model.requests[4]!.contents.at(-1)!.parts).toHaveLength(1);
    expect(h.ofType('loop_detected')).toHaveLength(0);
  });

  it('C6 the 3rd identical validation failure gets the retry-loop directive; the loop goes on', async () => {
    const h = createHarness({ script: [read({}), read({}), read({}), reply('giving up', 'STOP')] });
    expect(await h.run('q')).toBe('completed');
    expect(frError(h, 1)).not.toContain('RETRY LOOP DETECTED');
    expect(frError(h, 2)).not.toContain('RETRY LOOP DETECTED');
    expect(frError(h, 3)).toContain(RETRY_LOOP_DIRECTIVE.trim());
    expect(h.model.requests).toHaveLength(4);
  });

  it('C6 a valid call clears the counter', async () => {
    const h = createHarness({
      script: [read({}), read({ file_path: 'a' }), read({}), read({}), read({}), reply('x', 'STOP')],
    });
    await h.run('q');
    expect([1, 3, 4].map((n) => frError(h, n).includes('RETRY LOOP DETECTED'))).toEqual([false, false, false]);
    expect(frError(h, 5)).toContain('RETRY LOOP DETECTED');
  });
});
