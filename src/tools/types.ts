/**
 * The tool contract (STYLE.md §7): a tool is data plus functions. It sees the workspace
 * only through the Sandbox interface, and returns separate text for the model and detail
 * for the person. How a result looks is the UI's business.
 */
import type { Part } from '../shared/content';
import type { Sandbox } from '../sandbox/types';

/** Drives approvals and concurrency (spec C, D2). */
export type ToolKind = 'read' | 'search' | 'edit' | 'execute' | 'think';

export interface ToolDeclaration {
  name: string;
  kind: ToolKind;
  description: string;
  /** JSON Schema of the arguments, as sent to the model. */
  parametersJsonSchema: Record<string, unknown>;
}

/** What an approval card shows (spec C7; issue 4: diffs for edits). */
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

export interface Todo {
  description: string;
  status: 'pending' | 'in_progress' | 'completed' | 'cancelled' | 'blocked';
}

export interface ToolError {
  /** Machine-readable class, e.g. FILE_NOT_FOUND, EDIT_NO_OCCURRENCE_FOUND, PATH_OUTSIDE_WORKSPACE. */
  type: string;
  /** Sent to the model as `{error: message}`. */
  message: string;
}

export interface ToolResult {
  /** For the model: a string, or parts (text and media). Ignored when `error` is set. */
  llmContent: string | Part[];
  /** For the person. */
  display?: ToolDisplay;
  error?: ToolError;
}

export interface ToolContext {
  sandbox: Sandbox;
  signal: AbortSignal;
  /** Live output for the tool card (shell stdout/stderr as it arrives). */
  onOutput?: (text: string) => void;
}

/**
 * `errorType` (optional) is the ToolError type to report for a refused call, e.g.
 * PATH_OUTSIDE_WORKSPACE; without it the caller uses its generic invalid-arguments type.
 */
export type Validation<Args> = { ok: true; args: Args } | { ok: false; message: string; errorType?: string };

export interface Tool<Args = Record<string, unknown>> {
  declaration: ToolDeclaration;
  /** Schema and semantic checks; never touches the sandbox. */
  validate(args: unknown): Validation<Args>;
  /** One line for the tool card title, e.g. the path or the command. */
  summarize(args: Args): string;
  /** What the approval card shows. May read the sandbox (the current file for a diff). */
  preview(args: Args, context: ToolContext): Promise<ToolPreview>;
  /** Workspace paths the call may change, for checkpoints; `null` means "may change anything". */
  affectedPaths(args: Args): string[] | null;
  /** For execute tools: true only when the call is known read-only (spec D2, fail-closed). */
  isReadOnly?(args: Args): boolean;
  /** Never rejects: failures come back as `ToolResult.error`. */
  execute(args: Args, context: ToolContext): Promise<ToolResult>;
}

/** Tools by name, plus accepted aliases (`replace` → `edit`). */
export interface ToolRegistry {
  get(name: string): Tool | undefined;
  names(): string[];
  declarations(): ToolDeclaration[];
}
