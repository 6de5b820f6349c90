/**
 * `@path` mentions of workspace files in a message, and the part that carries the mentioned
 * files' contents with it. A mention is `@` at the start of the message or after whitespace,
 * followed by a workspace-relative path; a space or backslash in the path is escaped with a
 * backslash (`@my\ notes.md`). The contents follow the message as one more text part, in Gemini
 * CLI's wording ("--- Content from referenced files ---"), each file capped.
 */
import { MENTIONED_FILES_MAX_CHARS, MENTIONED_FILE_MAX_CHARS } from './limits';

export const REFERENCED_FILES_START = '--- Content from referenced files ---';
export const REFERENCED_FILES_END = '--- End of content ---';


/** How a path is written after `@`. */
export function mentionOf(path: string): string {
  return `@${path.replace(/([\s\\])/g, '\\$1')}`;
}

/** A mention's path with its escapes removed. */
export function unescapeMention(path: string): string {
  return path.replace(/\\(.)/g, '$1');
}

/** The paths the message mentions, unescaped, each once, in order. */
export function findMentions(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\s)@((?:\\.|[^\s\\])+)/g)) {
    const path = unescapeMention(match[1] ?? '');
    if (path && !found.includes(path)) found.push(path);
  }
  return found;
}

/**
 * The workspace path a mention names: as written, or without the punctuation that ends a
 * sentence (`see @notes.md.`), or without a trailing slash. Null when no such file exists.
 */
export function resolveMention(mention: string, exists: (path: string) => boolean): string | null {
  const candidates = [mention, mention.replace(/[.,;:!?)\]}'"]+$/, ''), mention.replace(/^\.\//, '')];
  return candidates.find((candidate) => candidate !== '' && exists(candidate)) ?? null;
}

export interface MentionedFile {
  path: string;
  /** Text, or bytes for a binary file (which is named, not included). */
  content: string | Uint8Array;
}

/** The text of the part that goes with the message: each file's content under its mention, capped. */
export function referencedFilesText(files: readonly MentionedFile[], maxFileChars = MENTIONED_FILE_MAX_CHARS, maxTotalChars = MENTIONED_FILES_MAX_CHARS): string {
  const lines = [REFERENCED_FILES_START];
  let total = 0;
  for (const { path, content } of files) {
    lines.push(`Content from ${mentionOf(path)}:`);
    if (typeof content !== 'string') {
      lines.push(`[A binary file of ${content.byteLength.toLocaleString('en')} bytes: its content is not included.]`);
      continue;
    }
    const room = Math.min(maxFileChars, maxTotalChars - total);
    if (room <= 0) {
      lines.push(`[Not included: the mentioned files already take ${maxTotalChars.toLocaleString('en')} characters. Read it with read_file.]`);
      continue;
    }
    const included = content.length > room ? content.slice(0, room) : content;
    total += included.length;
    lines.push(included.endsWith('\n') ? included.slice(0, -1) : included);
    if (included.length < content.length) {
      lines.push(`[Cut: ${path} has ${content.length.toLocaleString('en')} characters; only the first ${included.length.toLocaleString('en')} are included. Read the rest with read_file.]`);
    }
  }
  lines.push(REFERENCED_FILES_END);
  return lines.join('\n');
}

/** Whether a text part of a user message is the mentioned files' contents (not what the person typed). */
export function isReferencedFilesText(text: string): boolean {
  return text.startsWith(REFERENCED_FILES_START);
}

/** Whether a user text part is what the person typed: not a reminder or hook context we added, nor the mentioned files' contents. */
export function isPersonText(text: string): boolean {
  return text.trim() !== '' && !text.startsWith('<system-reminder>') && !text.startsWith('<hook_context>') && !isReferencedFilesText(text);
}
