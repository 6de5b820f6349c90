import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AA, contrast, paint } from './testing/contrast';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The custom properties of one palette block of styles.css. */
function palette(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\b/g)].map((match) => [match[1]!, match[2]!]));
}

/** Colours text is drawn in, and the surfaces it is drawn on (each text colour may meet each surface). */
const TEXT = ['text', 'muted', 'accent', 'warn', 'danger', 'ok', 'diff-removed', 'diff-added', 'differs'];
const SURFACES = ['bg', 'panel', 'panel-2', 'selected', 'warn-bg', 'danger-bg', 'info-bg'];

describe.each([
  { theme: 'dark', selector: ':root' },
  { theme: 'light', selector: ":root[data-theme='light']" },
])('the $theme palette', ({ selector }) => {
  const colours = palette(selector);

  it('defines every text colour and surface', () => {
    expect([...TEXT, ...SURFACES].filter((name) => !colours[name])).toEqual([]);
  });

  it('gives every text colour at least 4.5:1 on every surface', () => {
    const short = TEXT.flatMap((text) =>
      SURFACES.filter((surface) => contrast(colours[text]!, paint(colours[surface]!)) < AA).map(
        (surface) => `--${text} on --${surface}: ${contrast(colours[text]!, paint(colours[surface]!)).toFixed(2)}`,
      ),
    );
    expect(short).toEqual([]);
  });

  it('gives text on the accent colour at least 4.5:1', () => {
    expect(contrast(colours['on-accent']!, paint(colours.accent!))).toBeGreaterThanOrEqual(AA);
  });
});
