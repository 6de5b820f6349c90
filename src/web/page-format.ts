/** How a body is shown to the model, from its Content-Type (or, without one, its first bytes). */

const TEXT_TYPES = /^(text\/|application\/(json|ld\+json|xml|javascript|ecmascript|x-javascript|yaml|x-yaml|toml|x-sh|graphql|sql|csv|markdown)|[a-z]+\/[a-z.+-]*\+(json|xml)\b)/;

function looksLikeHtml(bytes: Uint8Array): boolean {
  const start = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  return start.startsWith('<!doctype html') || start.startsWith('<html');
}

function looksLikeText(bytes: Uint8Array): boolean {
  return !bytes.subarray(0, 8000).includes(0);
}

export function pageFormat(contentType: string, bytes: Uint8Array): 'html' | 'text' | 'binary' {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (TEXT_TYPES.test(type)) return 'text';
  if (type === '' || type === 'application/octet-stream') {
    if (looksLikeHtml(bytes)) return 'html';
    if (type === '' && looksLikeText(bytes)) return 'text';
  }
  return 'binary';
}

/** The body as text in the charset the server named (UTF-8 when it named none or an unknown one). */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // An unknown label: UTF-8 below.
    }
  }
  return new TextDecoder().decode(bytes);
}
