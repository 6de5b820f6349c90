/**
 * What a tool call's card shows, as plain data: the approval card's preview and the finished
 * call's display. Tools produce them, the agent carries them in its events, and the UI renders
 * them (one renderer per kind), so they live here, where every layer may read them.
 */

import { PROGRESS_TEXT_MAX_CHARS } from './limits';

/** What an approval card shows (a diff for edits, the command for shell calls). */
export type ToolPreview =
  | { type: 'diff'; path: string; before: string | null; after: string }
  | { type: 'command'; command: string; cwd?: string; background?: boolean }
  | { type: 'text'; text: string };

/** What the person sees of a finished call, rendered by a per-tool renderer in the UI. */
export type ToolDisplay =
  | { type: 'text'; text: string; images?: ToolImage[] }
  | { type: 'diff'; path: string; before: string | null; after: string }
  | { type: 'shell'; command: string; output: string; exitCode: number | null; timedOut?: boolean }
  | { type: 'files'; paths: string[]; note?: string }
  | { type: 'todos'; todos: Todo[] };

/** How far a running call has got, as the tool reports it (MCP progress notifications): `progress` of `total`, and/or a message. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** A running call's progress in words: "3 / 5", "3 / 5 · Indexing", "3 · Indexing" or the message alone; at most PROGRESS_TEXT_MAX_CHARS. */
export function progressText(progress: ToolProgress): string {
  const count = Number.isFinite(progress.progress) ? (progress.total !== undefined && Number.isFinite(progress.total) ? `${progress.progress} / ${progress.total}` : `${progress.progress}`) : '';
  const message = progress.message?.trim() ?? '';
  // Capped as a session document holds it (share/document.ts), whatever the server sent.
  return [count, message].filter(Boolean).join(' · ').slice(0, PROGRESS_TEXT_MAX_CHARS);
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e[+-]\d+)?`;
const COUNTS = new RegExp(`^(${NUMBER}(?: / ${NUMBER})?)(?: · |$)`);

/** The counts of progressText's words ("3 / 5" of "3 / 5 · Indexing"), without the server's message; undefined when they hold none. */
export function progressCounts(text: string): string | undefined {
  return COUNTS.exec(text)?.[1];
}

/** An image of a result, base64 (what MCP and the model exchange); the card shows it size-capped. */
export interface ToolImage {
  mimeType: string;
  data: string;
}

/** One item of the list `write_todos` keeps. */
export interface Todo {
  description: string;
  status: 'pending' | 'in_progress' | 'completed' | 'cancelled' | 'blocked';
}
