// The security headers of every response of the app, in one place: scripts/serve.mjs sends
// them (`npm start`), and the service worker (src/pwa/service-worker.ts) adds them to the
// responses it serves, so dist/ on a static host that sets no headers (GitHub Pages) gets the
// same cross-origin isolation and Content-Security-Policy. Plain JavaScript so that Node runs
// it without a build; its types are in security-headers.d.mts.

/** The SHA-256 of index.html's inline early prompt script (scripts/early-prompt.test.mjs checks it). */
export const EARLY_PROMPT_SCRIPT = "'sha256-ov8cJOIYVOetmUFgHDQ9jGPuYbw7uc+96bv3eur+Uig='";

/** The CSP's directives other than who may frame the page (the app and its embedded player differ only there). */
const contentDirectives = [
  "default-src 'self'",
  // One inline script, index.html's early prompt (scripts/early-prompt.mjs), by its hash;
  // no other inline script runs (a Preview's included).
  `script-src 'self' 'wasm-unsafe-eval' ${EARLY_PROMPT_SCRIPT}`,
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // The model endpoint, MCP servers, trace endpoint and web pages are the person's choice.
  // Plain http only to this computer (shared/plain-http.ts): a key, a trace header or a page's
  // redirect never goes to another computer in the clear, whichever code path asks. The
  // grammar has no IPv6 hosts, so [::1] cannot be named here: the code requests an address on
  // [::1] as localhost (same port and path), which the browser resolves to this computer.
  "connect-src 'self' https: http://localhost:* http://127.0.0.1:* wss: ws://localhost:*",
  // WebContainer's boot frame and preview servers; 'self' for the offline Preview's frame
  // (preview-frame.html, which sandboxes itself: previewFrameHeaders).
  "frame-src 'self' https://*.webcontainer.io https://*.webcontainer-api.io https://*.stackblitz.com https://stackblitz.com blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** @type {Readonly<Record<string, string>>} */
export const securityHeaders = Object.freeze({
  // Cross-origin isolation: WebContainer needs SharedArrayBuffer, and COEP also keeps
  // third-party subresources out of the app's origin.
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Keeps model output from loading remote images or scripts (reliability rule 7).
  'Content-Security-Policy': [
    ...contentDirectives,
    // Only the app itself may frame the app: another site cannot overlay its approvals (clickjacking).
    "frame-ancestors 'self'",
  ].join('; '),
});

/**
 * The address of the embedded player (docs/architecture.md, "An embed is the app with ?embed"):
 * the app's own address with an `embed` query parameter. The page (main.tsx) and the two senders
 * of headers decide with this one function, so the page that may be framed is the player.
 * @param {string} search a URL's query, with or without its `?`
 */
export function isEmbedAddress(search) {
  return new URLSearchParams(search).has('embed');
}

/**
 * The embedded player's headers: another site may frame it (`frame-ancestors *`), and a host
 * page that is itself cross-origin isolated may too (CORP `cross-origin`; the player sends COEP
 * as the app does). Everything else is the app's: the player runs no tools and reaches no sandbox.
 * @type {Readonly<Record<string, string>>}
 */
export const embedHeaders = Object.freeze({
  ...securityHeaders,
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Content-Security-Policy': [...contentDirectives, 'frame-ancestors *'].join('; '),
});

/** The page the Preview's frame loads (public/preview-frame.html; ui/preview/ says how it is used). */
export const PREVIEW_FRAME_FILE = 'preview-frame.html';

/**
 * The Preview frame's headers. The workspace's page runs there with its own scripts, so the
 * response sandboxes itself (`sandbox` without `allow-same-origin`: an opaque origin that
 * cannot reach the app's storage, key or worker, nor script the app's page), and its policy
 * allows what a student's page needs (inline scripts, eval, `data:` and `blob:` addresses) but
 * no network: its files come from the app, and its base address, https://workspace.invalid/,
 * names no server.
 * @type {Readonly<Record<string, string>>}
 */
export const previewFrameHeaders = Object.freeze({
  ...securityHeaders,
  'Content-Security-Policy': [
    'sandbox allow-scripts allow-forms allow-modals allow-popups allow-pointer-lock allow-downloads',
    "default-src 'none'",
    "script-src 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' data: blob:",
    "style-src 'unsafe-inline' data: blob:",
    'img-src data: blob:',
    'media-src data: blob:',
    'font-src data: blob:',
    'connect-src data: blob:',
    'worker-src data: blob:',
    "frame-src 'none'",
    "object-src 'none'",
    'base-uri https://workspace.invalid',
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; '),
});

/**
 * The headers of the response to `url`: the player's for an embed address, the Preview frame's
 * for its page, else the app's.
 * @param {string} url
 */
export function securityHeadersFor(url) {
  const parsed = new URL(url, 'http://localhost');
  if (parsed.pathname.endsWith(`/${PREVIEW_FRAME_FILE}`)) return previewFrameHeaders;
  return isEmbedAddress(parsed.search) ? embedHeaders : securityHeaders;
}

/** The two headers that make a page cross-origin isolated (the dev server sends only these). */
export const isolationHeaders = Object.freeze({
  'Cross-Origin-Opener-Policy': securityHeaders['Cross-Origin-Opener-Policy'],
  'Cross-Origin-Embedder-Policy': securityHeaders['Cross-Origin-Embedder-Policy'],
});
