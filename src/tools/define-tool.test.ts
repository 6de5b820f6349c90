import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sandboxError } from '../sandbox/types';
import { defineTool, modelJsonSchema } from './define-tool';
import { createBuiltinTools } from './registry';
import { offlineToolContext } from './testing/offline-tool-context';
import modelToolSurface from './testing/model-tool-surface.json';

describe('the declarations the model is given', () => {
  // model-tool-surface.json holds the hand-written declarations as they were before
  // defineTool: generating them from the zod schemas must not change a byte of them.
  it('are those of the hand-written declarations, byte for byte', () => {
    const generated = createBuiltinTools().map((tool) => tool.declaration);
    expect(generated).toEqual(modelToolSurface);
    expect(JSON.stringify(generated)).toBe(JSON.stringify(modelToolSurface));
  });

  it('with the web given, add web_fetch {url} after the eight, and without it leave it out', () => {
    const web = { refusal: () => null, fetchPage: () => Promise.reject(new Error('not called')) };
    const declarations = createBuiltinTools({ web }).map((tool) => tool.declaration);
    expect(declarations.slice(0, -1)).toEqual(modelToolSurface);
    expect(declarations.at(-1)).toEqual({
      name: 'web_fetch',
      kind: 'fetch',
      description: expect.stringContaining('Fetches a web page') as unknown as string,
      parametersJsonSchema: { type: 'object', properties: { url: { type: 'string', description: 'The full http:// or https:// address of the page.' } }, required: ['url'] },
    });
    expect(createBuiltinTools().map((tool) => tool.declaration.name)).not.toContain('web_fetch');
  });

  it('keep only keywords Gemini and OpenAI-compatible servers accept', () => {
    const schema = z.object({
      name: z.string().min(1).max(10).regex(/^[a-z]+$/).describe('A name.'),
      count: z.number().int().min(0).optional(),
      any: z.number().int().optional(),
      tags: z.array(z.string()).min(1).max(3),
      open: z.looseObject({ a: z.string() }),
      closed: z.strictObject({ b: z.boolean() }),
    });
    expect(modelJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'A name.' },
        count: { type: 'integer', minimum: 0 },
        any: { type: 'integer' },
        tags: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string' } },
        open: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        closed: { type: 'object', properties: { b: { type: 'boolean' } }, required: ['b'], additionalProperties: false },
      },
      required: ['name', 'tags', 'open', 'closed'],
    });
  });

  it('list a parameter with a default as optional (what the model may send, not what the tool gets)', () => {
    expect(modelJsonSchema(z.object({ limit: z.number().default(10) }))).toEqual({ type: 'object', properties: { limit: { type: 'number' } } });
  });
});

describe('a tool made by defineTool', () => {
  function failingTool(thrown: unknown) {
    return defineTool<{ path: string }>({
      name: 'probe',
      kind: 'read',
      description: 'A tool whose work fails.',
      schema: z.object({ path: z.string() }),
      checks: [(args) => (args.path === 'refused' ? { message: 'Refused on purpose.', errorType: 'PATH_OUTSIDE_WORKSPACE' } : null)],
      failureType: 'PROBE_FAILURE',
      summarize: (args) => args.path,
      preview: async (args) => ({ type: 'text', text: args.path }),
      affectedPaths: () => [],
      run: async () => {
        throw thrown;
      },
    });
  }

  it('never rejects: a sandbox error keeps its type, anything else is the tool failure type', async () => {
    const { context } = await offlineToolContext();
    const missing = await failingTool(sandboxError('ENOENT', 'No such file: a.txt', 'a.txt')).execute({ path: 'a.txt' }, context);
    expect(missing.error).toEqual({ type: 'FILE_NOT_FOUND', message: 'No such file: a.txt' });
    const crashed = await failingTool(new Error('boom')).execute({ path: 'a.txt' }, context);
    expect(crashed.error).toEqual({ type: 'PROBE_FAILURE', message: 'boom' });
  });

  it('validates with the schema, then the checks in order', () => {
    const tool = failingTool(new Error('unused'));
    expect(tool.validate({})).toEqual({ ok: false, message: 'Missing required parameter "path".', errorType: 'INVALID_TOOL_PARAMS' });
    expect(tool.validate({ path: 'refused' })).toEqual({ ok: false, message: 'Refused on purpose.', errorType: 'PATH_OUTSIDE_WORKSPACE' });
    expect(tool.validate({ path: 'a.txt', extra: 1 })).toEqual({ ok: true, args: { path: 'a.txt' } });
    expect(tool.isReadOnly).toBeUndefined();
  });
});

describe('building the tools', () => {
  it('leaves the declarations to the first request that needs them, and generates each once', () => {
    const [first] = createBuiltinTools();
    const [again] = createBuiltinTools();
    expect(first!.declaration.parametersJsonSchema).toBe(again!.declaration.parametersJsonSchema);
    expect(Object.keys(first!.declaration)).toEqual(['name', 'kind', 'description', 'parametersJsonSchema']);
  });
});
