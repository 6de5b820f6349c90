/**
 * The tool contract as the agent sees it (STYLE.md §7): a tool is data plus functions, and
 * returns separate text for the model and detail for the person. Nothing here names the
 * sandbox: the worker binds each tool to the session's sandbox before the agent gets it
 * (`bindTools`, workspace-tool.ts), so a call's context is only its signal and live output.
 * How a result looks is the UI's business (shared/tool-display.ts).
 */
import type { Part } from '../shared/content';
import type { SubagentView } from '../shared/subagent-view';
import type { ToolDisplay, ToolPreview, ToolProgress } from '../shared/tool-display';

/** Drives approvals and concurrency (spec C, D2). */
/**
 * `fetch` reads from outside the workspace (web_fetch): it changes nothing, and asks as a command does.
 * `external` runs on another system (an MCP server's tool): it asks as a command does, and Plan mode
 * runs it only when it says it only reads (`isReadOnly`).
 */
export type ToolKind = 'read' | 'search' | 'fetch' | 'edit' | 'execute' | 'external' | 'think';

export interface ToolDeclaration {
  name: string;
  kind: ToolKind;
  description: string;
  /** JSON Schema of the arguments, as sent to the model. */
  parametersJsonSchema: Record<string, unknown>;
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

/** What one call of a bound tool gets. */
export interface ToolContext {
  signal: AbortSignal;
  /** Live output for the tool card (shell stdout/stderr as it arrives). */
  onOutput?: (text: string) => void;
  /** How far the call has got, as the tool hears it (an MCP server's progress); the card shows the latest while it runs. */
  onProgress?: (progress: ToolProgress) => void;
  /** The call's id (the scheduler's), for what a tool records about it (a subagent's round-trips). */
  callId?: string;
  /** The subagent a `task` call runs, as it goes (its card shows it live). */
  onSubagent?: (view: SubagentView) => void;
}

/**
 * `errorType` (optional) is the ToolError type to report for a refused call, e.g.
 * PATH_OUTSIDE_WORKSPACE; without it the caller uses its generic invalid-arguments type.
 */
export type Validation<Args> = { ok: true; args: Args } | { ok: false; message: string; errorType?: string };

/**
 * A tool. `Context` is what `preview` and `execute` are given: the agent's tools take a
 * ToolContext; the built-in tools are written against a WorkspaceToolContext (one that also
 * carries the sandbox) and bound to one before the agent sees them.
 */
export interface Tool<Args = Record<string, unknown>, Context extends ToolContext = ToolContext> {
  declaration: ToolDeclaration;
  /** Schema and semantic checks; never touches the workspace. */
  validate(args: unknown): Validation<Args>;
  /** One line for the tool card title, e.g. the path or the command. */
  summarize(args: Args): string;
  /** What the approval card shows. May read the workspace (the current file for a diff). */
  preview(args: Args, context: Context): Promise<ToolPreview>;
  /** Workspace paths the call may change, for checkpoints; `null` means "may change anything". */
  affectedPaths(args: Args): string[] | null;
  /** For execute tools: true only when the call is known read-only (spec D2, fail-closed). */
  isReadOnly?(args: Args): boolean;
  /** Never rejects: failures come back as `ToolResult.error`. */
  execute(args: Args, context: Context): Promise<ToolResult>;
  /**
   * After Stop, how long (ms) the call waits for `execute` to end before it ends cancelled anyway.
   * For a tool whose work still reports as it unwinds (a subagent's last round-trip, a hook's run),
   * so that comes before the interaction's end. Absent: cancelled at once.
   */
  abortGraceMs?: number;
}

/** Tools by name, plus accepted aliases (`replace` → `edit`). */
export interface ToolRegistry<Context extends ToolContext = ToolContext> {
  get(name: string): Tool<Record<string, unknown>, Context> | undefined;
  names(): string[];
  declarations(): ToolDeclaration[];
  /** Why a tool of this name is not here now, when the registry knows better than "not found" (an MCP server not connected). */
  whyMissing?(name: string): string | undefined;
}
