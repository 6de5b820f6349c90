import { describe, expect, it } from 'vitest';
import { offlineToolContext, runTool, textOf } from './testing/offline-tool-context';
import { createWriteTodosTool, summarize } from './write-todos';

const tool = createWriteTodosTool();

describe('write_todos', () => {
  it('returns the list for the model and the todos for display', async () => {
    const { context } = await offlineToolContext();
    const todos = [
      { description: 'Read the code', status: 'completed' },
      { description: 'Write the parser', status: 'in_progress' },
      { description: 'Add tests', status: 'pending' },
    ];
    const result = await runTool(tool, { todos }, context);
    expect(textOf(result)).toBe('The todo list is now:\n1. [completed] Read the code\n2. [in_progress] Write the parser\n3. [pending] Add tests');
    expect(result.display).toEqual({ type: 'todos', todos });
  });

  it('accepts an empty list', async () => {
    const { context } = await offlineToolContext();
    expect(textOf(await runTool(tool, { todos: [] }, context))).toBe('The todo list is now empty.');
  });

  it('allows at most one item in progress', () => {
    const todos = [
      { description: 'a', status: 'in_progress' },
      { description: 'b', status: 'in_progress' },
    ];
    expect(tool.validate({ todos })).toEqual({ ok: false, message: 'Only one todo may be in_progress at a time; found 2.', errorType: 'INVALID_TOOL_PARAMS' });
  });

  it('refuses an unknown status and a missing description', () => {
    expect(tool.validate({ todos: [{ description: 'a', status: 'done' }] })).toMatchObject({
      ok: false,
      message: 'Parameter "todos[0].status" must be one of "pending", "in_progress", "completed", "cancelled", "blocked" (received "done").',
    });
    expect(tool.validate({ todos: [{ status: 'pending' }] })).toMatchObject({ ok: false, message: 'Missing required parameter "todos[0].description".' });
    expect(tool.validate({ todos: 'a' })).toMatchObject({ ok: false, message: 'Parameter "todos" must be an array (received "a").' });
  });

  it('changes no files and summarizes progress', () => {
    expect(tool.affectedPaths({ todos: [] })).toEqual([]);
    expect(summarize({ todos: [{ description: 'a', status: 'completed' }, { description: 'b', status: 'pending' }] })).toBe('1/2 done');
  });
});
