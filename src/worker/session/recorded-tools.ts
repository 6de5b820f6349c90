/**
 * The tools of a replay: the built-in ones run for real (with fresh approvals), while a tool
 * that ran on another system (kind `external`: an MCP server's, a preview tool's), or one the viewer does not
 * have, answers from the recording (tools/recorded-tool.ts); the server is never called. So does
 * `task` where the recording holds no round-trips of its subagent (an older link): that subagent
 * is not run again, and what it changed in the files is not done again either. A subagent the
 * recording holds runs again instead (agent/subagent/subagents.ts, worker/share/replay.ts).
 * The replay-only player (the embed) runs none of them: `withOnlyRecordedTools`.
 */
import { TASK_TOOL_NAME } from '../../agent/subagent/task-tool';
import { createRecordedTool } from '../../tools/recorded-tool';
import type { WorkspaceTool, WorkspaceToolRegistry } from '../../tools/workspace-tool';

export function withRecordedExternalTools(base: WorkspaceToolRegistry, recorded: ReadonlyMap<string, Record<string, unknown>[]>): WorkspaceToolRegistry {
  const standIn = standInsOf(recorded, 'server');
  // A tool the viewer has too keeps its card's name ("preview_query #title"), as the recording showed it.
  const named = new Map<string, WorkspaceTool>();
  return {
    get(name) {
      const tool = base.get(name);
      if (tool && tool.declaration.kind !== 'external') return tool;
      if (!recorded.has(name)) return tool;
      let answering = named.get(name);
      if (!answering) named.set(name, (answering = tool && name !== TASK_TOOL_NAME ? { ...standIn(name), summarize: (args) => tool.summarize(args) } : standIn(name)));
      return answering;
    },
    names: () => base.names(),
    declarations: () => base.declarations(),
    whyMissing: (name) => base.whyMissing?.(name),
  };
}

/**
 * The tools of the replay-only player (the embed, `init` with `replayOnly`): every call answers
 * from the recording, built-in tools too, so nothing runs, nothing reaches the sandbox and
 * nothing asks (a stand-in changes nothing). A tool the recording holds no more results of
 * answers RECORDING_EXHAUSTED. A `task` call whose subagent the recording holds still runs that
 * subagent again (agent/subagent/subagents.ts), over these same stand-ins. The declarations and
 * the cards' names stay the base's: the requests are built, and the cards named, as the recording's were.
 */
export function withOnlyRecordedTools(base: WorkspaceToolRegistry, recorded: ReadonlyMap<string, Record<string, unknown>[]>): WorkspaceToolRegistry {
  const standIn = standInsOf(recorded, 'player');
  // A built-in tool's card keeps its own name ("write_file index.html"), as the recording showed it.
  const named = new Map<string, WorkspaceTool>();
  return {
    get(name) {
      let tool = named.get(name);
      if (!tool) {
        const real = base.get(name);
        const recordedTool = standIn(name);
        named.set(name, (tool = real && name !== TASK_TOOL_NAME ? { ...recordedTool, summarize: (args) => real.summarize(args) } : recordedTool));
      }
      return tool;
    },
    names: () => base.names(),
    declarations: () => base.declarations(),
    whyMissing: (name) => base.whyMissing?.(name),
  };
}

/** One stand-in per tool name, made on its first call and kept (its queue of results is its state). */
function standInsOf(recorded: ReadonlyMap<string, Record<string, unknown>[]>, where: 'server' | 'player'): (name: string) => WorkspaceTool {
  const standIns = new Map<string, WorkspaceTool>();
  return (name) => {
    let tool = standIns.get(name);
    if (!tool) {
      const results = recorded.get(name) ?? [];
      standIns.set(name, (tool = name === TASK_TOOL_NAME ? recordedTask(results) : createRecordedTool(name, results, where)));
    }
    return tool;
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
