/** MCP servers as the settings, the worker and the page share them (plain data). */
import type { AppError, Result } from './errors';
import type { ToolProgress } from './tool-display';

export interface McpServerSetting {
  /** Stable id (the name may change). */
  id: string;
  /** The prefix of its tools' names for the model. */
  name: string;
  /** Its Streamable HTTP endpoint. */
  url: string;
  /** Sent as `Authorization: Bearer`; stored only when the keys are remembered, like them. */
  token?: string;
  /**
   * False: turned off in Settings (Server on unticked): not connected (its session, if any, is
   * ended) and none of its tools offered, its setting kept. Absent means on.
   */
  enabled?: boolean;
  /** Its tools the person turned off (by the server's own tool names); kept when a tool leaves the server's list, so one that comes back stays off. */
  disabledTools: string[];
  /**
   * Its tools as the last successful Connect listed them, so that Settings lists them (and
   * their checkboxes) when opened again. Replaced on each Connect; absent until the first one
   * (and in settings saved before it existed). Only for Settings: what the model is offered
   * comes from the live connection (worker/mcp/mcp-hub.ts).
   */
  tools?: McpListedTool[];
}

/** One tool of a server as Settings lists it; its name for the model follows the server's current name (modelToolName). */
export interface McpListedTool {
  /** The server's own name for it (what disabledTools holds). */
  name: string;
  description: string;
  /** Why it is never offered to the model (McpToolInfo.unsupported); absent for a tool that can be called. */
  unsupported?: string;
}

export interface McpToolInfo {
  /** The server's own name for it. */
  name: string;
  /** How the model sees it: `<server>__<tool>` (modelToolName). */
  modelName: string;
  description: string;
  /** The server says it only reads (`annotations.readOnlyHint`): Plan mode may run it. */
  readOnly: boolean;
  inputSchema: Record<string, unknown>;
  /**
   * Why the client cannot call it, so it is left out of what the model is offered and Settings
   * says why: a tool whose `execution.taskSupport` is "required" needs MCP tasks, which this
   * client does not support.
   */
  unsupported?: string;
}

/** What Settings and the model are told of a tool that needs MCP tasks. */
export const NEEDS_TASKS = 'It needs MCP tasks (long-running calls polled for their result), which Loopscope does not support, so the model is not offered it.';

/**
 * - unreachable: no answer, or the browser was not allowed to read it (CORS).
 * - unauthorized: 401/403 (a wrong token, or OAuth, which Loopscope does not support yet).
 * - timeout, protocol (an answer that is not MCP: a web page, say).
 * - insecure: a plain-http address of another computer, which this page may not reach.
 */
export type McpErrorKind = 'unreachable' | 'unauthorized' | 'timeout' | 'protocol' | 'invalid-url' | 'insecure';
export type McpError = AppError<McpErrorKind>;

const MODEL_NAME_MAX = 64;

/** `<server>__<tool>`: characters outside `A–Z a–z 0–9 _ . -` become `_`, 64 characters at most. */
export function modelToolName(server: string, tool: string): string {
  return `${server}__${tool}`.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, MODEL_NAME_MAX);
}

/** What Settings keeps of a Connect's answer. */
export function listedTools(tools: readonly McpToolInfo[]): McpListedTool[] {
  return tools.map((tool) => ({ name: tool.name, description: tool.description, ...(tool.unsupported ? { unsupported: tool.unsupported } : {}) }));
}

/** A saved server's listed tools, or null when it was never connected (a stored value that is not a list counts as never). */
export function savedTools(server: McpServerSetting): McpListedTool[] | null {
  const stored: unknown = server.tools;
  if (!Array.isArray(stored)) return null;
  return stored.flatMap((tool: unknown) => {
    if (typeof tool !== 'object' || tool === null) return [];
    const { name, description, unsupported } = tool as Record<string, unknown>;
    if (typeof name !== 'string') return [];
    return [{ name, description: typeof description === 'string' ? description : '', ...(typeof unsupported === 'string' ? { unsupported } : {}) }];
  });
}

export type McpContent = { type: 'text'; text: string } | { type: 'image'; mimeType: string; data: string };

export interface McpCallOutcome {
  content: McpContent[];
  /** The server reported the call failed (`isError`): the content says why. */
  failed: boolean;
}

/**
 * A session the worker holds with a server, as the page is told of it: when the page closes, the
 * worker is stopped with it, so the page ends these (DELETE with the session id) as it goes.
 */
export interface McpOpenSession {
  url: string;
  sessionId: string;
  protocolVersion?: string;
  token?: string;
}

/** One MCP tool as its Tool (tools/mcp-tool.ts) reaches it; the worker wires it to the server's connection. */
export interface McpToolAccess {
  info: McpToolInfo;
  serverName: string;
  /** Null when the arguments fit the tool's full input schema, else why not. */
  check(args: unknown): string | null;
  /** `onProgress` hears the server's progress notifications while the call runs (a progressToken is always sent). */
  call(args: Record<string, unknown>, signal: AbortSignal, onProgress?: (progress: ToolProgress) => void): Promise<Result<McpCallOutcome, McpError>>;
}
