/**
 * The MCP servers of the settings, connected: each server's connection (made when the settings
 * name it, and again on Connect), its tools as the agent's tools (those not turned off), and
 * what to say when it cannot be reached. The SDK's code (src/mcp/) loads with the first server.
 */
import type { Result } from '../../shared/errors';
import { modelToolName } from '../../shared/mcp';
import type { McpError, McpOpenSession, McpServerSetting, McpToolInfo } from '../../shared/mcp';
import { requestAddress } from '../../shared/plain-http';
import { createMcpTool } from '../../tools/mcp-tool';
import type { WorkspaceTool } from '../../tools/workspace-tool';
import type { McpConnection, connectMcpServer } from '../../mcp/client';

type McpClientModule = { connectMcpServer: typeof connectMcpServer };

interface Entry {
  server: McpServerSetting;
  /** The connection being made, or made; replaced on Connect and when the address or token changes. */
  connecting: Promise<Result<McpConnection, McpError>>;
  connection: McpConnection | null;
  tools: WorkspaceTool[];
  /** Settles once `connection` and `tools` reflect the connection's outcome. */
  ready: Promise<void>;
  /** Why the last connection failed; null while connecting or connected. */
  failure: McpError | null;
}

export interface McpHub {
  /** The servers of the settings: new or changed ones connect, removed ones close. */
  configure(servers: readonly McpServerSetting[]): void;
  /** Connects (again) now, as Settings' Connect asks; answers the server's tools or why not. */
  connect(server: McpServerSetting): Promise<Result<McpToolInfo[], McpError>>;
  /** The enabled tools of every connected server, for the next model request. */
  tools(): WorkspaceTool[];
  /** Resolves once every server being connected is connected or failed, or after `maxMs`. */
  settled(maxMs: number): Promise<void>;
  /** Why the model's `<server>__<tool>` is not offered now (its server not connected, the tool turned off), or undefined. */
  whyMissing(name: string): string | undefined;
}

/** Why a server is not connected, for the model: by kind, never with its address (it would reach the history and links). */
const NOT_CONNECTED_BECAUSE: Readonly<Record<McpError['kind'], string>> = {
  unreachable: 'the browser could not reach it (down, a wrong address, or its CORS headers do not allow this page)',
  unauthorized: 'it refused the token (or needs a sign-in Loopscope does not support)',
  timeout: 'it did not answer in time',
  protocol: 'its answer was not what an MCP server sends',
  'invalid-url': 'its address is not valid',
  insecure: 'its address is plain http to another computer, which this page may not reach (plain http only to localhost, 127.0.0.1 and [::1])',
};

const sameAddress = (a: McpServerSetting, b: McpServerSetting) => a.url === b.url && a.token === b.token && a.name === b.name;

/**
 * `onSessions`: told the sessions open now whenever they change (connected, opened anew after a
 * server restart, closed), so the page can end them when it closes.
 */
export function createMcpHub(load: () => Promise<McpClientModule> = () => import('../../mcp/client'), onSessions?: (sessions: McpOpenSession[]) => void): McpHub {
  const entries = new Map<string, Entry>();
  /** The servers turned off in Settings (enabled: false): not connected; named when the model calls one of their tools. */
  let off: McpServerSetting[] = [];
  let told = '[]';
  const tellSessions = () => {
    if (!onSessions) return;
    const sessions = [...entries.values()].flatMap(({ server, connection }): McpOpenSession[] => {
      const session = connection?.session();
      // The page sends the DELETE: an address on http://[::1] as http://localhost, which its CSP allows (shared/plain-http.ts).
      return session ? [{ url: requestAddress(server.url.trim()), ...session, ...(server.token ? { token: server.token } : {}) }] : [];
    });
    const text = JSON.stringify(sessions);
    if (text === told) return;
    told = text;
    onSessions(sessions);
  };

  const toolsOf = (entry: Entry): WorkspaceTool[] => {
    const connection = entry.connection;
    if (!connection) return [];
    return connection
      .tools()
      .filter((info) => !info.unsupported && !entry.server.disabledTools.includes(info.name))
      .map((info) =>
        createMcpTool({
          info,
          serverName: entry.server.name,
          check: (args) => connection.check(info.name, args),
          call: (args, signal, onProgress) => connection.call(info.name, args, signal, onProgress),
        }),
      );
  };

  /** One connection to `server`; a client that cannot be loaded is an unreachable server (data). */
  const connectTo = (server: McpServerSetting, onToolsChanged: () => void): Promise<Result<McpConnection, McpError>> =>
    load()
      .then(({ connectMcpServer }) => connectMcpServer({ name: server.name, url: server.url, ...(server.token ? { token: server.token } : {}) }, onToolsChanged))
      .catch((thrown: unknown): Result<McpConnection, McpError> => ({ ok: false, error: { kind: 'unreachable', message: `The MCP client could not be loaded (${String(thrown)}).` } }));

  const open = (server: McpServerSetting): Entry => {
    const previous = entries.get(server.id);
    void previous?.connecting.then((made) => (made.ok ? made.value.close() : undefined));
    const entry: Entry = { server, connection: null, tools: [], failure: null, ready: Promise.resolve(), connecting: Promise.resolve({ ok: false, error: { kind: 'unreachable', message: 'Not connected yet.' } }) };
    entry.connecting = connectTo(server, () => {
      entry.tools = toolsOf(entry);
      tellSessions();
    });
    entry.ready = entry.connecting.then((made) => {
      if (entries.get(server.id) !== entry) return;
      entry.connection = made.ok ? made.value : null;
      entry.failure = made.ok ? null : made.error;
      entry.tools = toolsOf(entry);
      tellSessions();
    });
    entries.set(server.id, entry);
    return entry;
  };

  return {
    configure(all) {
      off = all.filter((server) => server.enabled === false);
      // A server turned off is as one removed: its connection closes, ending its session.
      const servers = all.filter((server) => server.enabled !== false);
      for (const [id, entry] of entries) {
        if (servers.some((server) => server.id === id)) continue;
        entries.delete(id);
        void entry.connecting.then((made) => (made.ok ? made.value.close() : undefined));
        tellSessions();
      }
      for (const server of servers) {
        const entry = entries.get(server.id);
        if (!entry || !sameAddress(entry.server, server)) open(server);
        else {
          entry.server = server;
          entry.tools = toolsOf(entry);
        }
      }
    },
    async connect(server) {
      if (entries.has(server.id)) {
        const entry = open(server);
        const made = await entry.connecting;
        if (!made.ok) return made;
        entry.failure = null;
        entry.connection = made.value;
        entry.tools = toolsOf(entry);
        tellSessions();
        return { ok: true, value: made.value.tools() };
      }
      // A server not saved yet: its tools are listed, and offered to the model only once Settings is saved.
      const made = await connectTo(server, () => {});
      if (!made.ok) return made;
      const tools = made.value.tools();
      await made.value.close();
      return { ok: true, value: tools };
    },
    tools: () => [...entries.values()].flatMap((entry) => entry.tools),
    whyMissing(name) {
      const turnedOff = off.find((server) => name.startsWith(modelToolName(server.name, '')));
      if (turnedOff && ![...entries.values()].some(({ server }) => name.startsWith(modelToolName(server.name, '')))) {
        return `Tool "${name}" belongs to MCP server "${turnedOff.name}", which is turned off in Settings → Tools and servers; do not call it.`;
      }
      // The server whose name is the longest prefix: of servers "a" and "a__b", "a__b__x" is b's.
      const entry = [...entries.values()]
        .filter(({ server }) => name.startsWith(modelToolName(server.name, '')))
        .sort((x, y) => modelToolName(y.server.name, '').length - modelToolName(x.server.name, '').length)[0];
      if (!entry) return undefined;
      const { server, connection, failure } = entry;
      const settings = 'Settings → Tools and servers';
      if (!connection) {
        const why = failure ? `: ${NOT_CONNECTED_BECAUSE[failure.kind]}` : ' yet (it is still connecting)';
        return `Tool "${name}" belongs to MCP server "${server.name}", which is not connected${why}. Its tools cannot be called now; the person can check the server and press Connect in ${settings}.`;
      }
      const tool = connection.tools().find((info) => modelToolName(server.name, info.name) === name);
      if (tool?.unsupported) return `Tool "${name}" of MCP server "${server.name}" is not offered: ${tool.unsupported}`;
      if (tool && server.disabledTools.includes(tool.name)) return `Tool "${name}" of MCP server "${server.name}" is turned off in ${settings}; do not call it.`;
      return undefined;
    },
    async settled(maxMs) {
      const pending = [...entries.values()].map((entry) => entry.ready);
      if (pending.length === 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.all(pending), new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)))]);
      clearTimeout(timer);
    },
  };
}
