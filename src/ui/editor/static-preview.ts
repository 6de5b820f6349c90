/**
 * The offline sandbox has no servers, so its preview is static: index.html with the
 * workspace's stylesheets inlined, shown in a sandboxed frame (reliability rule 8: scripts
 * only, never the app's origin). Pure, for tests.
 */
function resolveRelative(from: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null;
  const base = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
  const parts: string[] = [];
  for (const segment of (href.startsWith('/') ? href.slice(1) : base + href).split('/')) {
    if (segment === '..') parts.pop();
    else if (segment && segment !== '.') parts.push(segment.split(/[?#]/)[0] ?? segment);
  }
  return parts.join('/');
}

export function findEntry(files: ReadonlyMap<string, string>): string | null {
  if (files.has('index.html')) return 'index.html';
  const html = [...files.keys()].filter((path) => path.endsWith('.html')).sort((a, b) => a.split('/').length - b.split('/').length);
  return html[0] ?? null;
}

/** The entry page with `<link rel="stylesheet" href>` replaced by the workspace file's content. */
export function buildStaticPreview(files: ReadonlyMap<string, string>, entry: string): string {
  const html = files.get(entry) ?? '';
  return html.replace(/<link\b[^>]*>/gi, (tag) => {
    if (!/rel\s*=\s*["']?stylesheet/i.test(tag)) return tag;
    const href = /href\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    const path = href ? resolveRelative(entry, href) : null;
    const css = path ? files.get(path) : undefined;
    return css === undefined ? tag : `<style data-from="${path}">\n${css.replace(/<\/style/gi, '<\\/style')}\n</style>`;
  });
}
