/**
 * Settings → Tools and servers → MCP servers: the servers (name, URL, optional token), added
 * with Add MCP server and checked with Connect, each with its tools (list MCP tools), which a
 * checkbox turns off. The tools Connect lists are kept with the server's setting (replaced on
 * each Connect), so Settings opened again lists them and a tool can be turned off without
 * connecting again. Saved with the rest of Settings; tokens follow the model keys' rules.
 */
import { useRef, useState } from 'react';
import { listedTools, modelToolName, savedTools } from '../../shared/mcp';
import type { McpListedTool, McpServerSetting } from '../../shared/mcp';
import type { WorkerResponse } from '../../worker/client';
import { SecretField } from './secret-field';

export type ConnectMcp = (server: McpServerSetting) => Promise<WorkerResponse<'mcp-connect'>>;

interface Props {
  servers: McpServerSetting[];
  onChange(servers: McpServerSetting[]): void;
  connect?: ConnectMcp;
}

/** What this Settings visit's Connect said; the tools themselves are in the server's setting. */
type Status = { state: 'idle' } | { state: 'connecting' } | { state: 'connected'; tools: McpListedTool[] } | { state: 'failed'; message: string };

function newId(): string {
  return `mcp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * `servers` with what Connect listed for the server `id` (by then the person may have edited
 * others: the answer comes later). Unchanged when that server is gone or now has another
 * address: the list would not be its tools.
 */
export function withConnectAnswer(servers: McpServerSetting[], id: string, connectedUrl: string, tools: McpListedTool[]): McpServerSetting[] {
  return servers.map((server) => (server.id === id && server.url === connectedUrl ? { ...server, tools } : server));
}

function ToolList({ server, tools, onChange }: { server: McpServerSetting; tools: McpListedTool[]; onChange(next: McpServerSetting): void }) {
  const toggle = (tool: string, enabled: boolean) =>
    onChange({ ...server, disabledTools: enabled ? server.disabledTools.filter((name) => name !== tool) : [...server.disabledTools, tool] });
  return (
    <ul aria-label="MCP tools" className="mcp-tools">
      {tools.map((tool) => (
        <li key={tool.name}>
          <label className="checkbox">
            {tool.unsupported ? (
              // Never offered to the model, whatever the box says: shown off and fixed, with why.
              <input type="checkbox" checked={false} disabled aria-describedby={`${server.id}-${tool.name}-unsupported`} />
            ) : (
              <input type="checkbox" checked={!server.disabledTools.includes(tool.name)} onChange={(event) => toggle(tool.name, event.target.checked)} />
            )}
            <span className="mcp-tool">
              <code className="mcp-tool-name">{modelToolName(server.name, tool.name)}</code>{' '}
              {tool.description ? <span className="mcp-tool-description">{tool.description}</span> : null}
              {tool.unsupported ? (
                <span className="mcp-tool-unsupported" id={`${server.id}-${tool.name}-unsupported`}>
                  {tool.unsupported}
                </span>
              ) : null}
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}

function statusText(tools: readonly McpListedTool[]): string {
  const count = tools.length;
  const left = tools.filter((tool) => tool.unsupported).length;
  if (count === 0) return 'Connected; the server offers no tools.';
  return `Connected: ${count} tool${count === 1 ? '' : 's'}${left > 0 ? `, ${left} not offered to the model (they need MCP tasks, which Loopscope does not support)` : ''}.`;
}

function ToolsOf({ server, status, onChange }: { server: McpServerSetting; status: Status; onChange(next: McpServerSetting): void }) {
  const tools = savedTools(server);
  if (status.state === 'connecting') return <p role="status">Connecting…</p>;
  const said = status.state === 'connected' ? <p role="status">{statusText(status.tools)}</p> : null;
  if (tools === null) return said ?? <p className="field-hint">Not connected yet: Connect lists its tools.</p>;
  if (tools.length === 0) return said ?? <p className="field-hint">The server offered no tools at the last Connect.</p>;
  return (
    <>
      {said}
      <ToolList server={server} tools={tools} onChange={onChange} />
      {said ? null : <p className="field-hint">As the last Connect listed them; Connect again to refresh the list.</p>}
    </>
  );
}

function ServerEditor(props: { server: McpServerSetting; onChange(next: McpServerSetting): void; onConnected(tools: McpListedTool[], url: string): void; onRemove(): void; connect?: ConnectMcp | undefined }) {
  const { server, onChange, onConnected, onRemove, connect } = props;
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const label = server.name || 'New server';
  const run = () => {
    if (!connect || !server.name.trim() || !server.url.trim()) {
      setStatus({ state: 'failed', message: 'Give the server a name and a URL first.' });
      return;
    }
    setStatus({ state: 'connecting' });
    void connect(server).then((answer) => {
      if (!answer.ok) return setStatus({ state: 'failed', message: answer.error.message });
      const tools = listedTools(answer.value);
      onConnected(tools, server.url);
      setStatus({ state: 'connected', tools });
    });
  };
  return (
    <fieldset className="mcp-server">
      <legend>{label}</legend>
      <label>
        Server name
        <input type="text" aria-label="Server name" value={server.name} spellCheck={false} onChange={(event) => onChange({ ...server, name: event.target.value })} />
      </label>
      <label>
        Server URL
        <input type="url" aria-label="Server URL" value={server.url} placeholder="https://example.com/mcp" spellCheck={false} onChange={(event) => onChange({ ...server, url: event.target.value })} />
      </label>
      <SecretField label="Server token" value={server.token ?? ''} onChange={(token) => onChange({ ...server, token: token || undefined })} placeholder="Optional: sent as Authorization: Bearer" />
      <label className="checkbox">
        <input type="checkbox" checked={server.enabled !== false} onChange={(event) => onChange({ ...server, enabled: event.target.checked })} />
        Server on
      </label>
      {server.enabled === false ? <p className="field-hint">Off: not connected once saved (its session is ended), and the model is offered none of its tools.</p> : null}
      <div className="mcp-actions">
        <button type="button" onClick={run} disabled={status.state === 'connecting'} aria-busy={status.state === 'connecting'}>
          Connect
        </button>
        <button type="button" onClick={onRemove}>
          Remove server
        </button>
      </div>
      {status.state === 'failed' ? <p role="alert">{status.message}</p> : null}
      <ToolsOf server={server} status={status} onChange={onChange} />
    </fieldset>
  );
}

export function McpServers({ servers, onChange, connect }: Props) {
  // Connect answers after later renders: its list goes into the servers as they are then.
  const latest = useRef(servers);
  latest.current = servers;
  return (
    <div className="mcp-servers" role="group" aria-label="MCP servers">
      <h4>MCP servers</h4>
      {servers.map((server, index) => (
        <ServerEditor
          key={server.id}
          server={server}
          connect={connect}
          onChange={(next) => onChange(servers.map((item, at) => (at === index ? next : item)))}
          onConnected={(tools, url) => onChange(withConnectAnswer(latest.current, server.id, url, tools))}
          onRemove={() => onChange(servers.filter((_, at) => at !== index))}
        />
      ))}
      <button type="button" onClick={() => onChange([...servers, { id: newId(), name: '', url: '', disabledTools: [] }])}>
        Add MCP server
      </button>
      <p className="field-hint">
        Remote servers over Streamable HTTP. A server must allow this page&apos;s origin (CORS) and expose the Mcp-Session-Id header. Its tools ask before they run, as shell commands
        do. Servers are never in links or session files; a token is kept on this device only when Remember key on this device (Model) is ticked.
      </p>
    </div>
  );
}
