/**
 * Settings → Tools and servers → MCP servers: the servers (name, URL, optional token), added
 * with Add MCP server and checked with Connect, each with its tools (list MCP tools), which a
 * checkbox turns off. Saved with the rest of Settings; tokens follow the model keys' rules.
 */
import { useState } from 'react';
import type { McpServerSetting, McpToolInfo } from '../../shared/mcp';
import type { WorkerResponse } from '../../worker/client';
import { SecretField } from './secret-field';

export type ConnectMcp = (server: McpServerSetting) => Promise<WorkerResponse<'mcp-connect'>>;

interface Props {
  servers: McpServerSetting[];
  onChange(servers: McpServerSetting[]): void;
  connect?: ConnectMcp;
}

type Status = { state: 'idle' } | { state: 'connecting' } | { state: 'connected'; tools: McpToolInfo[] } | { state: 'failed'; message: string };

function newId(): string {
  return `mcp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function ServerEditor({ server, onChange, onRemove, connect }: { server: McpServerSetting; onChange(next: McpServerSetting): void; onRemove(): void; connect?: ConnectMcp }) {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const label = server.name || 'New server';
  const run = () => {
    if (!connect || !server.name.trim() || !server.url.trim()) {
      setStatus({ state: 'failed', message: 'Give the server a name and a URL first.' });
      return;
    }
    setStatus({ state: 'connecting' });
    void connect(server).then((answer) => setStatus(answer.ok ? { state: 'connected', tools: answer.value } : { state: 'failed', message: answer.error.message }));
  };
  const toggle = (tool: string, enabled: boolean) =>
    onChange({ ...server, disabledTools: enabled ? server.disabledTools.filter((name) => name !== tool) : [...server.disabledTools, tool] });
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
      <div className="mcp-actions">
        <button type="button" onClick={run} disabled={status.state === 'connecting'} aria-busy={status.state === 'connecting'}>
          Connect
        </button>
        <button type="button" onClick={onRemove}>
          Remove server
        </button>
      </div>
      {status.state === 'failed' ? <p role="alert">{status.message}</p> : null}
      {status.state === 'connected' ? (
        <>
          <p role="status">{status.tools.length === 0 ? 'Connected; the server offers no tools.' : `Connected: ${status.tools.length} tool${status.tools.length === 1 ? '' : 's'}.`}</p>
          <ul aria-label="MCP tools" className="mcp-tools">
            {status.tools.map((tool) => (
              <li key={tool.name}>
                <label className="checkbox">
                  <input type="checkbox" checked={!server.disabledTools.includes(tool.name)} onChange={(event) => toggle(tool.name, event.target.checked)} />
                  <span>
                    <code>{tool.modelName}</code> {tool.description}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </fieldset>
  );
}

export function McpServers({ servers, onChange, connect }: Props) {
  return (
    <div className="mcp-servers" role="group" aria-label="MCP servers">
      <h4>MCP servers</h4>
      {servers.map((server, index) => (
        <ServerEditor
          key={server.id}
          server={server}
          connect={connect}
          onChange={(next) => onChange(servers.map((item, at) => (at === index ? next : item)))}
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
