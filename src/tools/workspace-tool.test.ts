import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../sandbox/offline/offline-sandbox';
import { createToolRegistry } from './registry';
import { bindTools } from './workspace-tool';

describe('tools bound to a sandbox', () => {
  it('run every call in that sandbox, previews included, without being given it', async () => {
    const sandbox = await createOfflineSandbox({ files: { 'a.txt': 'old\n' } });
    const tools = bindTools(createToolRegistry(), sandbox);
    const signal = new AbortController().signal;
    expect(await tools.get('write_file')!.preview({ file_path: 'a.txt', content: 'new\n' }, { signal })).toEqual({ type: 'diff', path: 'a.txt', before: 'old\n', after: 'new\n' });
    expect((await tools.get('write_file')!.execute({ file_path: 'a.txt', content: 'new\n' }, { signal })).error).toBeUndefined();
    expect(await sandbox.readTextFile('a.txt')).toBe('new\n');
  });

  it('keep the registry’s names, aliases, declarations, and what each tool says of its arguments', async () => {
    const registry = createToolRegistry();
    const tools = bindTools(registry, await createOfflineSandbox());
    expect(tools.names()).toEqual(registry.names());
    expect(tools.declarations()).toEqual(registry.declarations());
    expect(tools.get('replace')).toBe(tools.get('edit'));
    const shell = tools.get('run_shell_command')!;
    expect(shell.isReadOnly?.({ command: 'ls' })).toBe(true);
    expect(shell.isReadOnly?.({ command: 'rm a.txt' })).toBe(false);
    expect(tools.get('edit')!.affectedPaths({ file_path: 'a.txt', old_string: 'a', new_string: 'b' })).toEqual(['a.txt']);
    expect(tools.get('nothing')).toBeUndefined();
  });
});
