/**
 * Where, in the workspace's files, a picked element is written: the page's HTML first, then the
 * other HTML files, then scripts (an element a script made). Found by the element's id, else
 * its opening tag with its first class, else its text; null when nothing says so.
 */
import type { PreviewElement } from '../../shared/preview';
import type { WorkspaceContent } from './module-graph';

export interface SourceLocation {
  file: string;
  /** 1-based. */
  line: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let position = text.indexOf('\n'); position !== -1 && position < index; position = text.indexOf('\n', position + 1)) line++;
  return line;
}

function patternsOf(element: PreviewElement): RegExp[] {
  const patterns: RegExp[] = [];
  const id = element.attributes['id'];
  if (id) patterns.push(new RegExp(`\\bid\\s*=\\s*["']?${escape(id)}["'\\s>]`));
  const firstClass = (element.attributes['class'] ?? '').split(/\s+/).find(Boolean);
  if (firstClass) patterns.push(new RegExp(`<${escape(element.tag)}\\b[^>]*\\bclass\\s*=\\s*["'][^"']*\\b${escape(firstClass)}\\b`, 'i'));
  const text = element.text.replace(/…$/, '').trim().slice(0, 40);
  if (text.length >= 3) patterns.push(new RegExp(escape(text).replace(/\s+/g, '\\s+')));
  if (patterns.length === 0 && element.tag !== 'html' && element.tag !== 'body') patterns.push(new RegExp(`<${escape(element.tag)}\\b`, 'i'));
  return patterns;
}

export function sourceLocationOf(element: PreviewElement, page: string, files: ReadonlyMap<string, WorkspaceContent>): SourceLocation | null {
  const texts: [string, string][] = [];
  const add = (path: string) => {
    const content = files.get(path);
    if (typeof content === 'string' && !texts.some(([taken]) => taken === path)) texts.push([path, content]);
  };
  add(page);
  for (const path of files.keys()) if (/\.html?$/i.test(path)) add(path);
  for (const path of files.keys()) if (/\.(m?js|jsx|tsx?)$/i.test(path)) add(path);
  for (const pattern of patternsOf(element)) {
    for (const [file, text] of texts) {
      const match = pattern.exec(text);
      if (match) return { file, line: lineAt(text, match.index) };
    }
  }
  return null;
}
