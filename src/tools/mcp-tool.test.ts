import { describe, expect, it } from 'vitest';
import type { McpCallOutcome, McpToolAccess } from '../shared/mcp';
import type { Result } from '../shared/errors';
import type { McpError } from '../shared/mcp';
import { createMcpTool } from './mcp-tool';

function tool(outcome: Result<McpCallOutcome, McpError>, options: { readOnly?: boolean; check?: string | null } = {}) {
  const calls: Record<string, unknown>[] = [];
  const access: McpToolAccess = {
    info: { name: 'add', modelName: 'calc__add', description: 'Adds two numbers.', readOnly: options.readOnly ?? false, inputSchema: { type: 'object', properties: { a: { type: 'number' } } } },
    serverName: 'calc',
    check: () => options.check ?? null,
    call: async (args) => {
      calls.push(args);
      return outcome;
    },
  };
  return { tool: createMcpTool(access), calls };
}
const context = { signal: new AbortController().signal } as never;
const text = (value: string): Result<McpCallOutcome, McpError> => ({ ok: true, value: { content: [{ type: 'text', text: value }], failed: false } });

describe('an MCP tool as the agent sees it', () => {
  it('is declared as <server>__<tool>, kind external, with the server named in its description and its read-only hint', () => {
    const { tool: add } = tool(text('x'), { readOnly: true });
    expect(add.declaration).toMatchObject({ name: 'calc__add', kind: 'external', description: 'Adds two numbers. (MCP server "calc")' });
    expect(add.isReadOnly?.({})).toBe(true);
  });

  it('refuses arguments that do not fit the server\'s schema before anything is asked, and non-objects', () => {
    expect(tool(text('x'), { check: 'a must be a number' }).tool.validate({ a: 'x' })).toMatchObject({ ok: false, message: expect.stringContaining('a must be a number') });
    expect(tool(text('x')).tool.validate([1])).toMatchObject({ ok: false });
    expect(tool(text('x')).tool.validate({ a: 1 })).toEqual({ ok: true, args: { a: 1 } });
  });

  it('gives text to the model, images as image parts, and caps long text with a note', async () => {
    const { tool: add, calls } = tool({ ok: true, value: { content: [{ type: 'text', text: 'a chart:' }, { type: 'image', mimeType: 'image/png', data: 'AAAA' }], failed: false } });
    const result = await add.execute({ a: 1 }, context);
    expect(calls).toEqual([{ a: 1 }]);
    expect(result.llmContent).toEqual([{ text: 'a chart:' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }]);
    const long = await tool(text('x'.repeat(70_000))).tool.execute({}, context);
    expect(String(long.llmContent)).toContain('[Cut: the first 64,000 of 70,000 characters are shown.]');
  });

  it('gives each image up to 5 MB decoded and at most 8 per result, saying what was left out to the model and on the card', async () => {
    const small = (index: number) => ({ type: 'image' as const, mimeType: 'image/png', data: btoa(`png${index}`) });
    const big = { type: 'image' as const, mimeType: 'image/jpeg', data: 'A'.repeat(Math.ceil(((5 * 1024 * 1024 + 3) * 4) / 3)) };
    const content = [{ type: 'text' as const, text: 'Shots:' }, small(1), big, ...Array.from({ length: 9 }, (_, index) => small(index + 2))];
    const result = await tool({ ok: true, value: { content, failed: false } }).tool.execute({}, context);
    const parts = result.llmContent as { text?: string; inlineData?: { data: string } }[];
    const kept = parts.filter((part) => part.inlineData).map((part) => part.inlineData!.data);
    expect(kept).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((index) => btoa(`png${index}`)));
    const note = '[Image 2 (image/jpeg, 5.0 MB) left out: an image may be at most 5 MB.]\n[2 more image(s) left out: a result gives at most 8.]';
    expect(parts[0]).toEqual({ text: `Shots:\n${note}` });
    expect(result.display).toMatchObject({ type: 'text', text: `Shots:\n${note}` });
    expect(result.display && 'images' in result.display ? result.display.images : []).toHaveLength(8);

    const only = await tool({ ok: true, value: { content: [big], failed: false } }).tool.execute({}, context);
    expect(only.llmContent).toBe('[Image 1 (image/jpeg, 5.0 MB) left out: an image may be at most 5 MB.]');
    expect(only.display).toEqual({ type: 'text', text: '[Image 1 (image/jpeg, 5.0 MB) left out: an image may be at most 5 MB.]' });
  });

  it('shows the images themselves on the card beside the text, and an image alone without a stand-in line', async () => {
    const image = { type: 'image' as const, mimeType: 'image/png', data: 'iVBORw0KGgo=' };
    const both = await tool({ ok: true, value: { content: [{ type: 'text', text: 'Here it is:' }, image], failed: false } }).tool.execute({}, context);
    expect(both.display).toEqual({ type: 'text', text: 'Here it is:', images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }] });
    const alone = await tool({ ok: true, value: { content: [image], failed: false } }).tool.execute({}, context);
    expect(alone.display).toEqual({ type: 'text', text: '', images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }] });
    expect(alone.llmContent).toEqual([{ text: '1 image(s)' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }]);
  });

  it('passes the server\'s progress on to the card while the call runs', async () => {
    const heard: unknown[] = [];
    const access: McpToolAccess = {
      info: { name: 'long', modelName: 'calc__long', description: 'Long.', readOnly: true, inputSchema: { type: 'object', properties: {} } },
      serverName: 'calc',
      check: () => null,
      call: async (_args, _signal, onProgress) => {
        onProgress?.({ progress: 1, total: 2 });
        onProgress?.({ progress: 2, total: 2, message: 'done' });
        return text('finished');
      },
    };
    const result = await createMcpTool(access).execute({}, { signal: new AbortController().signal, onProgress: (progress: unknown) => heard.push(progress) } as never);
    expect(result.llmContent).toBe('finished');
    expect(heard).toEqual([{ progress: 1, total: 2 }, { progress: 2, total: 2, message: 'done' }]);
  });

  it('reports a failure the server reported, and one reaching it, as errors by kind', async () => {
    expect((await tool({ ok: true, value: { content: [{ type: 'text', text: 'division by zero' }], failed: true } }).tool.execute({}, context)).error).toEqual({ type: 'MCP_TOOL_ERROR', message: 'division by zero' });
    const down = await tool({ ok: false, error: { kind: 'unreachable', message: 'gone' } }).tool.execute({}, context);
    expect(down.error).toEqual({ type: 'MCP_UNREACHABLE', message: 'gone' });
  });
});
