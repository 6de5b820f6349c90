/**
 * The offline Preview's page: the workspace's HTML file as one document the Preview's frame
 * writes in place of its own (preview-frame.tsx says why the frame has no server). What the page
 * links is brought in: stylesheets inline (their `url()`s and `@import`s too), classic scripts
 * and media as `data:` addresses, module scripts through an import map (module-graph.ts). The
 * frame's runtime comes first (frame-runtime.ts), and a `<base>` on https://workspace.invalid/
 * makes every other address resolve as on a server of the workspace's root, where the runtime
 * answers fetches and late images from the workspace.
 */
import type { WorkspaceContent } from './module-graph';
import { buildImportMap, rewriteModule } from './module-graph';
import { MODULE_PREFIX, WORKSPACE_ORIGIN, contentTypeOf, dataUrlOf, workspacePathOf } from './workspace-urls';

export interface PreviewDocument {
  entry: string;
  html: string;
  /** Workspace files the page links that are not there, in the order found. */
  missing: string[];
}

/** The page to show first: `index.html` at the root, else the shallowest HTML file. */
export function findEntry(paths: Iterable<string>): string | null {
  const html: string[] = [];
  for (const path of paths) {
    if (path === 'index.html') return path;
    if (/\.html?$/i.test(path)) html.push(path);
  }
  html.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  return html[0] ?? null;
}

const textOf = (content: WorkspaceContent) => (typeof content === 'string' ? content : new TextDecoder().decode(content));

class Linker {
  readonly missing: string[] = [];
  constructor(private readonly files: ReadonlyMap<string, WorkspaceContent>) {}

  /** The workspace file `reference` names from `from`, or undefined (then noted as missing). */
  file(reference: string, from: string): { path: string; content: WorkspaceContent } | null | undefined {
    const path = workspacePathOf(reference, from);
    if (path === null) return null;
    const content = this.files.get(path);
    if (content === undefined) {
      if (!this.missing.includes(path)) this.missing.push(path);
      return undefined;
    }
    return { path, content };
  }

  /** A `data:` address for a workspace file, or the reference unchanged. */
  address(reference: string, from: string): string {
    const found = this.file(reference, from);
    return found ? dataUrlOf(found.content, contentTypeOf(found.path)) : reference;
  }

  /** CSS with `url()`s as `data:` addresses and `@import`s of workspace stylesheets inlined. */
  css(css: string, from: string, depth = 0): string {
    const imported = css.replace(/@import\s+(?:url\(\s*)?(["']?)([^"')\s;]+)\1\s*\)?([^;]*);/gi, (rule, _quote: string, reference: string, media: string) => {
      const found = depth < 8 ? this.file(reference, from) : null;
      if (!found) return rule;
      const inner = this.css(textOf(found.content), found.path, depth + 1);
      return media.trim() ? `@media ${media.trim()} {\n${inner}\n}` : inner;
    });
    return imported.replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/gi, (whole, _quote: string, reference: string) => {
      if (/^(data|blob):/i.test(reference.trim())) return whole;
      const address = this.address(reference, from);
      return address === reference ? whole : `url("${address}")`;
    });
  }
}

const MEDIA = 'img[src], source[src], audio[src], video[src], track[src], input[type="image"][src], embed[src]';

/**
 * `parse` is the browser's DOMParser (given, so tests can run on another DOM). `runtime` is the
 * frame runtime's source (frame-runtime.ts), run before anything of the page.
 */
export async function buildPreviewDocument(
  files: ReadonlyMap<string, WorkspaceContent>,
  entry: string,
  runtime: string,
  parse: (html: string) => Document = (html) => new DOMParser().parseFromString(html, 'text/html'),
): Promise<PreviewDocument> {
  const source = files.get(entry);
  const doc = parse(source === undefined ? '' : textOf(source));
  const link = new Linker(files);
  const moduleRoots: { path: string; importer: string }[] = [];

  for (const element of Array.from(doc.querySelectorAll('base, meta[http-equiv]'))) {
    // A page's own base would move its addresses off the workspace; its own CSP is the frame's business.
    if (element.tagName === 'BASE' || /content-security-policy/i.test(element.getAttribute('http-equiv') ?? '')) element.remove();
  }
  for (const element of Array.from(doc.querySelectorAll('link[href]'))) {
    const rel = (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const href = element.getAttribute('href') ?? '';
    if (rel.includes('stylesheet')) {
      const found = link.file(href, entry);
      if (!found) continue;
      const style = doc.createElement('style');
      style.setAttribute('data-from', found.path);
      const media = element.getAttribute('media');
      if (media) style.setAttribute('media', media);
      style.textContent = link.css(textOf(found.content), found.path);
      element.replaceWith(style);
    } else if (rel.includes('icon') || rel.includes('preload') || rel.includes('manifest')) {
      element.setAttribute('href', link.address(href, entry));
    } else if (rel.includes('modulepreload')) {
      element.remove();
    }
  }
  for (const element of Array.from(doc.querySelectorAll('style'))) {
    if (!element.hasAttribute('data-from')) element.textContent = link.css(element.textContent ?? '', entry);
  }
  for (const element of Array.from(doc.querySelectorAll('[style]'))) element.setAttribute('style', link.css(element.getAttribute('style') ?? '', entry));

  for (const script of Array.from(doc.querySelectorAll('script'))) {
    const type = (script.getAttribute('type') ?? '').trim().toLowerCase();
    const src = script.getAttribute('src');
    if (type === 'module') {
      if (src !== null) {
        const path = workspacePathOf(src, entry);
        if (path === null) continue;
        // The module by its bare specifier, so it is one module however many scripts and imports name it.
        script.removeAttribute('src');
        script.textContent = `import ${JSON.stringify(MODULE_PREFIX + path)};`;
        moduleRoots.push({ path, importer: entry });
      } else {
        const rewritten = await rewriteModule(script.textContent ?? '', entry);
        script.textContent = rewritten.code;
        for (const path of rewritten.imports) moduleRoots.push({ path, importer: entry });
      }
    } else if (type === 'importmap') {
      // One import map per page: the Preview's. A page's own (for bare names) cannot work offline anyway.
      script.remove();
    } else if (src !== null && (type === '' || /javascript|ecmascript/.test(type))) {
      const found = link.file(src, entry);
      if (found) script.setAttribute('src', dataUrlOf(found.content, 'text/javascript'));
    }
  }
  for (const element of Array.from(doc.querySelectorAll(MEDIA))) element.setAttribute('src', link.address(element.getAttribute('src') ?? '', entry));
  for (const element of Array.from(doc.querySelectorAll('video[poster]'))) element.setAttribute('poster', link.address(element.getAttribute('poster') ?? '', entry));
  for (const element of Array.from(doc.querySelectorAll('[srcset]'))) {
    const candidates = (element.getAttribute('srcset') ?? '').split(',').map((candidate) => {
      const [reference = '', ...descriptor] = candidate.trim().split(/\s+/);
      return [link.address(reference, entry), ...descriptor].join(' ');
    });
    element.setAttribute('srcset', candidates.join(', '));
  }

  const imports = await buildImportMap(files, moduleRoots);
  for (const path of Object.keys(imports)) {
    const workspacePath = path.slice(MODULE_PREFIX.length);
    if (!files.has(workspacePath) && !link.missing.includes(workspacePath)) link.missing.push(workspacePath);
  }

  const head = doc.head;
  const first = head.firstChild;
  const add = (element: Element) => head.insertBefore(element, first);
  const charset = doc.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  add(charset);
  const runtimeScript = doc.createElement('script');
  runtimeScript.textContent = runtime.replace(/<\/(script)/gi, '<\\/$1');
  add(runtimeScript);
  if (moduleRoots.length > 0) {
    const importMap = doc.createElement('script');
    importMap.setAttribute('type', 'importmap');
    importMap.textContent = JSON.stringify({ imports }).replace(/<\/(script)/gi, '<\\/$1');
    add(importMap);
  }
  for (const element of Array.from(head.querySelectorAll('meta[charset]')).slice(1)) element.remove();
  // The base goes in as text: set in this inert document, the app's own policy (base-uri 'none') would refuse it, with an error in the app's console.
  const base = `<base href="${WORKSPACE_ORIGIN}/${entry.split('/').map(encodeURIComponent).join('/').replace(/"/g, '%22')}">`;
  const html = doc.documentElement.outerHTML.replace(/<head\b[^>]*>/i, (open) => `${open}${base}`);
  return { entry, html: `<!DOCTYPE html>\n${html}`, missing: link.missing };
}
