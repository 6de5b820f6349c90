/**
 * The app's stylesheets are plain CSS: a rule inside another rule (CSS nesting) is never meant,
 * and is what a rule split by an edit looks like (`.a {` followed by whole rules), which the
 * browser then reads as nested, so those rules apply to nothing. Only at-rules hold rules.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

function stylesheets(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Lines where a rule opens inside a rule that is not an at-rule, and whether the braces balance. */
function nestingProblems(css: string): { nested: number[]; balanced: boolean } {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const open: boolean[] = [];
  const nested: number[] = [];
  let line = 1;
  let selector = '';
  for (const char of text) {
    if (char === '\n') line++;
    if (char === '{') {
      const atRule = selector.trim().startsWith('@');
      if (open.length > 0 && !open.at(-1)) nested.push(line);
      open.push(atRule);
      selector = '';
    } else if (char === '}') {
      open.pop();
      selector = '';
    } else if (char === ';') selector = '';
    else selector += char;
  }
  return { nested, balanced: open.length === 0 };
}

describe("the app's stylesheets", () => {
  it('find a rule split by another rule', () => {
    expect(nestingProblems('.a {\n.b { color: red; }\n  color: blue;\n}\n').nested).toEqual([2]);
    expect(nestingProblems('@media (max-width: 9px) {\n  .b { color: red; }\n}\n')).toEqual({ nested: [], balanced: true });
  });

  for (const path of stylesheets(fileURLToPath(new URL(".", import.meta.url)))) {
    it(`${path.slice(path.indexOf('src/'))} has no rule inside a rule, and its braces balance`, () => {
      expect(nestingProblems(readFileSync(path, 'utf8'))).toEqual({ nested: [], balanced: true });
    });
  }
});
