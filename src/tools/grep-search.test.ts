import { describe, expect, it } from 'vitest';
import { createGrepSearchTool, summarize } from './grep-search';
import { offlineToolContext, runTool, textOf } from './testing/offline-tool-context';

const tool = createGrepSearchTool();

describe('grep_search', () => {
  it('finds lines as file:line: text, case-insensitively, in path order', async () => {
    const { context } = await offlineToolContext({
      'src/b.ts': 'const x = 1;\nfunction Load() {}\n',
      'src/a.ts': 'function load() {}\r\n',
      'README.md': 'nothing here\n',
    });
    const result = await runTool(tool, { pattern: 'function\\s+load' }, context);
    expect(textOf(result)).toBe('Found 2 matches for pattern "function\\s+load" in the workspace:\nsrc/a.ts:1: function load() {}\nsrc/b.ts:2: function Load() {}');
  });

  it('filters by include_pattern (a bare name matches at any depth) and dir_path', async () => {
    const { context } = await offlineToolContext({ 'src/a.ts': 'hit\n', 'src/a.js': 'hit\n', 'lib/c.ts': 'hit\n' });
    expect(textOf(await runTool(tool, { pattern: 'hit', include_pattern: '*.ts' }, context))).toBe(
      'Found 2 matches for pattern "hit" in the workspace (files matching "*.ts"):\nlib/c.ts:1: hit\nsrc/a.ts:1: hit',
    );
    expect(textOf(await runTool(tool, { pattern: 'hit', dir_path: 'src', include_pattern: '*.{js,jsx}' }, context))).toBe(
      'Found 1 match for pattern "hit" in src (files matching "*.{js,jsx}"):\nsrc/a.js:1: hit',
    );
  });

  it('skips binary files, node_modules and .git', async () => {
    const { context } = await offlineToolContext({
      'a.txt': 'needle\n',
      'b.bin': new Uint8Array([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x00]),
      'c.dat': new Uint8Array([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0xff]),
      'node_modules/x/index.js': 'needle\n',
      '.git/config': 'needle\n',
    });
    expect(textOf(await runTool(tool, { pattern: 'needle' }, context))).toBe('Found 1 match for pattern "needle" in the workspace:\na.txt:1: needle');
  });

  it('stops at 100 matches with a note', async () => {
    const { context } = await offlineToolContext({ 'many.txt': Array.from({ length: 150 }, (_, index) => `match ${index}`).join('\n') });
    const text = textOf(await runTool(tool, { pattern: 'match' }, context));
    const lines = text.split('\n');
    expect(lines[0]).toBe('Found 100+ matches for pattern "match" in the workspace:');
    expect(lines.filter((line) => line.startsWith('many.txt:'))).toHaveLength(100);
    expect(lines.at(-1)).toBe('Showing the first 100 matches; there are more. Use a more specific pattern, dir_path or include_pattern.');
  });

  it('cuts matched lines to 300 characters', async () => {
    const { context } = await offlineToolContext({ 'min.js': `needle${'x'.repeat(500)}` });
    const text = textOf(await runTool(tool, { pattern: 'needle' }, context));
    expect(text.split('\n')[1]).toBe(`min.js:1: needle${'x'.repeat(294)}… [206 more characters]`);
  });

  it('says when nothing matches', async () => {
    const { context } = await offlineToolContext({ 'a.txt': 'abc' });
    expect(textOf(await runTool(tool, { pattern: 'zzz', include_pattern: '*.md' }, context))).toBe(
      'No matches found for pattern "zzz" in the workspace (files matching "*.md").',
    );
  });

  it('refuses an invalid regular expression with a clear message', async () => {
    const expected = {
      ok: false,
      errorType: 'INVALID_PATTERN',
      message:
        'Invalid regular expression in "pattern": Invalid regular expression: /foo(/i: Unterminated group. ' +
        'Use JavaScript RegExp syntax and escape special characters such as ( [ . * + ? with a backslash.',
    };
    expect(tool.validate({ pattern: 'foo(' })).toEqual(expected);
    const { context } = await offlineToolContext();
    expect((await tool.execute({ pattern: 'foo(' }, context)).error).toEqual({ type: 'INVALID_PATTERN', message: expected.message });
  });

  // How fast is measured by e2e/bench/tools.mjs, not asserted here: a loaded runner is no clock.
  it('finds every match across 2,000 small files in 20 folders', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 2000; index++) {
      files[`src/module${index % 20}/file${index}.ts`] = `export const value${index} = ${index};\n// ${index % 97 === 0 ? 'NEEDLE' : 'hay'}\n`;
    }
    const { context } = await offlineToolContext(files);
    const text = textOf(await runTool(tool, { pattern: 'needle' }, context));
    expect(text.split('\n')[0]).toBe('Found 21 matches for pattern "needle" in the workspace:');
  });

  it('summarizes as the pattern', () => {
    expect(summarize({ pattern: 'TODO' })).toBe('TODO');
    expect(summarize({ pattern: 'TODO', dir_path: 'src', include_pattern: '*.ts' })).toBe('TODO in src (*.ts)');
  });
});
