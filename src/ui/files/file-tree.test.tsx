import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BULK_FILES, FileTree } from './file-tree';

function render(paths: string[]): string {
  return renderToStaticMarkup(
    <FileTree paths={paths} activePath={null} onOpen={() => {}} onSelect={() => {}} onRename={() => {}} onDelete={async () => true} disabled={false} />,
  );
}

const treeItems = (html: string) => [...html.matchAll(/aria-label="([^"]+)"[^>]*role="treeitem"|role="treeitem"[^>]*aria-label="([^"]+)"/g)].map((match) => match[1] ?? match[2]);

describe('the Files tree', () => {
  it('shows a small workspace with its folders open', () => {
    const html = render(['src/app.ts', 'src/lib/util.ts', 'README.md']);
    expect(treeItems(html)).toEqual(['src', 'lib', 'util.ts', 'app.ts', 'README.md']);
    expect(html).toContain('aria-haspopup="menu"');
  });

  it('opens a big workspace with its folders closed, so thousands of rows are not drawn at once', () => {
    const paths = Array.from({ length: BULK_FILES + 1 }, (_, index) => `src/module-${index % 10}/file-${index}.ts`);
    const html = render([...paths, 'README.md']);
    expect(treeItems(html)).toEqual(['src', 'README.md']);
    expect(html).toContain('aria-expanded="false"');
  });
});
