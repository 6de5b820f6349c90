/**
 * The prompt that index.html shows before the app's code has loaded (its inline script,
 * early-prompt.inline.js, focuses it and keeps Enter as "send when ready"). The app's own
 * prompt adopts what the person typed there: its first render starts from the box's text, and
 * its first commit (a layout effect, when the static box has just left the page) reads the box
 * again, so keys typed while the app rendered are kept too, and sends the text if Enter was
 * pressed.
 */

/** The static box's id in index.html, shared with early-prompt.inline.js. */
export const EARLY_PROMPT_ID = 'early-prompt';

export interface EarlyPrompt {
  /** What the person typed before the app took over. */
  readonly text: string;
  /** The caret's position in it. */
  readonly caret: number;
  /** They pressed Enter (or Send): the app sends it at once. */
  readonly send: boolean;
}

/** The parts of index.html's textarea read here. */
export type EarlyBox = Pick<HTMLTextAreaElement, 'value' | 'selectionEnd'> & { readonly dataset: DOMStringMap };
type Lookup = { getElementById(id: string): unknown };

const currentDocument = (): Lookup | undefined => (typeof document === 'undefined' ? undefined : document);

/** The box as it is now. */
export function readEarlyBox(box: EarlyBox): EarlyPrompt {
  const text = box.value;
  return { text, caret: Math.min(box.selectionEnd ?? text.length, text.length), send: box.dataset.send === 'pending' && text.trim() !== '' };
}

let found: { from: Lookup; box: EarlyBox | null } | null = null;

/**
 * index.html's box while the app has not adopted it (null once adopted, or when there is
 * none). Looked up once per document, so StrictMode's second render finds the same node
 * even after the first commit took it off the page.
 */
export function earlyPromptBox(doc: Lookup | undefined = currentDocument()): EarlyBox | null {
  if (!doc) return null;
  if (found?.from !== doc) found = { from: doc, box: (doc.getElementById(EARLY_PROMPT_ID) as EarlyBox | null) ?? null };
  return found.box;
}

/**
 * The box's last state, once: from then on earlyPromptBox() is null, so a prompt mounted
 * again starts empty and an early message is sent once whatever mounts twice.
 */
export function adoptEarlyPrompt(doc: Lookup | undefined = currentDocument()): EarlyPrompt | null {
  const box = earlyPromptBox(doc);
  if (!box || !found) return null;
  found = { from: found.from, box: null };
  return readEarlyBox(box);
}
