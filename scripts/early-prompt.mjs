// index.html's early prompt script (src/ui/agent/early-prompt.inline.js) is put inline in the
// page's head by the build and the dev server (vite.config.ts), so it runs as the head is parsed,
// with no request of its own: an external script there held the parser, and the first paint of
// the prompt, for its fetch (~8 ms here). The Content-Security-Policy allows that one inline
// script by its SHA-256 (src/shared/security-headers.mjs); scripts/early-prompt.test.mjs keeps
// the two together. Any other inline script, a Preview's included, stays refused.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The tag in index.html that the script's text replaces. */
export const EARLY_PROMPT_TAG = '<script data-inline src="/src/ui/agent/early-prompt.inline.js"></script>';

/**
 * The script's text, as it is put inline: with LF line ends (the HTML parser turns CRLF into LF
 * before the browser hashes it), and never holding what would end the script element early.
 */
export function earlyPromptScript() {
  const text = readFileSync(new URL('../src/ui/agent/early-prompt.inline.js', import.meta.url), 'utf8').replace(/\r\n?/g, '\n');
  if (/<\/script|<!--/i.test(text)) throw new Error('src/ui/agent/early-prompt.inline.js must not contain "</script" or "<!--": it is put inline in index.html');
  return text;
}

/** index.html with the script inline; throws when the tag is missing (the build must not ship without it). */
export function inlineEarlyPrompt(html) {
  if (!html.includes(EARLY_PROMPT_TAG)) throw new Error(`index.html has no ${EARLY_PROMPT_TAG}`);
  return html.replace(EARLY_PROMPT_TAG, () => `<script>${earlyPromptScript()}</script>`);
}

/** The CSP source that allows the inline script: 'sha256-…' of its text. */
export function earlyPromptHashSource() {
  return `'sha256-${createHash('sha256').update(earlyPromptScript(), 'utf8').digest('base64')}'`;
}
