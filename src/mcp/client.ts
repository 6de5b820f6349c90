/**
 * A remote MCP server over Streamable HTTP, with the official SDK (the only importer of
 * `@modelcontextprotocol/sdk`; the worker loads this file on the first server configured).
 * Connects, lists the tools (again when the server says they changed), calls one, and closes.
 * Failures are McpErrors by kind, never throws. JSON Schemas are checked without code
 * generation (@cfworker/json-schema), which the page's CSP requires.
 *
 * A call asks for progress (a progressToken) and hears it until it ends; its signal reaches the
 * SDK only while it runs, so a call that has finished is never cancelled (the tool runner aborts
 * its signal after every call, and the SDK keeps listening to the one it was given). A server
 * that no longer knows the session (restarted) gets a new session and the call once more. Close
 * ends the session (DELETE with its id).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError as SdkError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider.js';
import { messageOf } from '../shared/errors';
import { PROGRESS_TEXT_MAX_CHARS } from '../shared/limits';
import { plainHttpRefusal, requestUrl } from '../shared/plain-http';
import type { ToolProgress } from '../shared/tool-display';
import type { Result } from '../shared/errors';
import type { McpCallOutcome, McpContent, McpError, McpErrorKind, McpToolInfo } from '../shared/mcp';
import { NEEDS_TASKS, modelToolName } from '../shared/mcp';
import { SessionGone, WebPageAnswer, mcpFetch } from './http-answers';
import { modelSchema } from './schema';

export const MCP_TIMEOUT_MS = 60_000;

export interface McpServerAddress {
  name: string;
  url: string;
  token?: string;
}

export interface McpConnection {
  tools(): McpToolInfo[];
  /** The validator of a tool's arguments: null when they fit its input schema, else why not. */
  check(tool: string, args: unknown): string | null;
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal, onProgress?: (progress: ToolProgress) => void): Promise<Result<McpCallOutcome, McpError>>;
  /** The session the server gave (Mcp-Session-Id), or null for a server without sessions. */
  session(): { sessionId: string; protocolVersion?: string } | null;
  /** Ends the session (DELETE with its id, where the server keeps sessions) and the connection. */
  close(): Promise<void>;
}

const failure = (kind: McpErrorKind, message: string): { ok: false; error: McpError } => ({ ok: false, error: { kind, message } });

/**
 * The server's address as messages show it: its origin only. A message may reach the model, and
 * with it the history, links and traces, where a server's path or query (which may hold a key)
 * must never go.
 */
export function shownOrigin(url: string): string {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return 'an address that is not valid';
  }
}

const whereIs = (server: McpServerAddress) => `the MCP server "${server.name}" (${shownOrigin(server.url)})`;

function classify(thrown: unknown, server: McpServerAddress): McpError {
  const where = whereIs(server);
  if (thrown instanceof WebPageAnswer) {
    return {
      kind: 'protocol',
      message: `${where} answered with a web page (HTTP ${thrown.status}), not an MCP server. Check the Server URL: it is the server's MCP endpoint, often ending in /mcp.`,
    };
  }
  if (thrown instanceof SessionGone) {
    return { kind: 'protocol', message: `${where} did not know the session it had just opened (HTTP ${thrown.status}). Press Connect in Settings → Tools and servers; if it goes on, the server is failing.` };
  }
  if (thrown instanceof StreamableHTTPError && (thrown.code === 401 || thrown.code === 403)) {
    return {
      kind: 'unauthorized',
      message: `${where} refused the request (${thrown.code}). Check its token in Settings → Tools and servers; servers that need OAuth sign-in are not supported yet.`,
    };
  }
  if (thrown instanceof SdkError && thrown.code === ErrorCode.RequestTimeout) {
    return { kind: 'timeout', message: `${where} did not answer within ${MCP_TIMEOUT_MS / 1000} s.` };
  }
  if (thrown instanceof TypeError) {
    return {
      kind: 'unreachable',
      message:
        `The browser could not reach ${where}: it is down, the address is wrong, or it does not allow this page's origin (CORS). ` +
        'A server used from a browser must answer with Access-Control-Allow-Origin for this page and expose the Mcp-Session-Id header.',
    };
  }
  if (thrown instanceof StreamableHTTPError) return { kind: 'protocol', message: `${where} answered ${thrown.code ?? 'an error'}: ${thrown.message}` };
  return { kind: 'protocol', message: `${where} failed: ${messageOf(thrown)}` };
}

function toContent(result: CallToolResult): McpContent[] {
  const content: McpContent[] = [];
  for (const item of result.content ?? []) {
    if (item.type === 'text') content.push({ type: 'text', text: item.text });
    else if (item.type === 'image') content.push({ type: 'image', mimeType: item.mimeType, data: item.data });
    else if (item.type === 'resource') {
      const resource = item.resource;
      content.push({ type: 'text', text: 'text' in resource ? `Resource ${resource.uri}:\n${resource.text}` : `Resource ${resource.uri} (${resource.mimeType ?? 'binary'}, not shown)` });
    } else if (item.type === 'resource_link') content.push({ type: 'text', text: `Resource link: ${item.uri}${item.name ? ` (${item.name})` : ''}` });
    else if (item.type === 'audio') content.push({ type: 'text', text: `Audio (${item.mimeType}), not shown.` });
  }
  if (content.length === 0 && result.structuredContent) content.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
  return content;
}

/** The address the page requests for an MCP server, or why not. */
function addressOf(server: McpServerAddress): Result<URL, McpError> {
  let url: URL;
  try {
    url = new URL(server.url.trim());
  } catch {
    return failure('invalid-url', `"${server.url}" is not an absolute URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return failure('invalid-url', 'An MCP server address starts with https:// (or http:// on this computer).');
  const refused = plainHttpRefusal(url);
  if (refused) return failure('insecure', `${refused} The MCP server "${server.name}" was not contacted.`);
  // http://[::1] is reached as http://localhost: the page's CSP cannot name [::1] (shared/plain-http.ts).
  return { ok: true, value: requestUrl(url) };
}

interface Session {
  client: Client;
  transport: StreamableHTTPClientTransport;
}

export async function connectMcpServer(server: McpServerAddress, onToolsChanged: () => void): Promise<Result<McpConnection, McpError>> {
  const address = addressOf(server);
  if (!address.ok) return address;
  const validator = new CfWorkerJsonSchemaValidator();
  let tools: McpToolInfo[] = [];
  const checks = new Map<string, (args: unknown) => string | null>();

  const list = async (client: Client) => {
    const listed = await client.listTools(undefined, { timeout: MCP_TIMEOUT_MS });
    tools = listed.tools.map((tool) => ({
      name: tool.name,
      modelName: modelToolName(server.name, tool.name),
      description: tool.description ?? tool.title ?? tool.name,
      readOnly: tool.annotations?.readOnlyHint === true,
      inputSchema: modelSchema(tool.inputSchema),
      ...(tool.execution?.taskSupport === 'required' ? { unsupported: NEEDS_TASKS } : {}),
    }));
    checks.clear();
    for (const tool of listed.tools) {
      const validate = validator.getValidator(tool.inputSchema as never);
      checks.set(tool.name, (args) => {
        const checked = validate(args);
        return checked.valid ? null : checked.errorMessage;
      });
    }
  };

  /** A new session: initialize, then the tools. */
  const open = async (): Promise<Result<Session, McpError>> => {
    const client = new Client({ name: 'loopscope', version: '1' }, { capabilities: {}, jsonSchemaValidator: validator });
    const transport = new StreamableHTTPClientTransport(address.value, {
      fetch: mcpFetch(),
      requestInit: server.token ? { headers: { Authorization: `Bearer ${server.token}` } } : {},
    });
    try {
      await client.connect(transport, { timeout: MCP_TIMEOUT_MS });
      await list(client);
    } catch (thrown) {
      await end({ client, transport });
      return { ok: false, error: classify(thrown, server) };
    }
    const session: Session = { client, transport };
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      if (session !== current) return;
      await list(client).catch(() => undefined);
      onToolsChanged();
    });
    return { ok: true, value: session };
  };

  /** The session calls go to; replaced when the server forgets it. */
  let current: Session | null = null;
  const first = await open();
  if (!first.ok) return first;
  current = first.value;
  /** The new session being opened after the server forgot `current`'s, shared by the calls that found out. */
  let reopening: { after: Session; made: Promise<Result<Session, McpError>> } | null = null;

  const reopen = (gone: Session): Promise<Result<Session, McpError>> => {
    if (current && current !== gone) return Promise.resolve({ ok: true, value: current });
    if (reopening?.after === gone) return reopening.made;
    const made = open().then((opened) => {
      if (opened.ok && current === gone) {
        current = opened.value;
        // The server forgot the old session: its client is closed, with no DELETE to send.
        void gone.client.close().catch(() => undefined);
        onToolsChanged();
      }
      return opened;
    });
    reopening = { after: gone, made };
    return made;
  };

  /** One tools/call on `session`; the caller's signal is heard only until it settles. */
  const attempt = async (session: Session, tool: string, args: Record<string, unknown>, signal: AbortSignal, onProgress?: (progress: ToolProgress) => void) => {
    const local = new AbortController();
    const forward = () => local.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    try {
      return (await session.client.callTool({ name: tool, arguments: args }, undefined, {
        signal: local.signal,
        timeout: MCP_TIMEOUT_MS,
        resetTimeoutOnProgress: true,
        onprogress: ({ progress, total, message }) => onProgress?.({ progress, ...(total !== undefined ? { total } : {}), ...(message !== undefined ? { message: message.slice(0, PROGRESS_TEXT_MAX_CHARS) } : {}) }),
      })) as CallToolResult;
    } finally {
      signal.removeEventListener('abort', forward);
    }
  };

  return {
    ok: true,
    value: {
      tools: () => tools,
      check: (tool, args) => checks.get(tool)?.(args) ?? null,
      async call(tool, args, signal, onProgress) {
        let session = current ?? first.value;
        try {
          try {
            const result = await attempt(session, tool, args, signal, onProgress);
            return { ok: true, value: { content: toContent(result), failed: result.isError === true } };
          } catch (thrown) {
            if (!(thrown instanceof SessionGone) || signal.aborted) throw thrown;
          }
          // The server forgot the session (it restarted): a new one, and the call once more.
          const reopened = await reopen(session);
          if (!reopened.ok) {
            return failure(
              reopened.error.kind,
              `${whereIs(server)} no longer knew this session (it may have restarted), and a new session could not be opened: ${reopened.error.message} Once it runs again, press Connect in Settings → Tools and servers.`,
            );
          }
          session = reopened.value;
          const result = await attempt(session, tool, args, signal, onProgress);
          return { ok: true, value: { content: toContent(result), failed: result.isError === true } };
        } catch (thrown) {
          return { ok: false, error: classify(thrown, server) };
        }
      },
      session() {
        const { transport } = current ?? first.value;
        if (!transport.sessionId) return null;
        return { sessionId: transport.sessionId, ...(transport.protocolVersion ? { protocolVersion: transport.protocolVersion } : {}) };
      },
      close: () => end(current ?? first.value),
    },
  };
}

/** Ends a session: DELETE with its id (a server without sessions, or one already gone, is fine), then the client. */
async function end(session: Session): Promise<void> {
  await session.transport.terminateSession().catch(() => undefined);
  await session.client.close().catch(() => undefined);
}
