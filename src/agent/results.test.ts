import { describe, expect, it } from 'vitest';
import { TOOL_FAILED_WITHOUT_MESSAGE } from './history/function-response';
import { FC, reply } from './testing/fake-model';
import { createHarness } from './testing/harness';

const one = (name = 'read_file', args: Record<string, unknown> = { file_path: 'a' }) => [reply(FC(name, args), 'STOP'), reply('ok', 'STOP')];

function lastResponse(h: ReturnType<typeof createHarness>, request = 1) {
  return h.model.requests[request]!.contents.at(-1)!.parts[0]!.functionResponse!;
}

describe('E. result feedback', () => {
  it('E1 a string result becomes {output}', async () => {
    const h = createHarness({ script: one(), tools: { read_file: { impl: () => 'abc' } } });
    await h.run('q');
    expect(lastResponse(h).response).toEqual({ output: 'abc' });
  });

  it('E1 parts: text joined, media inside functionResponse.parts', async () => {
    const image = { inlineData: { mimeType: 'image/png', data: 'AAAA' } };
    const h = createHarness({ script: one(), tools: { read_file: { impl: () => [{ text: 'img' }, image] } } });
    await h.run('q');
    expect(lastResponse(h)).toMatchObject({ response: { output: 'img' }, parts: [image] });
    h.expectHealthy();
  });

  it('E1 an empty result list still says the tool succeeded', async () => {
    const h = createHarness({ script: one(), tools: { read_file: { impl: () => [] } } });
    await h.run('q');
    expect(lastResponse(h).response).toEqual({ output: 'Tool execution succeeded.' });
  });

  it('E2 a throwing tool becomes {error} and the loop goes on', async () => {
    const h = createHarness({ script: one(), tools: { read_file: { impl: () => { throw new Error('boom'); } } } });
    expect(await h.run('q')).toBe('completed');
    expect(lastResponse(h).response).toEqual({ error: 'boom' });
    expect(h.ofType('tool_calls_update').at(-1)!.value[0]!.errorType).toBe('UNHANDLED_EXCEPTION');
    expect(h.model.requests).toHaveLength(2);
  });

  it('E2 a tool error result is {error: message} with its type for the UI', async () => {
    const h = createHarness({
      script: one(),
      tools: { read_file: { impl: () => ({ llmContent: '', error: { type: 'FILE_NOT_FOUND', message: 'no such file: a' } }) } },
    });
    await h.run('q');
    expect(lastResponse(h).response).toEqual({ error: 'no such file: a' });
    expect(h.ofType('tool_calls_update').at(-1)!.value[0]).toMatchObject({ status: 'error', errorType: 'FILE_NOT_FOUND' });
  });

  it('E3 every call gets exactly one result: success, error, not registered, duplicate', async () => {
    const h = createHarness({
      script: [
        reply({ calls: [FC('read_file', { file_path: 'a' }, 'p1'), FC('nope', {}), FC('read_file', {})], finish: 'STOP' }),
        reply(FC('read_file', { file_path: 'a' }, 'p1'), 'STOP'),
        reply('ok', 'STOP'),
      ],
    });
    await h.run('q');
    h.expectHealthy();
    expect(h.ofType('tool_call_response')).toHaveLength(4);
  });

  it('E4 PostToolBatch context is appended to the last call only', async () => {
    const h = createHarness({
      script: [reply({ calls: [FC('read_file', { file_path: 'a' }), FC('read_file', { file_path: 'b' })], finish: 'STOP' }), reply('ok', 'STOP')],
      hooks: { postToolBatch: async () => ({ additionalContext: 'NOTE' }) },
    });
    await h.run('q');
    const [first, second] = h.model.requests[1]!.contents.at(-1)!.parts;
    expect(first!.functionResponse!.response).toEqual({ output: 'contents of a' });
    expect(second!.functionResponse!.response).toEqual({ output: 'contents of b\n\nNOTE' });
  });

  it('E4 a PostToolBatch stop replaces the last response and ends the interaction', async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a' }), 'STOP')], hooks: { postToolBatch: async () => ({ decision: 'stop', reason: 'budget spent' }) } });
    expect(await h.run('q')).toBe('stopped');
    expect(h.agent.history().at(-1)!.parts[0]!.functionResponse!.response).toEqual({ error: 'budget spent' });
    expect(h.ofType('agent_execution_stopped')[0]!.value.reason).toBe('budget spent');
    // The card shows what the model was told, not the success it replaced.
    const card = h.ofType('tool_calls_update').at(-1)!.value.find((view) => view.callId === h.callIds()[0])!;
    expect(card).toMatchObject({ status: 'error', resultText: 'budget spent', errorType: 'EXECUTION_DENIED', summary: 'a' });
    h.expectHealthy();
  });

  it('F5 F7 an empty text part streamed after a call does not drop the call turn from later requests', async () => {
    const h = createHarness({
      script: [{ chunks: [{ calls: [FC('read_file', { file_path: 'a' })] }, { text: '', finish: 'STOP' }] }, reply('ok', 'STOP')],
    });
    await h.run('q');
    const second = h.model.requests[1]!.contents;
    expect(second.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    expect(second[1]!.parts).toEqual([{ functionCall: { id: h.callIds()[0], name: 'read_file', args: { file_path: 'a' } }, thoughtSignature: expect.any(String) }]);
    expect(h.agent.history()[1]!.parts.every((part) => part.text !== '')).toBe(true);
    h.expectHealthy();
  });

  it('E1 a tool that throws without a message still answers the model with an error it can read', async () => {
    const h = createHarness({
      script: [reply(FC('read_file', { file_path: 'a' }), 'STOP'), reply('ok', 'STOP')],
      tools: { read_file: { impl: () => { throw new Error(); } } },
    });
    await h.run('q');
    expect(h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response).toEqual({ error: TOOL_FAILED_WITHOUT_MESSAGE });
  });

  it('tool_call_response events carry each response', async () => {
    const h = createHarness({ script: one() });
    await h.run('q');
    expect(h.ofType('tool_call_response')[0]!.value).toEqual({ callId: h.callIds()[0], name: 'read_file', response: { output: 'contents of a' } });
  });

  describe('E5 batch output budget', () => {
    const lines = (label: string, count: number) => Array.from({ length: count }, (_, index) => `${label} line ${index + 1} ${'-'.repeat(40)}`).join('\n');
    const big = lines('big', 400); // ~21 KB
    const medium = lines('medium', 200); // ~11 KB
    const script = () => [
      reply({ calls: [FC('read_file', { file_path: 'big' }), FC('read_file', { file_path: 'medium' }), FC('read_file', { file_path: 'small' })], finish: 'STOP' }),
      reply('ok', 'STOP'),
    ];
    const readTools = { read_file: { impl: (args: Record<string, unknown>) => ({ big, medium, small: 'tiny' })[args['file_path'] as 'big' | 'medium' | 'small'] } };
    function memoryWorkspace(failing = false) {
      const files = new Map<string, string>();
      const spill = async (path: string, text: string) => {
        if (failing) throw new Error('read-only');
        files.set(path, text);
      };
      return { files, spill };
    }

    it('holds back the largest output, saves it whole in the workspace and tells the model where', async () => {
      const { files, spill } = memoryWorkspace();
      const h = createHarness({ script: script(), tools: readTools, spill, config: { batchOutputBudgetBytes: 16 * 1024 } });
      await h.run('q');
      const [first, second, third] = h.model.requests[1]!.contents.at(-1)!.parts.map((part) => part.functionResponse!.response['output'] as string);
      const path = `.loopscope/tool-output/${h.callIds()[0]}.txt`;
      expect(files.get(path)).toBe(big);
      expect(first).toContain(`saved in the workspace as ${path}`);
      expect(first).toContain('big line 1 ');
      expect(first).toContain('big line 400 ');
      expect(first).not.toContain('big line 200 ');
      expect(second).toBe(medium);
      expect(third).toBe('tiny');
      expect(h.ofType('tool_call_response')[0]!.value.response['output']).toBe(first);
      h.expectHealthy();
    });

    it('holds back outputs largest first until the batch fits', async () => {
      const { files, spill } = memoryWorkspace();
      const h = createHarness({ script: script(), tools: readTools, spill, config: { batchOutputBudgetBytes: 8 * 1024 } });
      await h.run('q');
      const outputs = h.model.requests[1]!.contents.at(-1)!.parts.map((part) => part.functionResponse!.response['output'] as string);
      expect(files.size).toBe(2);
      expect(outputs[2]).toBe('tiny');
      expect(outputs.reduce((sum, output) => sum + new TextEncoder().encode(output).length, 0)).toBeLessThanOrEqual(16 * 1024);
      h.expectHealthy();
    });

    it('leaves a batch within the budget alone, and is off at 0', async () => {
      for (const budget of [64 * 1024, 0]) {
        const { files, spill } = memoryWorkspace();
        const h = createHarness({ script: script(), tools: readTools, spill, config: { batchOutputBudgetBytes: budget } });
        await h.run('q');
        expect(h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response).toEqual({ output: big });
        expect(files.size).toBe(0);
      }
    });

    it('still holds back an output it cannot save, and says so', async () => {
      const { spill } = memoryWorkspace(true);
      const h = createHarness({ script: script(), tools: readTools, spill, config: { batchOutputBudgetBytes: 16 * 1024 } });
      await h.run('q');
      const first = h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response['output'] as string;
      expect(first).toContain('could not be saved');
      expect(first.length).toBeLessThan(big.length / 2);
      h.expectHealthy();
    });
  });
});
