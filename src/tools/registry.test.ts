import { describe, expect, it } from 'vitest';
import { createBackgroundProcesses } from './background-processes';
import { createBuiltinTools, createToolRegistry } from './registry';
import { offlineToolContext, runTool } from './testing/offline-tool-context';

const NAMES = ['read_file', 'write_file', 'edit', 'list_directory', 'glob', 'grep_search', 'run_shell_command', 'write_todos'];

describe('tool registry', () => {
  it('holds the eight built-in tools with the UI contract names and kinds', () => {
    const registry = createToolRegistry();
    expect(registry.names()).toEqual(NAMES);
    expect(registry.declarations().map((declaration) => [declaration.name, declaration.kind])).toEqual([
      ['read_file', 'read'],
      ['write_file', 'edit'],
      ['edit', 'edit'],
      ['list_directory', 'read'],
      ['glob', 'search'],
      ['grep_search', 'search'],
      ['run_shell_command', 'execute'],
      ['write_todos', 'think'],
    ]);
  });

  it('declares the contract parameters, required ones marked', () => {
    const schemas = Object.fromEntries(
      createToolRegistry()
        .declarations()
        .map((declaration) => {
          const schema = declaration.parametersJsonSchema as { properties: Record<string, unknown>; required: string[] };
          return [declaration.name, { properties: Object.keys(schema.properties), required: schema.required }];
        }),
    );
    expect(schemas).toEqual({
      read_file: { properties: ['file_path', 'start_line', 'end_line'], required: ['file_path'] },
      write_file: { properties: ['file_path', 'content'], required: ['file_path', 'content'] },
      edit: { properties: ['file_path', 'old_string', 'new_string', 'replace_all'], required: ['file_path', 'old_string', 'new_string'] },
      list_directory: { properties: ['dir_path'], required: ['dir_path'] },
      glob: { properties: ['pattern', 'dir_path'], required: ['pattern'] },
      grep_search: { properties: ['pattern', 'dir_path', 'include_pattern'], required: ['pattern'] },
      run_shell_command: { properties: ['command', 'description', 'dir_path', 'is_background'], required: ['command'] },
      write_todos: { properties: ['todos'], required: ['todos'] },
    });
  });

  it('keeps all declarations under 8 KiB of JSON', () => {
    const size = new TextEncoder().encode(JSON.stringify(createToolRegistry().declarations())).length;
    expect(size).toBeLessThan(8 * 1024);
  });

  it('resolves the alias replace to edit, and unknown names to undefined', () => {
    const registry = createToolRegistry();
    expect(registry.get('replace')?.declaration.name).toBe('edit');
    expect(registry.get('nope')).toBeUndefined();
    expect(registry.get('toString')).toBeUndefined();
  });

  it('refuses duplicate names (a programming error)', () => {
    const [read] = createBuiltinTools();
    expect(() => createToolRegistry([read!, read!])).toThrow('Duplicate tool name: read_file');
  });

  it('passes workspace roots, the shell timeout and the background registry to the tools', async () => {
    const background = createBackgroundProcesses();
    const tools = createBuiltinTools({ workspaceRoots: ['/srv/app'], shellTimeoutMs: 50, backgroundProcesses: background });
    const registry = createToolRegistry(tools);
    const { context } = await offlineToolContext({ 'a.txt': 'x' });
    expect((await runTool(registry.get('read_file')!, { file_path: '/srv/app/a.txt' }, context)).llmContent).toBe('x');
    expect(registry.get('read_file')!.validate({ file_path: '/workspace/a.txt' })).toMatchObject({ ok: false, errorType: 'PATH_OUTSIDE_WORKSPACE' });
    expect((await runTool(registry.get('run_shell_command')!, { command: 'sleep 2' }, context)).llmContent).toContain('Command timed out after 0.1 s');
    await runTool(registry.get('run_shell_command')!, { command: 'echo hi', is_background: true }, context);
    expect(background.list()).toHaveLength(1);
  });

  it('gives every tool a one-line summary for the card title', () => {
    const registry = createToolRegistry();
    expect(registry.get('write_file')!.summarize({ file_path: 'hello.txt', content: '' })).toBe('hello.txt');
    expect(registry.get('run_shell_command')!.summarize({ command: 'npm test' })).toBe('npm test');
    expect(registry.get('glob')!.summarize({ pattern: '**/*.ts' })).toBe('**/*.ts');
  });
});
