/**
 * A remote MCP server over Streamable HTTP, with the official SDK (the only importer of
 * `@modelcontextprotocol/sdk`; the worker loads this file on the first server configured).
 * Connects, lists the tools (again when the server says they changed), calls one, and closes.
 * Failures are McpErrors by kind, never throws. JSON Schemas are checked without code
 * generation (@cfworker/json-schema), which the page's CSP requires.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError as SdkError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider.js';
import { messageOf } from '../shared/errors';
import type { Result } from '../shared/errors';
import type { McpCallOutcome, McpContent, McpError, McpErrorKind, McpToolInfo } from '../shared/mcp';
import { modelToolName } from '../shared/mcp';
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
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<Result<McpCallOutcome, McpError>>;
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

function classify(thrown: unknown, server: McpServerAddress): McpError {
  const where = `the MCP server "${server.name}" (${shownOrigin(server.url)})`;
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

export async function connectMcpServer(server: McpServerAddress, onToolsChanged: () => void): Promise<Result<McpConnection, McpError>> {
  let url: URL;
  try {
    url = new URL(server.url.trim());
  } catch {
    return failure('invalid-url', `"${server.url}" is not an absolute URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return failure('invalid-url', 'An MCP server address starts with https:// (or http:// on this machine).');
  const validator = new CfWorkerJsonSchemaValidator();
  const client = new Client({ name: 'loopscope', version: '1' }, { capabilities: {}, jsonSchemaValidator: validator });
  const transport = new StreamableHTTPClientTransport(url, { requestInit: server.token ? { headers: { Authorization: `Bearer ${server.token}` } } : {} });
  let tools: McpToolInfo[] = [];
  const checks = new Map<string, (args: unknown) => string | null>();
  const list = async () => {
    const listed = await client.listTools(undefined, { timeout: MCP_TIMEOUT_MS });
    tools = listed.tools.map((tool) => ({
      name: tool.name,
      modelName: modelToolName(server.name, tool.name),
      description: tool.description ?? tool.title ?? tool.name,
      readOnly: tool.annotations?.readOnlyHint === true,
      inputSchema: modelSchema(tool.inputSchema),
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
  try {
    await client.connect(transport, { timeout: MCP_TIMEOUT_MS });
    await list();
  } catch (thrown) {
    await client.close().catch(() => undefined);
    return { ok: false, error: classify(thrown, server) };
  }
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    await list().catch(() => undefined);
    onToolsChanged();
  });
  return {
    ok: true,
    value: {
      tools: () => tools,
      check: (tool, args) => checks.get(tool)?.(args) ?? null,
      async call(tool, args, signal) {
        try {
          const result = (await client.callTool({ name: tool, arguments: args }, undefined, { signal, timeout: MCP_TIMEOUT_MS })) as CallToolResult;
          return { ok: true, value: { content: toContent(result), failed: result.isError === true } };
        } catch (thrown) {
          return { ok: false, error: classify(thrown, server) };
        }
      },
      close: () => client.close().catch(() => undefined),
    },
  };
}
