/**
 * Refuses text that elides code with placeholder comments ("// ... rest of the code
 * unchanged"). Such text, written literally, deletes the code it stands for. A placeholder
 * is allowed when the old text already contained the same one.
 *
 * Only whole lines count: a comment line (//, #, /*, *, <!--, --, {/*) or a line starting
 * with "...", so string literals that merely mention such phrases are not refused.
 */

const COMMENT_OPENERS = /^(?:\/\/+|#+|\/\*+|\*+|<!--|--|\{\s*\/\*+|;+)\s*/;
const COMMENT_CLOSERS = /\s*(?:\*+\/\s*\}?|-->)\s*$/;

const CODE_WORDS =
  'code|file|content|contents|implementation|logic|body|functions?|methods?|class|component|imports|tests|styles|properties|fields|config|configuration|markup|lines|stuff|cases|handlers|exports|definitions|rest';
/** Nouns that stand for elided code even without "..." or "unchanged" ("// existing code"). */
const CORE_WORDS = /^(?:code|implementation|logic|content|contents)$/;
const UNCHANGED =
  'unchanged|remains?(?: the same| unchanged| as (?:is|before))?|stays?(?: the same)?|(?:is|are) the same|same as before|as before|omitted|goes here|here|not shown|elided|etc\\.?';
const ELLIPSIS = '(?:\\.{3}|…)';

/** "rest of the code unchanged", "... rest of code remains the same ...". */
const REST_OF = new RegExp(
  `^(${ELLIPSIS})?\\s*(?:the )?(?:rest|remainder) of (?:the )?(?:\\w+ ){0,2}(?:${CODE_WORDS})?\\s*(${UNCHANGED})?\\s*(${ELLIPSIS})?\\.?$`,
);
/** "existing code", "... existing methods ...", "previous implementation remains". */
const EXISTING = new RegExp(
  `^(${ELLIPSIS})?\\s*(?:keep(?:ing)? )?(?:all )?(?:the )?(?:existing|previous|original|other|remaining|old|unchanged|same) (?:\\w+ )?(${CODE_WORDS})(?: (${UNCHANGED}))?\\s*(${ELLIPSIS})?\\.?$`,
);
/** "... (unchanged)", "(code omitted)", "... unchanged ...", "...(rest unchanged)". */
const UNCHANGED_ONLY = new RegExp(
  `^(?:${ELLIPSIS})?\\s*\\(?(?:[\\w ]*(?:${CODE_WORDS}) )?(?:unchanged|omitted|same as before|as before|not shown)\\)?\\s*(?:${ELLIPSIS})?\\.?$`,
);

/** A bare ellipsis in a comment ("// ...", "# …") also stands for elided code. */
const BARE_ELLIPSIS = new RegExp(`^${ELLIPSIS}$`);

function isPlaceholderText(text: string, isComment: boolean): boolean {
  if (isComment && BARE_ELLIPSIS.test(text)) return true;
  if (REST_OF.test(text) || UNCHANGED_ONLY.test(text)) return true;
  const existing = EXISTING.exec(text);
  if (!existing) return false;
  const [, leading, noun, unchanged, trailing] = existing;
  return !!(leading || unchanged || trailing || CORE_WORDS.test(noun ?? ''));
}

interface Placeholder {
  /** The line as written (trimmed), for messages. */
  line: string;
  /** Comment markers stripped, lower-cased, spaces collapsed: compares old and new. */
  key: string;
}

/** Placeholder lines found in `text`. */
export function findPlaceholders(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  for (const rawLine of text.split('\n')) {
    const placeholder = placeholderOf(rawLine);
    if (placeholder !== null) found.push(placeholder);
  }
  return found;
}

/**
 * The first placeholder line of `newText` that `oldText` did not already contain, or null.
 * `oldText` null means there is no old text (a new file).
 */
export function newPlaceholder(newText: string, oldText: string | null): string | null {
  const candidates = findPlaceholders(newText);
  if (candidates.length === 0) return null;
  const existing = new Set(oldText === null ? [] : findPlaceholders(oldText).map((placeholder) => placeholder.key));
  return candidates.find((candidate) => !existing.has(candidate.key))?.line ?? null;
}

export function omissionMessage(parameter: string, placeholder: string, wholeFile: boolean): string {
  const replaced = wholeFile ? 'The content replaces the whole file' : 'new_string replaces old_string exactly';
  return (
    `${parameter} contains a placeholder that omits code ("${placeholder}"). ${replaced}, so a placeholder ` +
    `would delete the code it stands for. Write out the full code instead of placeholder comments.`
  );
}

function placeholderOf(rawLine: string): Placeholder | null {
  const line = rawLine.trim();
  if (line.length === 0 || line.length > 120) return null;
  const opener = COMMENT_OPENERS.exec(line);
  const isComment = opener !== null;
  const startsWithEllipsis = line.startsWith('...') || line.startsWith('…');
  if (!isComment && !startsWithEllipsis) return null;
  const text = line
    .slice(opener?.[0].length ?? 0)
    .replace(COMMENT_CLOSERS, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
  return isPlaceholderText(text, isComment) ? { line, key: text } : null;
}
