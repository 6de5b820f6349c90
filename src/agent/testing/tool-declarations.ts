/**
 * The 8 built-in tools as UI-CONTRACT.md names them, with realistic descriptions and
 * schemas: a stand-in for src/tools/ when measuring the prompt budget.
 */
import type { ToolDeclaration } from '../../tools/types';

const path = (description: string) => ({ type: 'string', description });

export const FIXTURE_TOOL_DECLARATIONS: ToolDeclaration[] = [
  {
    name: 'read_file',
    kind: 'read',
    description: 'Reads a text file from the workspace. Large files are truncated; use start_line and end_line to read a range (1-based, inclusive).',
    parametersJsonSchema: {
      type: 'object',
      properties: { file_path: path('Path of the file, relative to the workspace root.'), start_line: { type: 'integer', minimum: 1 }, end_line: { type: 'integer', minimum: 1 } },
      required: ['file_path'],
    },
  },
  {
    name: 'write_file',
    kind: 'edit',
    description: 'Writes the complete content of a file, creating it and its folders if needed. The content replaces the whole file: never use placeholders.',
    parametersJsonSchema: { type: 'object', properties: { file_path: path('Path of the file to write.'), content: { type: 'string', description: 'The full new content.' } }, required: ['file_path', 'content'] },
  },
  {
    name: 'edit',
    kind: 'edit',
    description: 'Replaces exact text in a file. old_string must match the current file exactly (whitespace and indentation included) and occur once unless replace_all is true. An empty old_string creates a new file.',
    parametersJsonSchema: {
      type: 'object',
      properties: {
        file_path: path('Path of the file to edit.'),
        old_string: { type: 'string', description: 'The exact text to replace, with enough context to be unique.' },
        new_string: { type: 'string', description: 'The replacement text.' },
        replace_all: { type: 'boolean', description: 'Replace every occurrence.' },
      },
      required: ['file_path', 'old_string', 'new_string'],
    },
  },
  {
    name: 'list_directory',
    kind: 'read',
    description: 'Lists the entries of a folder in the workspace, folders first.',
    parametersJsonSchema: { type: 'object', properties: { dir_path: path('Folder path, relative to the workspace root ("." for the root).') }, required: ['dir_path'] },
  },
  {
    name: 'glob',
    kind: 'search',
    description: 'Finds files whose paths match a glob pattern such as "src/**/*.ts", newest first.',
    parametersJsonSchema: { type: 'object', properties: { pattern: { type: 'string', description: 'The glob pattern.' }, dir_path: path('Folder to search in; defaults to the root.') }, required: ['pattern'] },
  },
  {
    name: 'grep_search',
    kind: 'search',
    description: 'Searches file contents for a regular expression and returns matching lines with their paths and line numbers.',
    parametersJsonSchema: {
      type: 'object',
      properties: { pattern: { type: 'string', description: 'Regular expression to search for.' }, dir_path: path('Folder to search in; defaults to the root.'), include_pattern: { type: 'string', description: 'Glob of files to search, e.g. "*.ts".' } },
      required: ['pattern'],
    },
  },
  {
    name: 'run_shell_command',
    kind: 'execute',
    description: 'Runs a shell command in the workspace and returns its output and exit code. Use is_background for dev servers and other long-running processes.',
    parametersJsonSchema: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The command to run.' },
        description: { type: 'string', description: 'One short sentence saying what the command does, for the user.' },
        dir_path: path('Folder to run it in; defaults to the root.'),
        is_background: { type: 'boolean', description: 'Start it in the background and return at once.' },
      },
      required: ['command'],
    },
  },
  {
    name: 'write_todos',
    kind: 'think',
    description: 'Replaces the todo list that tracks progress on a multi-step task. Keep exactly one item in_progress while working.',
    parametersJsonSchema: {
      type: 'object',
      properties: {
        todos: {
          type: 'array',
          items: {
            type: 'object',
            properties: { description: { type: 'string' }, status: { type: 'string', enum: ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'] } },
            required: ['description', 'status'],
            additionalProperties: false,
          },
        },
      },
      required: ['todos'],
    },
  },
];
