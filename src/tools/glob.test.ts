import { describe, expect, it } from 'vitest';
import { createGlobTool, summarize } from './glob';
import { offlineToolContext, runTool, textOf } from './testing/offline-tool-context';

const FILES = {
  'src/app.ts': '',
  'src/util/strings.ts': '',
  'src/App.test.TS': '',
  'src/view.tsx': '',
  'README.md': '',
  '.eslintrc.json': '',
  'node_modules/lib/index.ts': '',
  '.git/HEAD': '',
};

describe('glob', () => {
  it('matches recursively, sorted, workspace-relative, case-insensitive, skipping node_modules and .git', async () => {
    const { context } = await offlineToolContext(FILES);
    const result = await runTool(createGlobTool(), { pattern: '**/*.ts' }, context);
    expect(textOf(result)).toBe('Found 3 files matching "**/*.ts" in the workspace:\nsrc/App.test.TS\nsrc/app.ts\nsrc/util/strings.ts');
    expect(result.display).toEqual({ type: 'files', paths: ['src/App.test.TS', 'src/app.ts', 'src/util/strings.ts'] });
  });

  it('matches relative to dir_path and returns workspace-relative paths', async () => {
    const { context } = await offlineToolContext(FILES);
    expect(textOf(await runTool(createGlobTool(), { pattern: '*.ts', dir_path: 'src' }, context))).toBe(
      'Found 2 files matching "*.ts" in src:\nsrc/App.test.TS\nsrc/app.ts',
    );
    expect(textOf(await runTool(createGlobTool(), { pattern: 'src/*.tsx', dir_path: 'src' }, context))).toBe(
      'Found 1 file matching "src/*.tsx" in src:\nsrc/view.tsx',
    );
  });

  it('includes dotfiles, and node_modules when the pattern names it', async () => {
    const { context } = await offlineToolContext(FILES);
    expect(textOf(await runTool(createGlobTool(), { pattern: '*.json' }, context))).toBe('Found 1 file matching "*.json" in the workspace:\n.eslintrc.json');
    expect(textOf(await runTool(createGlobTool(), { pattern: 'node_modules/**/*.ts' }, context))).toBe(
      'Found 1 file matching "node_modules/**/*.ts" in the workspace:\nnode_modules/lib/index.ts',
    );
  });

  it('accepts an absolute pattern under the workspace root', async () => {
    const { context } = await offlineToolContext(FILES);
    expect(textOf(await runTool(createGlobTool(), { pattern: '/workspace/src/*.tsx' }, context))).toBe(
      'Found 1 file matching "/workspace/src/*.tsx" in the workspace:\nsrc/view.tsx',
    );
  });

  it('says when nothing matches', async () => {
    const { context } = await offlineToolContext(FILES);
    const result = await runTool(createGlobTool(), { pattern: '**/*.py' }, context);
    expect(textOf(result)).toBe('No files found matching "**/*.py" in the workspace.');
  });

  it('caps results with a note', async () => {
    const files = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`f${index}.txt`, '']));
    const { context } = await offlineToolContext(files);
    const text = textOf(await runTool(createGlobTool({ maxResults: 5 }), { pattern: '*.txt' }, context));
    expect(text.split('\n')).toHaveLength(1 + 5 + 2);
    expect(text.endsWith('Showing the first 5 of 20 matches; use a narrower pattern or dir_path.')).toBe(true);
  });

  it('reports a missing dir_path', async () => {
    const { context } = await offlineToolContext();
    expect((await runTool(createGlobTool(), { pattern: '*', dir_path: 'nope' }, context)).error).toEqual({
      type: 'DIRECTORY_NOT_FOUND',
      message: 'Directory not found: nope',
    });
  });

  it('summarizes as the pattern', () => {
    expect(summarize({ pattern: '**/*.ts' })).toBe('**/*.ts');
    expect(summarize({ pattern: '*.ts', dir_path: 'src' })).toBe('*.ts in src');
  });
});
