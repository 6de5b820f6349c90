/**
 * write_todos {todos: [{description, status}]}: replaces the session's todo list. At most
 * one item may be in_progress. Changes no files.
 */
import { z } from 'zod';
import { defineTool } from './define-tool';
import { INVALID_PARAMETERS } from './tool-args';
import { errorResult } from './tool-result';
import type { Todo } from '../shared/tool-display';
import type { WorkspaceTool } from './workspace-tool';

/** A type alias (not an interface) so it is assignable to the registry's `WorkspaceTool`. */
export type WriteTodosArgs = {
  todos: Todo[];
};

const STATUSES = ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'] as const;

const schema = z.object({
  todos: z
    .array(
      // Declared closed to the model; an extra key it sends anyway is dropped, not refused.
      z.object({ description: z.string().min(1), status: z.enum(STATUSES) }).meta({ additionalProperties: false }),
    )
    .describe('The complete list; it replaces the previous one.'),
});

export function summarize(args: WriteTodosArgs): string {
  const done = args.todos.filter((todo) => todo.status === 'completed').length;
  return `${done}/${args.todos.length} done`;
}

/** The list as the model sees it: "1. [in_progress] Write the parser". */
export function formatTodos(todos: Todo[]): string {
  if (todos.length === 0) return 'The todo list is now empty.';
  return ['The todo list is now:', ...todos.map((todo, index) => `${index + 1}. [${todo.status}] ${todo.description}`)].join('\n');
}

export function createWriteTodosTool(): WorkspaceTool<WriteTodosArgs> {
  return defineTool<WriteTodosArgs>({
    name: 'write_todos',
    kind: 'think',
    description:
      'Replaces your todo list for a multi-step task. Keep exactly one item in_progress while working; ' +
      'mark items completed as soon as they are done.',
    schema,
    checks: [
      (value) => {
        const active = value.todos.filter((todo) => todo.status === 'in_progress').length;
        return active > 1 ? { message: `Only one todo may be in_progress at a time; found ${active}.` } : null;
      },
    ],
    failureType: 'WRITE_TODOS_FAILURE',
    summarize,
    preview: async (args) => ({ type: 'text', text: formatTodos(args.todos) }),
    affectedPaths: () => [],
    run: async (args) => {
      // Never rejects, even when called without validate.
      const checked = schema.safeParse(args);
      if (!checked.success) return errorResult(INVALID_PARAMETERS, 'Parameter "todos" must be an array of {description, status}.');
      const todos = checked.data.todos;
      return { llmContent: formatTodos(todos), display: { type: 'todos', todos } };
    },
  });
}
