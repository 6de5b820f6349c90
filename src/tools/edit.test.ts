import { describe, expect, it } from 'vitest';
import { createEditTool } from './edit';
import { createToolRegistry } from './registry';
import { offlineToolContext, runTool, textOf } from './testing/offline-tool-context';

const tool = createEditTool();

describe('edit', () => {
  it('replaces a unique exact match and shows the changed lines', async () => {
    const { context, sandbox } = await offlineToolContext({ 'a.ts': 'const a = 1;\nconst b = 2;\n' });
    const result = await runTool(tool, { file_path: 'a.ts', old_string: 'const b = 2;', new_string: 'const b = 3;' }, context);
    expect(textOf(result)).toBe('The file: a.ts has been updated. Showing lines 1-2 of 2 from the edited file:\n\nconst a = 1;\nconst b = 3;');
    expect(result.display).toEqual({ type: 'diff', path: 'a.ts', before: 'const a = 1;\nconst b = 2;\n', after: 'const a = 1;\nconst b = 3;\n' });
    expect(await sandbox.readTextFile('a.ts')).toBe('const a = 1;\nconst b = 3;\n');
  });

  it('fails with the exact EDIT_NO_OCCURRENCE_FOUND text', async () => {
    const { context } = await offlineToolContext({ 'a.ts': 'x\n' });
    expect((await runTool(tool, { file_path: 'a.ts', old_string: 'y', new_string: 'z' }, context)).error).toEqual({
      type: 'EDIT_NO_OCCURRENCE_FOUND',
      message:
        "Failed to edit, 0 occurrences found for old_string in a.ts. No edits made. The exact text in old_string was not found. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.",
    });
  });

  it('fails with the exact EDIT_EXPECTED_OCCURRENCE_MISMATCH text unless replace_all', async () => {
    const { context, sandbox } = await offlineToolContext({ 'a.ts': 'x x x\n' });
    expect((await runTool(tool, { file_path: 'a.ts', old_string: 'x', new_string: 'y' }, context)).error).toEqual({
      type: 'EDIT_EXPECTED_OCCURRENCE_MISMATCH',
      message: 'Failed to edit. Found 3 occurrences for old_string in a.ts but replace_all was not enabled.',
    });
    const result = await runTool(tool, { file_path: 'a.ts', old_string: 'x', new_string: 'y', replace_all: true }, context);
    expect(textOf(result)).toMatch(/^The file: a\.ts has been updated \(3 occurrences replaced\)\./);
    expect(await sandbox.readTextFile('a.ts')).toBe('y y y\n');
  });

  it('creates a missing file from an empty old_string', async () => {
    const { context, sandbox } = await offlineToolContext();
    const result = await runTool(tool, { file_path: 'src/new.ts', old_string: '', new_string: 'hi\n' }, context);
    expect(textOf(result)).toBe('Created new file: src/new.ts with provided content.');
    expect(result.display).toEqual({ type: 'diff', path: 'src/new.ts', before: null, after: 'hi\n' });
    expect(await sandbox.readTextFile('src/new.ts')).toBe('hi\n');
  });

  it('refuses an empty old_string on an existing file with ATTEMPT_TO_CREATE_EXISTING_FILE', async () => {
    const { context } = await offlineToolContext({ 'a.ts': 'x' });
    expect((await runTool(tool, { file_path: 'a.ts', old_string: '', new_string: 'y' }, context)).error).toEqual({
      type: 'ATTEMPT_TO_CREATE_EXISTING_FILE',
      message: 'File already exists, cannot create: a.ts. To change it, give the text to replace in old_string.',
    });
  });

  it('reports FILE_NOT_FOUND with the hint to use an empty old_string', async () => {
    const { context } = await offlineToolContext();
    expect((await runTool(tool, { file_path: 'nope.ts', old_string: 'a', new_string: 'b' }, context)).error).toEqual({
      type: 'FILE_NOT_FOUND',
      message: 'File not found: nope.ts. Use an empty old_string to create a new file.',
    });
  });

  it('reports EDIT_NO_CHANGE when old_string and new_string are identical', async () => {
    const { context } = await offlineToolContext({ 'a.ts': 'same\n' });
    expect((await runTool(tool, { file_path: 'a.ts', old_string: 'same', new_string: 'same' }, context)).error).toEqual({
      type: 'EDIT_NO_CHANGE',
      message: 'No changes to apply. The old_string and new_string are identical in file: a.ts',
    });
  });

  it('keeps $ sequences in new_string literal', async () => {
    const { context, sandbox } = await offlineToolContext({ 'a.ts': 'price = X;\n' });
    await runTool(tool, { file_path: 'a.ts', old_string: 'X', new_string: "$& $1 $$ $` $'" }, context);
    expect(await sandbox.readTextFile('a.ts')).toBe("price = $& $1 $$ $` $';\n");
    await runTool(tool, { file_path: 'a.ts', old_string: '$$', new_string: '$&$&', replace_all: true }, context);
    expect(await sandbox.readTextFile('a.ts')).toBe("price = $& $1 $&$& $` $';\n");
  });

  it('matches CRLF files with LF strings and writes CRLF back, keeping the BOM', async () => {
    const { context, sandbox } = await offlineToolContext({ 'win.txt': '\uFEFFone\r\ntwo\r\nthree\r\n' });
    const result = await runTool(tool, { file_path: 'win.txt', old_string: 'one\ntwo', new_string: 'uno\ndos\nextra' }, context);
    expect(result.error).toBeUndefined();
    const bytes = await sandbox.readFile('win.txt');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFuno\r\ndos\r\nextra\r\nthree\r\n');
  });

  it('deletes a whole line with its newline when new_string is empty', async () => {
    const { context, sandbox } = await offlineToolContext({ 'a.ts': 'a\nremove me\nb\n' });
    await runTool(tool, { file_path: 'a.ts', old_string: 'remove me', new_string: '' }, context);
    expect(await sandbox.readTextFile('a.ts')).toBe('a\nb\n');
  });

  it('refuses new_string that elides code, unless old_string had the placeholder', async () => {
    const { context, sandbox } = await offlineToolContext({ 'a.py': 'def f():\n    return 1\n\ndef g():\n    pass\n' });
    const refused = await runTool(tool, { file_path: 'a.py', old_string: 'def f():\n    return 1', new_string: 'def f():\n    # rest of code remains the same' }, context);
    expect(refused.error).toEqual({
      type: 'OMISSION_PLACEHOLDER',
      message:
        'new_string contains a placeholder that omits code ("# rest of code remains the same"). new_string replaces old_string exactly, ' +
        'so a placeholder would delete the code it stands for. Write out the full code instead of placeholder comments.',
    });
    expect(await sandbox.readTextFile('a.py')).toBe('def f():\n    return 1\n\ndef g():\n    pass\n');
  });

  it('refuses to edit binary files and directories', async () => {
    const { context } = await offlineToolContext({ 'x.bin': new Uint8Array([0, 1, 2]), 'src/a.ts': '' });
    expect((await runTool(tool, { file_path: 'x.bin', old_string: 'a', new_string: 'b' }, context)).error).toEqual({
      type: 'BINARY_FILE',
      message: 'Cannot edit x.bin: it is a binary file (BIN file, 3 bytes).',
    });
    expect((await runTool(tool, { file_path: 'src', old_string: 'a', new_string: 'b' }, context)).error).toEqual({
      type: 'TARGET_IS_DIRECTORY',
      message: 'Cannot edit src: it is a directory.',
    });
  });

  it('previews the whole file before and after without writing', async () => {
    const { context, sandbox } = await offlineToolContext({ 'a.ts': 'a\nb\nc\n' });
    expect(await tool.preview({ file_path: 'a.ts', old_string: 'b', new_string: 'B' }, context)).toEqual({
      type: 'diff',
      path: 'a.ts',
      before: 'a\nb\nc\n',
      after: 'a\nB\nc\n',
    });
    expect(await tool.preview({ file_path: 'a.ts', old_string: 'zzz', new_string: 'B' }, context)).toMatchObject({
      type: 'text',
      text: expect.stringMatching(/^This edit will fail: Failed to edit, 0 occurrences/) as unknown as string,
    });
    expect(await sandbox.readTextFile('a.ts')).toBe('a\nb\nc\n');
  });

  it('is also reachable under the alias replace', async () => {
    const registry = createToolRegistry();
    expect(registry.get('replace')).toBe(registry.get('edit'));
    expect(registry.names()).not.toContain('replace');
  });

  it('validates its arguments', () => {
    expect(tool.validate({ file_path: 'a', old_string: 'x' })).toMatchObject({ ok: false, message: 'Missing required parameter "new_string".' });
    expect(tool.validate({ file_path: 'a', old_string: 'x', new_string: 'y', replace_all: 'yes' })).toMatchObject({
      ok: false,
      message: 'Parameter "replace_all" must be a boolean (received "yes").',
    });
  });
});
