/**
 * The workspace's JavaScript modules as the Preview's page loads them. The page runs in a frame
 * with an opaque origin that no server and no service worker answers, so each module is given to
 * it as a `data:` address, and every import of a workspace file is rewritten to a bare specifier
 * (`@loopscope-workspace/<path>`) that the page's import map maps to that address. Relative
 * imports would not resolve from a `data:` module; bare names survive any nesting, and cycles
 * need nothing special, since the map is flat.
 *
 * Not rewritten: imports of bare names (`react`: there is no package server offline), and
 * `import()` of a computed string.
 */
import { init, parse } from 'es-module-lexer';
import { MODULE_PREFIX, contentTypeOf, dataUrlOf, isAddressSpecifier, isJavaScript, workspacePathOf } from './workspace-urls';

export type WorkspaceContent = string | Uint8Array;

export interface RewrittenModule {
  code: string;
  /** The workspace paths it imports, in order of appearance. */
  imports: string[];
}

/** The module's source with each import of a workspace file pointed at its bare specifier. */
export async function rewriteModule(source: string, from: string): Promise<RewrittenModule> {
  await init();
  let imports: ReturnType<typeof parse>[0];
  try {
    [imports] = parse(source, from);
  } catch {
    // Not parseable as a module: the browser will report the syntax error itself.
    return { code: source, imports: [] };
  }
  const found: string[] = [];
  let code = '';
  let last = 0;
  for (const entry of imports) {
    if (entry.type === 'import-meta' || (entry.type === 'dynamic' && (entry.specifier === undefined || entry.glob))) continue;
    const specifier = entry.specifier;
    if (typeof specifier !== 'string' || !isAddressSpecifier(specifier)) continue;
    const path = workspacePathOf(specifier, from);
    if (path === null) continue;
    found.push(path);
    // A dynamic import's span is the whole string literal, quotes included; a static one's is its inside.
    code += source.slice(last, entry.start) + (entry.type === 'dynamic' ? JSON.stringify(MODULE_PREFIX + path) : MODULE_PREFIX + path);
    last = entry.end;
  }
  return { code: code + source.slice(last), imports: found };
}

function missingModule(path: string, importer: string): string {
  const message = `The Preview found no file ${path} in the workspace (imported by ${importer}).`;
  return dataUrlOf(`throw new Error(${JSON.stringify(message)});\n`, 'text/javascript');
}

/**
 * The import map for modules reached from `roots` (workspace paths of module scripts, plus the
 * imports already found in inline modules, with the page as their importer).
 */
export async function buildImportMap(files: ReadonlyMap<string, WorkspaceContent>, roots: readonly { path: string; importer: string }[]): Promise<Record<string, string>> {
  const map: Record<string, string> = {};
  const queue = [...roots];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const { path, importer } = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const content = files.get(path);
    if (content === undefined) {
      map[MODULE_PREFIX + path] = missingModule(path, importer);
      continue;
    }
    if (!isJavaScript(path)) {
      // JSON, CSS or another file imported with attributes (`with { type: 'json' }`).
      map[MODULE_PREFIX + path] = dataUrlOf(content, contentTypeOf(path));
      continue;
    }
    const source = typeof content === 'string' ? content : new TextDecoder().decode(content);
    const rewritten = await rewriteModule(source, path);
    map[MODULE_PREFIX + path] = dataUrlOf(`${rewritten.code}\n//# sourceURL=${encodeURI(path)}\n`, 'text/javascript');
    for (const next of rewritten.imports) queue.push({ path: next, importer: path });
  }
  return map;
}
