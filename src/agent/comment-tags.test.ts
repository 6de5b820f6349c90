/**
 * The behaviour tags in the agent's comments ("(F7)") point at a spec kept outside this
 * repository, so a comment must say what the behaviour is, and docs/glossary.md must say
 * what every tag means.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TAG = String.raw`[A-K][0-9]{1,2}`;
/** A comment (or comment line) that starts with a tag: "// H1", "/** F7. Merge…", "* Spec C6: when…". */
const STARTS_WITH_TAG = new RegExp(String.raw`(?:^\s*(?:\/\*\*?|\*)|\/\/)\s*(?:Spec\s+)?${TAG}\b`);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('behaviour tags in comments', () => {
  it('never open an agent comment: the words come first, the tag after them', () => {
    const opening = sourceFiles(join(ROOT, 'src', 'agent')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (STARTS_WITH_TAG.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(opening, 'say what the behaviour is, then the tag in parentheses: "retry only before the first chunk (B3)"').toEqual([]);
  });

  it('in the agent and model comments are each explained in docs/glossary.md', () => {
    const glossary = readFileSync(join(ROOT, 'docs', 'glossary.md'), 'utf8');
    const explained = new Set([...glossary.matchAll(new RegExp(String.raw`^- \*\*(${TAG})\*\* — \S`, 'gm'))].map((match) => match[1]));
    const comments = ['agent', 'model']
      .flatMap((folder) => sourceFiles(join(ROOT, 'src', folder)))
      .flatMap((file) => readFileSync(file, 'utf8').match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? []);
    const used = new Set(comments.flatMap((comment) => comment.match(new RegExp(String.raw`\b${TAG}\b`, 'g')) ?? []));
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((tag) => !explained.has(tag)), 'add a line for each of these tags to docs/glossary.md').toEqual([]);
  });
});
