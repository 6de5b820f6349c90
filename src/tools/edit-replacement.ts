/**
 * The pure core of `edit` (Qwen Code's semantics and error texts): exact-match
 * replacement on LF-normalized text, with the file's CRLF line endings and BOM restored
 * for writing. Used both for the approval preview and for execution.
 */
import type { CurrentFile } from './current-file';
import { newPlaceholder, omissionMessage } from './omission-guard';
import type { ToolError } from './types';

export interface EditRequest {
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

export type EditOutcome =
  | {
      ok: true;
      /** Current file text as stored (null for a new file). */
      before: string | null;
      /** New file text as it will be stored (line endings and BOM restored). */
      after: string;
      created: boolean;
      occurrences: number;
      /** A few lines around the change, for the model. */
      snippet: string;
    }
  | { ok: false; error: ToolError };

const BOM = '\uFEFF';

export function computeEdit(path: string, current: CurrentFile, request: EditRequest): EditOutcome {
  let oldString = request.old_string.replace(/\r\n/g, '\n');
  const newString = request.new_string.replace(/\r\n/g, '\n');
  switch (current.kind) {
    case 'missing':
      if (oldString !== '') {
        return failure('FILE_NOT_FOUND', `File not found: ${path}. Use an empty old_string to create a new file.`);
      }
      return placeholderFailure(newString, null) ?? created(newString);
    case 'directory':
      return failure('TARGET_IS_DIRECTORY', `Cannot edit ${path}: it is a directory.`);
    case 'binary':
      return failure('BINARY_FILE', `Cannot edit ${path}: it is a binary file (${current.type}, ${current.size} bytes).`);
    case 'text':
      break;
  }
  const bom = current.text.startsWith(BOM);
  const stored = bom ? current.text.slice(1) : current.text;
  const crlf = stored.includes('\r\n');
  const text = stored.replace(/\r\n/g, '\n');
  if (request.old_string === '') {
    return failure(
      'ATTEMPT_TO_CREATE_EXISTING_FILE',
      `File already exists, cannot create: ${path}. To change it, give the text to replace in old_string.`,
    );
  }
  // Deleting whole lines: take the trailing newline too (as Qwen does), when every match has one.
  if (newString === '' && oldString !== '' && !oldString.endsWith('\n')) {
    const withNewline = countOccurrences(text, `${oldString}\n`);
    if (withNewline > 0 && withNewline === countOccurrences(text, oldString)) oldString = `${oldString}\n`;
  }
  const occurrences = countOccurrences(text, oldString);
  if (occurrences === 0) {
    return failure(
      'EDIT_NO_OCCURRENCE_FOUND',
      `Failed to edit, 0 occurrences found for old_string in ${path}. No edits made. The exact text in old_string was not found. ` +
        `Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.`,
    );
  }
  if (occurrences > 1 && !request.replace_all) {
    return failure(
      'EDIT_EXPECTED_OCCURRENCE_MISMATCH',
      `Failed to edit. Found ${occurrences} occurrences for old_string in ${path} but replace_all was not enabled.`,
    );
  }
  if (oldString === newString) {
    return failure('EDIT_NO_CHANGE', `No changes to apply. The old_string and new_string are identical in file: ${path}`);
  }
  const placeholder = placeholderFailure(newString, oldString);
  if (placeholder) return placeholder;
  const replaced = request.replace_all ? text.split(oldString).join(newString) : replaceFirst(text, oldString, newString);
  if (replaced === text) {
    return failure('EDIT_NO_CHANGE', `No changes to apply. The new content is identical to the current content in file: ${path}`);
  }
  const after = (bom ? BOM : '') + (crlf ? replaced.replace(/\n/g, '\r\n') : replaced);
  return { ok: true, before: current.text, after, created: false, occurrences, snippet: snippetOf(text, replaced) };
}

/** Non-overlapping occurrences, as `split` counts them. */
export function countOccurrences(text: string, search: string): number {
  if (search === '') return 0;
  let count = 0;
  let index = text.indexOf(search);
  while (index !== -1) {
    count++;
    index = text.indexOf(search, index + search.length);
  }
  return count;
}

/** Literal replacement: `$&`, `$1`, `$$` in `replacement` stay as written. */
function replaceFirst(text: string, search: string, replacement: string): string {
  const index = text.indexOf(search);
  return index === -1 ? text : text.slice(0, index) + replacement + text.slice(index + search.length);
}

function created(content: string): EditOutcome {
  return { ok: true, before: null, after: content, created: true, occurrences: 0, snippet: '' };
}

function failure(type: string, message: string): EditOutcome {
  return { ok: false, error: { type, message } };
}

function placeholderFailure(newString: string, oldString: string | null): EditOutcome | null {
  const placeholder = newPlaceholder(newString, oldString);
  return placeholder === null ? null : failure('OMISSION_PLACEHOLDER', omissionMessage('new_string', placeholder, false));
}

const SNIPPET_CONTEXT = 3;
const SNIPPET_MAX_LINES = 40;

/** The changed region of `after` with a few lines of context: "Showing lines X-Y of N ...". */
function snippetOf(before: string, after: string): string {
  const oldLines = linesOf(before);
  const newLines = linesOf(after);
  let first = 0;
  while (first < oldLines.length && first < newLines.length && oldLines[first] === newLines[first]) first++;
  let fromEnd = 0;
  while (
    fromEnd < oldLines.length - first &&
    fromEnd < newLines.length - first &&
    oldLines[oldLines.length - 1 - fromEnd] === newLines[newLines.length - 1 - fromEnd]
  ) {
    fromEnd++;
  }
  const start = Math.max(0, first - SNIPPET_CONTEXT);
  const changedEnd = Math.max(first, newLines.length - fromEnd);
  const end = Math.min(newLines.length, changedEnd + SNIPPET_CONTEXT, start + SNIPPET_MAX_LINES);
  if (end <= start) return '';
  return `Showing lines ${start + 1}-${end} of ${newLines.length} from the edited file:\n\n${newLines.slice(start, end).join('\n')}`;
}

function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
