/** A replay answers an MCP tool's calls from the recording, in order, and never calls the server. */
import { describe, expect, it } from 'vitest';
import { recordedResultsByTool, replayPlan } from '../../share/replay-plan';
import type { Content } from '../../shared/content';
import { createMcpTool } from '../../tools/mcp-tool';
import { createBuiltinTools, createToolRegistry, withExtraTools } from '../../tools/registry';
import { withOnlyRecordedTools, withRecordedExternalTools } from './recorded-tools';

const history: Content[] = [
  { role: 'user', parts: [{ text: 'Add twice' }] },
  { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'calc__add', args: { a: 1, b: 2 } } }] },
  { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'calc__add', response: { output: 'The sum is 3.' } } }] },
  { role: 'model', parts: [{ functionCall: { id: 'c2', name: 'calc__add', args: { a: 0, b: 0 } } }] },
  { role: 'user', parts: [{ functionResponse: { id: 'c2', name: 'calc__add', response: { error: 'server said no' } } }] },
  { role: 'model', parts: [{ text: 'Done.' }] },
];

describe('a replay\'s tools', () => {
  it('answer an MCP tool from the recording in order, without calling the server; built-in tools stay real', async () => {
    let called = 0;
    const live = createMcpTool({
      info: { name: 'add', modelName: 'calc__add', description: 'Adds.', readOnly: false, inputSchema: { type: 'object', properties: {} } },
      serverName: 'calc',
      check: () => null,
      call: async () => {
        called++;
        return { ok: true, value: { content: [{ type: 'text', text: 'live' }], failed: false } };
      },
    });
    const base = withExtraTools(createToolRegistry(createBuiltinTools()), () => [live]);
    const tools = withRecordedExternalTools(base, recordedResultsByTool(replayPlan(history)));
    const context = { signal: new AbortController().signal } as never;
    const first = await tools.get('calc__add')!.execute({ a: 1, b: 2 }, context);
    const second = await tools.get('calc__add')!.execute({ a: 0, b: 0 }, context);
    const third = await tools.get('calc__add')!.execute({}, context);
    expect(first.llmContent).toBe('The sum is 3.');
    expect(second.error).toEqual({ type: 'RECORDED_ERROR', message: 'server said no' });
    expect(third.error?.type).toBe('RECORDING_EXHAUSTED');
    expect(called).toBe(0);
    expect(tools.get('calc__add')!.declaration.kind).toBe('read');
    expect(tools.get('read_file')!.declaration.kind).toBe('read');
    expect(tools.get('write_file')).toBe(base.get('write_file'));
  });

  it('answer a recorded tool the viewer does not have at all', async () => {
    const tools = withRecordedExternalTools(createToolRegistry(createBuiltinTools()), recordedResultsByTool(replayPlan(history)));
    expect((await tools.get('calc__add')!.execute({}, { signal: new AbortController().signal } as never)).llmContent).toBe('The sum is 3.');
    expect(tools.get('nowhere__tool')).toBeUndefined();
  });

  it("answer a task call from the recording under its description, without running a subagent", async () => {
    const recorded: Content[] = [
      { role: 'user', parts: [{ text: 'Count' }] },
      { role: 'model', parts: [{ functionCall: { id: 't1', name: 'task', args: { description: 'Count files', prompt: 'Count them.' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 't1', name: 'task', response: { output: 'Two files.' } } }] },
      { role: 'model', parts: [{ text: 'Two.' }] },
    ];
    const tools = withRecordedExternalTools(createToolRegistry(createBuiltinTools()), recordedResultsByTool(replayPlan(recorded)));
    const task = tools.get('task')!;
    expect(task.summarize({ description: 'Count files', prompt: 'Count them.' })).toBe('Count files');
    const result = await task.execute({ description: 'Count files', prompt: 'Count them.' }, { signal: new AbortController().signal } as never);
    expect(result).toEqual({ llmContent: 'Two files.', display: { type: 'text', text: 'Two files.\n(recorded; the subagent was not run again)' } });
  });

  it('in the replay-only player, answer built-in tools from the recording too, touching no sandbox and asking nothing', async () => {
    const recorded: Content[] = [
      { role: 'user', parts: [{ text: 'Write and run' }] },
      { role: 'model', parts: [{ functionCall: { id: 'w1', name: 'write_file', args: { file_path: 'a.txt', content: 'hi' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'w1', name: 'write_file', response: { output: 'Wrote a.txt.' } } }] },
      { role: 'model', parts: [{ functionCall: { id: 's1', name: 'run_shell_command', args: { command: 'cat a.txt' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 's1', name: 'run_shell_command', response: { output: 'hi' } } }] },
      { role: 'model', parts: [{ text: 'Done.' }] },
    ];
    const base = createToolRegistry(createBuiltinTools());
    const tools = withOnlyRecordedTools(base, recordedResultsByTool(replayPlan(recorded)));
    // A sandbox that fails the test on any use: a stand-in must never reach it.
    const sandbox = new Proxy({}, { get: (_target, key) => { throw new Error(`the sandbox was reached (${String(key)})`); } });
    const context = { signal: new AbortController().signal, sandbox } as never;
    const wrote = await tools.get('write_file')!.execute({ file_path: 'a.txt', content: 'changed' }, context);
    const ran = await tools.get('run_shell_command')!.execute({ command: 'rm -rf .' }, context);
    expect(wrote).toEqual({ llmContent: 'Wrote a.txt.', display: { type: 'text', text: 'Wrote a.txt.\n(recorded; nothing runs in this player)' } });
    expect(ran.llmContent).toBe('hi');
    expect((await tools.get('write_file')!.execute({}, context)).error?.type).toBe('RECORDING_EXHAUSTED');
    expect((await tools.get('read_file')!.execute({ file_path: 'a.txt' }, context)).error?.type).toBe('RECORDING_EXHAUSTED');
    for (const name of ['write_file', 'run_shell_command', 'edit']) expect(tools.get(name)!.declaration.kind).toBe('read');
    expect(tools.get('write_file')!.summarize({ file_path: 'a.txt', content: 'hi' })).toBe(base.get('write_file')!.summarize({ file_path: 'a.txt', content: 'hi' }));
    expect(tools.declarations()).toEqual(base.declarations());
  });

  it('give a recorded screenshot back with its image, to the model and on the card, and the result still reads as recorded', async () => {
    const png = { mimeType: 'image/png', data: 'iVBORw0KGgo=' };
    const recorded: Content[] = [
      { role: 'user', parts: [{ text: 'Look at the page' }] },
      { role: 'model', parts: [{ functionCall: { id: 'p1', name: 'preview_screenshot', args: { width: 320 } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'p1', name: 'preview_screenshot', response: { output: 'Screenshot of index.html, 320×200.' }, parts: [{ inlineData: png }] } }] },
      { role: 'model', parts: [{ text: 'Seen.' }] },
    ];
    const plan = replayPlan(recorded);
    // What the replay compares a replayed result with is the response as recorded, images aside.
    expect(JSON.stringify(plan.results.get('p1'))).toBe(JSON.stringify({ output: 'Screenshot of index.html, 320×200.' }));
    const tools = withRecordedExternalTools(createToolRegistry(createBuiltinTools()), recordedResultsByTool(plan));
    const result = await tools.get('preview_screenshot')!.execute({ width: 320 }, { signal: new AbortController().signal } as never);
    expect(result.llmContent).toEqual([{ text: 'Screenshot of index.html, 320×200.' }, { inlineData: png }]);
    expect(result.display).toEqual({ type: 'text', text: 'Screenshot of index.html, 320×200.\n(recorded; not run again)', images: [png] });
  });
});
