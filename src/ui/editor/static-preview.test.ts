import { describe, expect, it } from 'vitest';
import { buildStaticPreview, findEntry } from './static-preview';

describe('static preview', () => {
  it('inlines workspace stylesheets into the entry page', () => {
    const files = new Map([
      ['site/index.html', '<html><head><link rel="stylesheet" href="../css/style.css"></head><body>Hi</body></html>'],
      ['css/style.css', 'body { color: red }'],
    ]);
    const html = buildStaticPreview(files, 'site/index.html');
    expect(html).toContain('<style data-from="css/style.css">\nbody { color: red }\n</style>');
    expect(html).not.toContain('<link');
  });

  it('leaves remote and missing stylesheets alone and cannot be closed early by the css', () => {
    const files = new Map([
      ['index.html', '<link rel="stylesheet" href="https://cdn.example/x.css"><link rel="stylesheet" href="gone.css"><link rel="stylesheet" href="evil.css">'],
      ['evil.css', '</style><script>alert(1)</script>'],
    ]);
    const html = buildStaticPreview(files, 'index.html');
    expect(html).toContain('href="https://cdn.example/x.css"');
    expect(html).toContain('href="gone.css"');
    expect(html).not.toContain('</style><script>');
  });

  it('prefers index.html at the root, else the shallowest html file', () => {
    expect(findEntry(new Map([['a/b/page.html', ''], ['docs/x.html', '']]))).toBe('docs/x.html');
    expect(findEntry(new Map([['docs/x.html', ''], ['index.html', '']]))).toBe('index.html');
    expect(findEntry(new Map([['a.txt', '']]))).toBeNull();
  });
});
