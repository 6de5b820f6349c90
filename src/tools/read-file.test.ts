import { describe, expect, it } from 'vitest';
import { createReadFileTool, summarize } from './read-file';
import { offlineToolContext, runTool, textOf } from './testing/offline-tool-context';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function numberedLines(count: number): string {
  return Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n') + '\n';
}

describe('read_file', () => {
  it('returns a whole small file without a header', async () => {
    const { context } = await offlineToolContext({ 'a.txt': 'one\ntwo\n' });
    expect(textOf(await runTool(createReadFileTool(), { file_path: 'a.txt' }, context))).toBe('one\ntwo');
  });

  it('reads a 1-based inclusive range with a header and a hint to read on', async () => {
    const { context } = await offlineToolContext({ 'a.txt': numberedLines(10) });
    const text = textOf(await runTool(createReadFileTool(), { file_path: 'a.txt', start_line: 3, end_line: 5 }, context));
    expect(text).toBe('Showing lines 3-5 of 10. To read more, call read_file with start_line=6.\n\nline 3\nline 4\nline 5');
  });

  it('says no more is left when the range reaches the end', async () => {
    const { context } = await offlineToolContext({ 'a.txt': numberedLines(4) });
    const text = textOf(await runTool(createReadFileTool(), { file_path: 'a.txt', start_line: 3 }, context));
    expect(text).toBe('Showing lines 3-4 of 4.\n\nline 3\nline 4');
  });

  it('accepts an absolute path inside the workspace', async () => {
    const { context } = await offlineToolContext({ 'src/a.txt': 'x' });
    expect(textOf(await runTool(createReadFileTool(), { file_path: '/workspace/src/a.txt' }, context))).toBe('x');
    expect(summarize({ file_path: '/home/project/src/a.txt' })).toBe('src/a.txt');
  });

  it('caps an oversized file at 2,000 lines with the hint', async () => {
    const { context } = await offlineToolContext({ 'big.txt': numberedLines(5000) });
    const text = textOf(await runTool(createReadFileTool(), { file_path: 'big.txt' }, context));
    expect(text.startsWith('Showing lines 1-2000 of 5000. To read more, call read_file with start_line=2001.\n\nline 1\n')).toBe(true);
    expect(text.endsWith('\nline 2000')).toBe(true);
  });

  it('caps by bytes too (256 KB by default)', async () => {
    const wide = Array.from({ length: 1000 }, () => 'x'.repeat(999)).join('\n');
    const { context } = await offlineToolContext({ 'wide.txt': wide });
    const text = textOf(await runTool(createReadFileTool(), { file_path: 'wide.txt' }, context));
    expect(text.length).toBeLessThanOrEqual(256 * 1024 + 200);
    expect(text).toMatch(/^Showing lines 1-262 of 1000\. To read more, call read_file with start_line=263\./);
  });

  it('cuts very long lines', async () => {
    const { context } = await offlineToolContext({ 'min.js': 'y'.repeat(5000) });
    const text = textOf(await runTool(createReadFileTool({ maxLineLength: 100 }), { file_path: 'min.js' }, context));
    expect(text).toBe(`1 long line was cut.\n\n${'y'.repeat(100)}… [line cut at 100 characters]`);
  });

  it('describes a binary file instead of dumping it', async () => {
    const { context } = await offlineToolContext({ 'data.bin': new Uint8Array([1, 2, 0, 3]), 'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9]) });
    expect(textOf(await runTool(createReadFileTool(), { file_path: 'data.bin' }, context))).toBe(
      'Binary file, 4 bytes, BIN file: data.bin. Its content is not shown.',
    );
    expect(textOf(await runTool(createReadFileTool(), { file_path: 'latin1.txt' }, context))).toBe(
      'Binary file, 4 bytes, TXT file: latin1.txt. Its content is not shown.',
    );
  });

  it('returns a small image as inline data', async () => {
    const { context } = await offlineToolContext({ 'logo.png': PNG });
    const result = await runTool(createReadFileTool(), { file_path: 'logo.png' }, context);
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toEqual([
      { text: 'Image file logo.png (image/png, 12 bytes):' },
      { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgoAAAAN' } },
    ]);
  });

  it('describes an image over the inline limit', async () => {
    const { context } = await offlineToolContext({ 'logo.png': PNG });
    const text = textOf(await runTool(createReadFileTool({ maxImageBytes: 4 }), { file_path: 'logo.png' }, context));
    expect(text).toBe('Binary file, 12 bytes, PNG image: logo.png. Its content is not shown.');
  });

  it('says an empty file is empty', async () => {
    const { context } = await offlineToolContext({ 'empty.txt': '' });
    expect(textOf(await runTool(createReadFileTool(), { file_path: 'empty.txt' }, context))).toBe('File empty.txt is empty.');
  });

  it('reports FILE_NOT_FOUND, TARGET_IS_DIRECTORY, INVALID_LINE_RANGE and FILE_TOO_LARGE', async () => {
    const { context } = await offlineToolContext({ 'src/a.txt': 'one\ntwo\n', 'big.txt': 'x'.repeat(100) });
    const tool = createReadFileTool({ maxFileBytes: 50 });
    expect((await runTool(tool, { file_path: 'missing.txt' }, context)).error).toEqual({ type: 'FILE_NOT_FOUND', message: 'File not found: missing.txt' });
    expect((await runTool(tool, { file_path: 'src' }, context)).error).toEqual({
      type: 'TARGET_IS_DIRECTORY',
      message: 'Path is a directory, not a file: src. Use list_directory to see its contents.',
    });
    expect((await runTool(tool, { file_path: 'src/a.txt', start_line: 9 }, context)).error).toEqual({
      type: 'INVALID_LINE_RANGE',
      message: 'start_line 9 is beyond the end of src/a.txt, which has 2 lines.',
    });
    expect((await runTool(tool, { file_path: 'big.txt' }, context)).error).toEqual({
      type: 'FILE_TOO_LARGE',
      message: 'File big.txt is too large to read (100 bytes; the limit is 50 bytes). Use grep_search, or run_shell_command with head, tail or sed, to see parts of it.',
    });
  });

  it('validates its arguments with messages naming the parameter', () => {
    const tool = createReadFileTool();
    expect(tool.validate({})).toEqual({ ok: false, message: 'Missing required parameter "file_path".', errorType: 'INVALID_TOOL_PARAMS' });
    expect(tool.validate({ file_path: 3 })).toMatchObject({ message: 'Parameter "file_path" must be a string (received 3).' });
    expect(tool.validate({ file_path: '' })).toMatchObject({ message: 'Parameter "file_path" must not be empty.' });
    expect(tool.validate({ file_path: 'a', start_line: 0 })).toMatchObject({ message: 'Parameter "start_line" must be at least 1 (received 0).' });
    expect(tool.validate({ file_path: 'a', start_line: 1.5 })).toMatchObject({ message: 'Parameter "start_line" must be an integer (received 1.5).' });
    expect(tool.validate({ file_path: 'a', start_line: 5, end_line: 2 })).toMatchObject({
      message: 'Parameter "end_line" (2) must not be less than "start_line" (5).',
    });
    expect(tool.validate(null)).toMatchObject({ message: "Arguments must be an object with the tool's parameters (received null)." });
  });
});
