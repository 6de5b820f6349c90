// Types for security-headers.mjs (plain JavaScript, so that scripts/serve.mjs runs it in Node).
/** Every response of the app: COOP, COEP, CORP, nosniff, referrer policy, CSP. */
export const securityHeaders: Readonly<Record<string, string>>;
/** The embedded player's (an `?embed` address): the app's, except that any site may frame it and CORP is `cross-origin`. */
export const embedHeaders: Readonly<Record<string, string>>;
/** The Preview frame's page (public/preview-frame.html). */
export const PREVIEW_FRAME_FILE: string;
/** The Preview frame's: sandboxed (an opaque origin), inline scripts allowed, no network. */
export const previewFrameHeaders: Readonly<Record<string, string>>;
/** Whether a URL's query (with or without `?`) addresses the embedded player. */
export function isEmbedAddress(search: string): boolean;
/** The headers of the response to `url` (absolute, or a path with its query): embedHeaders, previewFrameHeaders or securityHeaders. */
export function securityHeadersFor(url: string): Readonly<Record<string, string>>;
/** COOP and COEP only (the dev server). */
export const isolationHeaders: Readonly<Record<'Cross-Origin-Opener-Policy' | 'Cross-Origin-Embedder-Policy', string>>;
/** The CSP source ('sha256-…') of index.html's inline early prompt script. */
export const EARLY_PROMPT_SCRIPT: string;
