import { describe, expect, it } from 'vitest';
import { createListDirectoryTool, summarize } from './list-directory';
import { offlineToolContext, runTool, textOf } from './testing/offline-tool-context';

describe('list_directory', () => {
  it('lists folders first with a trailing slash, then files with sizes, sorted', async () => {
    const { context } = await offlineToolContext({ 'b.txt': 'hello', 'a.txt': 'x'.repeat(2048), 'src/z.ts': '', 'lib/y.ts': '' });
    const result = await runTool(createListDirectoryTool(), { dir_path: '.' }, context);
    expect(textOf(result)).toBe('Directory listing for .:\nlib/\nsrc/\na.txt (2 KB)\nb.txt (5 bytes)');
    expect(result.display).toEqual({ type: 'files', paths: ['lib/', 'src/', 'a.txt', 'b.txt'] });
  });

  it('lists a subfolder with workspace-relative display paths', async () => {
    const { context } = await offlineToolContext({ 'src/a.ts': 'a', 'src/util/b.ts': 'b' });
    const result = await runTool(createListDirectoryTool(), { dir_path: '/workspace/src' }, context);
    expect(textOf(result)).toBe('Directory listing for src:\nutil/\na.ts (1 byte)');
    expect(result.display).toEqual({ type: 'files', paths: ['src/util/', 'src/a.ts'] });
  });

  it('caps long listings with a note', async () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`f${String(index).padStart(2, '0')}.txt`, '']));
    const { context } = await offlineToolContext(files);
    const text = textOf(await runTool(createListDirectoryTool({ maxEntries: 10 }), { dir_path: '' }, context));
    expect(text.split('\n')).toHaveLength(1 + 10 + 2);
    expect(text.endsWith('Showing the first 10 of 30 entries; list a subfolder or use glob to narrow down.')).toBe(true);
  });

  it('says when a folder is empty', async () => {
    const { context, sandbox } = await offlineToolContext();
    await sandbox.mkdir('empty');
    expect(textOf(await runTool(createListDirectoryTool(), { dir_path: 'empty' }, context))).toBe('Directory empty is empty.');
  });

  it('reports a missing folder and a file', async () => {
    const { context } = await offlineToolContext({ 'a.txt': '' });
    expect((await runTool(createListDirectoryTool(), { dir_path: 'nope' }, context)).error).toEqual({
      type: 'DIRECTORY_NOT_FOUND',
      message: 'Directory not found: nope',
    });
    expect((await runTool(createListDirectoryTool(), { dir_path: 'a.txt' }, context)).error).toEqual({
      type: 'PATH_IS_NOT_A_DIRECTORY',
      message: 'Path is a file, not a directory: a.txt. Use read_file to read it.',
    });
  });

  it('summarizes the root as "."', () => {
    expect(summarize({ dir_path: '' })).toBe('.');
    expect(summarize({ dir_path: 'src/' })).toBe('src');
  });
});
