import { describe, expect, it } from 'vitest';
import { ORPHAN_TOOL_USE_REPAIR_REASON } from './history/orphan-repair';
import { FC, reply } from './testing/fake-model';
import { createHarness, texts } from './testing/harness';
import type { Content } from '../shared/content';

const q: Content = { role: 'user', parts: [{ text: 'q' }] };

function countText(contents: readonly Content[], text: string): number {
  return contents.flatMap((content) => texts(content)).filter((candidate) => candidate === text).length;
}

describe('G. interruption and resume', () => {
  it('G1 interruption() classifies the stored tail', () => {
    expect(createHarness().agent.interruption()).toEqual({ type: 'none' });
    expect(createHarness({ initialHistory: [q] }).agent.interruption()).toEqual({ type: 'interrupted_prompt', parts: [{ text: 'q' }] });
  });

  it('G1 resume of an interrupted turn answers the dangling call and never re-runs it', async () => {
    const h = createHarness({
      initialHistory: [q, { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'read_file', args: { file_path: 'a' } } }] }],
      script: [reply('ok', 'STOP')],
    });
    expect(h.agent.interruption()).toEqual({ type: 'interrupted_turn', dangling: [{ callId: 'c1', name: 'read_file' }] });
    expect(await h.resume()).toBe('completed');
    const last = h.model.requests[0]!.contents.at(-1)!;
    expect(last.parts[0]!.functionResponse).toMatchObject({ id: 'c1', response: { error: ORPHAN_TOOL_USE_REPAIR_REASON } });
    expect(h.tools.toolLog).toHaveLength(0);
    expect(countText(h.agent.history(), 'q')).toBe(1);
    // The card (shown as interrupted after the reload) now says what the model was told.
    expect(h.ofType('tool_calls_update')[0]!.value).toEqual([
      expect.objectContaining({ callId: 'c1', name: 'read_file', summary: 'a', status: 'error', resultText: ORPHAN_TOOL_USE_REPAIR_REASON }),
    ]);
    h.expectHealthy();
  });

  it('G2 resume of an interrupted prompt sends it once and stores it once', async () => {
    const h = createHarness({ initialHistory: [q], script: [reply('ok', 'STOP')] });
    await h.resume();
    expect(countText(h.model.requests[0]!.contents, 'q')).toBe(1);
    expect(countText(h.store.history(), 'q')).toBe(1);
    expect(h.agent.history()).toEqual([q, { role: 'model', parts: [{ text: 'ok' }] }]);
  });

  it('G2 resume after a tool result turn sends the tool results again', async () => {
    const h = createHarness({
      initialHistory: [
        q,
        { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'read_file', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'x' } } }] },
      ],
      script: [reply('ok', 'STOP')],
    });
    expect(h.agent.interruption().type).toBe('interrupted_prompt');
    await h.resume();
    expect(h.model.requests[0]!.contents.at(-1)!.parts[0]!.functionResponse!.id).toBe('c1');
    expect(h.agent.interruption()).toEqual({ type: 'none' });
    h.expectHealthy();
  });

  it('Continue on a clean session does nothing', async () => {
    const h = createHarness({ initialHistory: [q, { role: 'model', parts: [{ text: 'a' }] }] });
    expect(await h.resume()).toBe('completed');
    expect(h.model.requests).toHaveLength(0);
  });

  it('a session interrupted during tools can be resumed after a reload', async () => {
    const controller = new AbortController();
    const first = createHarness({
      script: [reply(FC('run_shell_command', { command: 'sleep' }), 'STOP')],
      tools: { run_shell_command: { gate: new Promise(() => {}) } },
    });
    const running = first.run('q', controller.signal);
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await running;
    const reloaded = createHarness({ initialHistory: first.store.history(), script: [reply('resumed', 'STOP')] });
    expect(reloaded.agent.interruption().type).toBe('interrupted_prompt');
    await reloaded.resume();
    expect(reloaded.tools.toolLog).toHaveLength(0);
    reloaded.expectHealthy();
  });
});
