/**
 * Addresses inside the Preview's page. The page's base is `https://workspace.invalid/<entry>`,
 * an address that names no server (`.invalid` never resolves): relative links, images and
 * fetches resolve as on a server that serves the workspace's root, and whatever the frame's
 * runtime or the document builder does not answer from the workspace fails there, instead of
 * reaching the app's own origin.
 */
export const WORKSPACE_ORIGIN = 'https://workspace.invalid';

/** The bare specifier a workspace module is imported by in the Preview (its import map maps it). */
export const MODULE_PREFIX = '@loopscope-workspace/';

/** The workspace path `reference` names from the file at `from`, or null when it is not a workspace address (another site, data:, a bare module name). */
export function workspacePathOf(reference: string, from: string): string | null {
  const trimmed = reference.trim();
  if (!trimmed || trimmed.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(trimmed, `${WORKSPACE_ORIGIN}/${from}`);
  } catch {
    return null;
  }
  if (url.origin !== WORKSPACE_ORIGIN) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  path = path.replace(/^\/+/, '');
  return path.endsWith('/') || path === '' ? `${path}index.html` : path;
}

/** Whether a module specifier is an address (relative, root-relative or absolute) rather than a bare name like `react`. */
export function isAddressSpecifier(specifier: string): boolean {
  return /^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);
}

const TYPES: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  map: 'application/json',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  wasm: 'application/wasm',
};

export function contentTypeOf(path: string): string {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[extension] ?? 'application/octet-stream';
}

export function isJavaScript(path: string): boolean {
  return contentTypeOf(path) === 'text/javascript';
}

function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  return btoa(binary);
}

/** A `data:` address of the content, with its type (text as UTF-8). */
export function dataUrlOf(content: string | Uint8Array, type: string): string {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const charset = typeof content === 'string' ? ';charset=utf-8' : '';
  return `data:${type}${charset};base64,${base64OfBytes(bytes)}`;
}
