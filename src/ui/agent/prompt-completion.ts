/**
 * What the prompt box offers as the person types (pure, so it is tested in Node): the word at
 * the caret, when it is a `/command` at the start of the message or an `@mention` of a file,
 * the commands or workspace paths that match it, and the text once one is picked.
 */
import { mentionOf, unescapeMention } from '../../shared/mentions';

export interface CompletionToken {
  kind: 'command' | 'mention';
  /** What was typed after `/` or `@`, up to the caret (unescaped for a mention). */
  query: string;
  /** The word's extent in the text: picking replaces text[start, end). */
  start: number;
  end: number;
}

const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/.test(char);

/** The end of the word that starts at `from`: the next whitespace not escaped by a backslash. */
function wordEnd(text: string, from: number): number {
  let at = from;
  while (at < text.length && !isSpace(text[at])) at += text[at] === '\\' ? 2 : 1;
  return Math.min(at, text.length);
}

/** The command or mention being typed at `caret`, or null. */
export function completionAt(text: string, caret: number): CompletionToken | null {
  if (text.startsWith('/')) {
    const end = wordEnd(text, 0);
    if (caret >= 1 && caret <= end) return { kind: 'command', query: text.slice(1, caret), start: 0, end };
  }
  // Back from the caret to the `@` that starts the word, if it does.
  for (let at = caret - 1; at >= 0; at--) {
    const char = text[at];
    if (isSpace(char) && text[at - 1] !== '\\') return null;
    if (char === '@' && (at === 0 || isSpace(text[at - 1]))) {
      return { kind: 'mention', query: unescapeMention(text.slice(at + 1, caret)), start: at, end: wordEnd(text, at + 1) };
    }
  }
  return null;
}

/** Commands whose name starts with the query first, then those that contain it. */
export function filterCommands<C extends { name: string }>(commands: readonly C[], query: string): C[] {
  const wanted = query.toLowerCase();
  const name = (command: C) => command.name.replace(/^\//, '').toLowerCase();
  return [...commands.filter((command) => name(command).startsWith(wanted)), ...commands.filter((command) => !name(command).startsWith(wanted) && name(command).includes(wanted))];
}

/** True when every character of `query` appears in `text` in order. */
function isSubsequence(query: string, text: string): boolean {
  let at = 0;
  for (const char of text) if (char === query[at]) at++;
  return at === query.length;
}

/**
 * Paths that match the query, best first: the file name starts with it, then the path does,
 * then the file name or the path contains it, then its letters appear in order. Shorter paths
 * first within a rank. At most `limit`.
 */
export function filterPaths(paths: readonly string[], query: string, limit = 50): string[] {
  const wanted = query.toLowerCase();
  const ranked: { path: string; rank: number }[] = [];
  for (const path of paths) {
    const lower = path.toLowerCase();
    const name = lower.slice(lower.lastIndexOf('/') + 1);
    const rank = name.startsWith(wanted) ? 0 : lower.startsWith(wanted) ? 1 : name.includes(wanted) ? 2 : lower.includes(wanted) ? 3 : isSubsequence(wanted, lower) ? 4 : -1;
    if (rank >= 0) ranked.push({ path, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.path.length - b.path.length || a.path.localeCompare(b.path));
  return ranked.slice(0, limit).map((entry) => entry.path);
}

/** The text with the token replaced by the picked mention (and a space after it), and where the caret goes. */
export function insertMention(text: string, token: CompletionToken, path: string): { text: string; caret: number } {
  const mention = mentionOf(path);
  const after = text.slice(token.end);
  const spacer = after.startsWith(' ') ? '' : ' ';
  const next = `${text.slice(0, token.start)}${mention}${spacer}${after}`;
  return { text: next, caret: token.start + mention.length + 1 };
}
