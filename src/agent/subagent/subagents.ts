/**
 * Subagents for an agent whose dependencies ask for them (`subagents`): its registry gains the
 * `task` tool, built over the agent's own dependencies without it (so a subagent has no `task`).
 * A `task` tool the given registry already holds wins: a replay's stand-in answers from the
 * recording (worker/session/recorded-tools.ts) instead of running a subagent again. But a call
 * whose subagent the replay holds a recording of (`replayedSubagent`) runs its subagent again,
 * with that recording as its model: its tools really run, and its card shows it as in a run.
 */
import type { LanguageModel } from '../../model/types';
import type { Tool, ToolRegistry } from '../../tools/types';
import type { Agent, AgentDependencies, ApprovalMode } from '../types';
import { DEFAULT_SUBAGENT_LIMITS, TASK_TOOL_NAME, createTaskTool } from './task-tool';
import type { TaskArgs } from './task-tool';

export interface Subagents {
  deps: AgentDependencies;
  approvalModeChanged(mode: ApprovalMode): void;
}

export function withSubagents(
  given: AgentDependencies,
  live: { model(): string; approvalMode(): ApprovalMode },
  createAgent: (deps: AgentDependencies) => Agent,
): Subagents {
  if (!given.subagents) return { deps: given, approvalModeChanged: () => undefined };
  const { subagents: limits, ...parent } = given;
  const replayed = given.replayedSubagent?.bind(given);
  const task = createTaskTool({ parent, limits: { ...DEFAULT_SUBAGENT_LIMITS, ...limits }, createAgent, ...live, ...(replayed ? { modelFor: replayed } : {}) });
  return { deps: { ...given, tools: withTask(given.tools, task.tool, replayed) }, approvalModeChanged: task.approvalModeChanged };
}

/** The stand-in answers the calls the recording holds no subagent of; the others run theirs again. */
function replayedTask(task: Tool<TaskArgs>, standIn: Tool, replayed: (callId: string) => LanguageModel | undefined): Tool<TaskArgs> {
  return {
    ...task,
    execute: (args, context) => (replayed(context.callId ?? '') ? task.execute(args, context) : standIn.execute(args, context)),
  };
}

function withTask(base: ToolRegistry, task: Tool<TaskArgs>, replayed: ((callId: string) => LanguageModel | undefined) | undefined): ToolRegistry {
  const own = () => base.get(TASK_TOOL_NAME);
  const taskTool = (): Tool | undefined => {
    const standIn = own();
    if (!standIn) return task as Tool;
    return replayed ? (replayedTask(task, standIn, replayed) as Tool) : standIn;
  };
  return {
    ...(base.whyMissing ? { whyMissing: (name: string) => base.whyMissing?.(name) } : {}),
    get: (name) => (name === TASK_TOOL_NAME ? taskTool() : base.get(name)),
    names: () => (own() ? base.names() : [...base.names(), TASK_TOOL_NAME]),
    declarations: () => (base.declarations().some((declaration) => declaration.name === TASK_TOOL_NAME) ? base.declarations() : [...base.declarations(), task.declaration]),
  };
}
