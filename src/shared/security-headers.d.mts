// Types for security-headers.mjs (plain JavaScript, so that scripts/serve.mjs runs it in Node).
/** Every response of the app: COOP, COEP, CORP, nosniff, referrer policy, CSP. */
export const securityHeaders: Readonly<Record<string, string>>;
/** COOP and COEP only (the dev server). */
export const isolationHeaders: Readonly<Record<'Cross-Origin-Opener-Policy' | 'Cross-Origin-Embedder-Policy', string>>;
/** The CSP source ('sha256-…') of index.html's inline early prompt script. */
export const EARLY_PROMPT_SCRIPT: string;
