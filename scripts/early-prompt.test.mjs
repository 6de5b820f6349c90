import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EARLY_PROMPT_SCRIPT, securityHeaders } from '../src/shared/security-headers.mjs';
import { EARLY_PROMPT_TAG, earlyPromptHashSource, earlyPromptScript, inlineEarlyPrompt } from './early-prompt.mjs';

const indexHtml = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

describe("index.html's inline early prompt script", () => {
  it('is allowed by the Content-Security-Policy through its hash, and by nothing broader', () => {
    expect(EARLY_PROMPT_SCRIPT, 'the script changed: put its new hash in src/shared/security-headers.mjs').toBe(earlyPromptHashSource());
    const scriptSrc = securityHeaders['Content-Security-Policy'].split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'wasm-unsafe-eval' ${earlyPromptHashSource()}`);
  });

  it('takes the place of its tag in the head, before the body and the static prompt', () => {
    const html = inlineEarlyPrompt(indexHtml);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<script>${earlyPromptScript()}</script>`);
    expect(html).not.toContain(EARLY_PROMPT_TAG);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('id="early-prompt"'));
  });

  it('is the same text whatever line ends the checkout has, as the browser hashes it', () => {
    expect(earlyPromptScript()).not.toMatch(/\r/);
  });

  it('fails the build when index.html lost the tag', () => {
    expect(() => inlineEarlyPrompt(indexHtml.replace(EARLY_PROMPT_TAG, ''))).toThrow(/index\.html has no/);
  });
});
