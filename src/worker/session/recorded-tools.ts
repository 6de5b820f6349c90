/**
 * The tools of a replay: the built-in ones run for real (with fresh approvals), while a tool
 * that ran on another system (kind `external`: an MCP server's), or one the viewer does not
 * have, answers from the recording (tools/recorded-tool.ts); the server is never called.
 */
import { createRecordedTool } from '../../tools/recorded-tool';
import type { WorkspaceTool, WorkspaceToolRegistry } from '../../tools/workspace-tool';

export function withRecordedExternalTools(base: WorkspaceToolRegistry, recorded: ReadonlyMap<string, Record<string, unknown>[]>): WorkspaceToolRegistry {
  const standIns = new Map<string, WorkspaceTool>();
  const standIn = (name: string): WorkspaceTool | undefined => {
    const results = recorded.get(name);
    if (!results) return undefined;
    let tool = standIns.get(name);
    if (!tool) standIns.set(name, (tool = createRecordedTool(name, results)));
    return tool;
  };
  return {
    get(name) {
      const tool = base.get(name);
      if (tool && tool.declaration.kind !== 'external') return tool;
      return standIn(name) ?? tool;
    },
    names: () => base.names(),
    declarations: () => base.declarations(),
    whyMissing: (name) => base.whyMissing?.(name),
  };
}
