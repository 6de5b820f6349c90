import { describe, expect, it } from 'vitest';
import { offlineToolContext, runTool, textOf } from './testing/offline-tool-context';
import { createWriteFileTool, summarize } from './write-file';

describe('write_file', () => {
  it('creates a file and its folders, showing a diff from nothing', async () => {
    const { context, sandbox } = await offlineToolContext();
    const result = await runTool(createWriteFileTool(), { file_path: 'src/deep/new.ts', content: 'export {};\n' }, context);
    expect(textOf(result)).toBe('Created new file src/deep/new.ts with 1 line.');
    expect(result.display).toEqual({ type: 'diff', path: 'src/deep/new.ts', before: null, after: 'export {};\n' });
    expect(await sandbox.readTextFile('src/deep/new.ts')).toBe('export {};\n');
  });

  it('overwrites a file, showing the old content as before', async () => {
    const { context, sandbox } = await offlineToolContext({ 'a.txt': 'old\n' });
    const result = await runTool(createWriteFileTool(), { file_path: 'a.txt', content: 'new\nlines\n' }, context);
    expect(textOf(result)).toBe('Overwrote a.txt with 2 lines.');
    expect(result.display).toEqual({ type: 'diff', path: 'a.txt', before: 'old\n', after: 'new\nlines\n' });
    expect(await sandbox.readTextFile('a.txt')).toBe('new\nlines\n');
  });

  it('previews the diff without writing', async () => {
    const { context, sandbox } = await offlineToolContext({ 'a.txt': 'old\n' });
    const tool = createWriteFileTool();
    expect(await tool.preview({ file_path: 'a.txt', content: 'new\n' }, context)).toEqual({ type: 'diff', path: 'a.txt', before: 'old\n', after: 'new\n' });
    expect(await tool.preview({ file_path: 'b.txt', content: 'b' }, context)).toEqual({ type: 'diff', path: 'b.txt', before: null, after: 'b' });
    expect(await sandbox.readTextFile('a.txt')).toBe('old\n');
    expect(await sandbox.stat('b.txt')).toBeNull();
  });

  it('refuses to write over a directory', async () => {
    const { context } = await offlineToolContext({ 'src/a.ts': '' });
    expect((await runTool(createWriteFileTool(), { file_path: 'src', content: 'x' }, context)).error).toEqual({
      type: 'TARGET_IS_DIRECTORY',
      message: 'Cannot write to src: it is a directory.',
    });
    expect((await runTool(createWriteFileTool(), { file_path: '.', content: 'x' }, context)).error).toEqual({
      type: 'TARGET_IS_DIRECTORY',
      message: 'Cannot write to the workspace root: it is a directory.',
    });
  });

  it('refuses content that elides code with a placeholder comment', async () => {
    const { context, sandbox } = await offlineToolContext({ 'app.ts': 'const a = 1;\nconst b = 2;\n' });
    const result = await runTool(createWriteFileTool(), { file_path: 'app.ts', content: 'const a = 3;\n// ... rest of the code unchanged\n' }, context);
    expect(result.error).toEqual({
      type: 'OMISSION_PLACEHOLDER',
      message:
        'content contains a placeholder that omits code ("// ... rest of the code unchanged"). The content replaces the whole file, ' +
        'so a placeholder would delete the code it stands for. Write out the full code instead of placeholder comments.',
    });
    expect(await sandbox.readTextFile('app.ts')).toBe('const a = 1;\nconst b = 2;\n');
  });

  it('allows a placeholder comment the file already had', async () => {
    const { context } = await offlineToolContext({ 'notes.md': '# Example\n// ...\n' });
    expect(textOf(await runTool(createWriteFileTool(), { file_path: 'notes.md', content: '# Example 2\n// ...\n' }, context))).toBe(
      'Overwrote notes.md with 2 lines.',
    );
  });

  it('names its path for the card title and checkpoints', () => {
    const tool = createWriteFileTool();
    expect(summarize({ file_path: 'hello.txt', content: '' })).toBe('hello.txt');
    expect(tool.summarize({ file_path: './src//a.ts', content: '' })).toBe('src/a.ts');
    expect(tool.affectedPaths({ file_path: '/workspace/src/a.ts', content: '' })).toEqual(['src/a.ts']);
  });

  it('validates content', () => {
    expect(createWriteFileTool().validate({ file_path: 'a' })).toMatchObject({ ok: false, message: 'Missing required parameter "content".' });
  });
});
