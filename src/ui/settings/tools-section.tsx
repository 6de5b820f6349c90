/** Settings → Tools and servers: what the agent's tools may reach beyond the workspace. */
import type { SettingsRecord } from '../../store/types';
import { McpServers } from './mcp-servers';
import type { ConnectMcp } from './mcp-servers';

export function ToolsSection({ draft, update, connectMcp }: { draft: SettingsRecord; update: (patch: Partial<SettingsRecord>) => void; connectMcp?: ConnectMcp | undefined }) {
  return (
    <>
      <McpServers servers={draft.mcpServers ?? []} onChange={(mcpServers) => update({ mcpServers })} {...(connectMcp ? { connect: connectMcp } : {})} />
      <label className="checkbox">
        <input type="checkbox" checked={draft.webFetchLocalAddresses === true} onChange={(event) => update({ webFetchLocalAddresses: event.target.checked })} />
        Allow web_fetch to local addresses
      </label>
      <p className="field-hint">
        Off: web_fetch refuses localhost and private networks (10.x, 172.16–31.x, 192.168.x, 169.254.x, fc00::/7) before anything is sent. Tick it to read a documentation
        server on this machine or your network.
      </p>
    </>
  );
}
