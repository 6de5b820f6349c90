/**
 * The tools of a replay: the built-in ones run for real (with fresh approvals), while a tool
 * that ran on another system (kind `external`: an MCP server's), or one the viewer does not
 * have, answers from the recording (tools/recorded-tool.ts); the server is never called. So does
 * `task` where the recording holds no round-trips of its subagent (an older link): that subagent
 * is not run again, and what it changed in the files is not done again either. A subagent the
 * recording holds runs again instead (agent/subagent/subagents.ts, worker/share/replay.ts).
 */
import { TASK_TOOL_NAME } from '../../agent/subagent/task-tool';
import { createRecordedTool } from '../../tools/recorded-tool';
import type { WorkspaceTool, WorkspaceToolRegistry } from '../../tools/workspace-tool';

export function withRecordedExternalTools(base: WorkspaceToolRegistry, recorded: ReadonlyMap<string, Record<string, unknown>[]>): WorkspaceToolRegistry {
  const standIns = new Map<string, WorkspaceTool>();
  const standIn = (name: string): WorkspaceTool | undefined => {
    const results = recorded.get(name);
    if (!results) return undefined;
    let tool = standIns.get(name);
    if (!tool) standIns.set(name, (tool = name === TASK_TOOL_NAME ? recordedTask(results) : createRecordedTool(name, results)));
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

/** The recorded answers of `task`, each under its card's name (the task's description). */
function recordedTask(results: Record<string, unknown>[]): WorkspaceTool {
  const recorded = createRecordedTool(TASK_TOOL_NAME, results);
  return {
    ...recorded,
    summarize: (args) => (typeof args['description'] === 'string' ? args['description'] : ''),
    async execute(args, context) {
      const result = await recorded.execute(args, context);
      return result.error ? result : { llmContent: result.llmContent, display: { type: 'text', text: `${String(result.llmContent)}\n(recorded; the subagent was not run again)` } };
    },
  };
}
