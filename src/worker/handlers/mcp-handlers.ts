/** Settings' Connect for an MCP server: its tools, or why not (as data). */
import type { HandlerTable } from './context';

export const mcpHandlers: HandlerTable<'mcp-connect'> = {
  async 'mcp-connect'(request, context) {
    const hub = context.options.mcp;
    if (!hub) return { error: { kind: 'unsupported', message: 'MCP servers are not available here.' } };
    const connected = await hub.connect(request.server);
    return connected.ok ? { value: connected.value } : { error: connected.error };
  },
};
