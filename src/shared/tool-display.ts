/**
 * What a tool call's card shows, as plain data: the approval card's preview and the finished
 * call's display. Tools produce them, the agent carries them in its events, and the UI renders
 * them (one renderer per kind), so they live here, where every layer may read them.
 */

/** What an approval card shows (a diff for edits, the command for shell calls). */
export type ToolPreview =
  | { type: 'diff'; path: string; before: string | null; after: string }
  | { type: 'command'; command: string; cwd?: string; background?: boolean }
  | { type: 'text'; text: string };

/** What the person sees of a finished call, rendered by a per-tool renderer in the UI. */
export type ToolDisplay =
  | { type: 'text'; text: string }
  | { type: 'diff'; path: string; before: string | null; after: string }
  | { type: 'shell'; command: string; output: string; exitCode: number | null; timedOut?: boolean }
  | { type: 'files'; paths: string[]; note?: string }
  | { type: 'todos'; todos: Todo[] };

/** One item of the list `write_todos` keeps. */
export interface Todo {
  description: string;
  status: 'pending' | 'in_progress' | 'completed' | 'cancelled' | 'blocked';
}
