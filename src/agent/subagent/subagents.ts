/**
 * Subagents for an agent whose dependencies ask for them (`subagents`): its registry gains the
 * `task` tool, built over the agent's own dependencies without it (so a subagent has no `task`).
 * A `task` tool the given registry already holds wins: a replay's stand-in answers from the
 * recording (worker/session/recorded-tools.ts) instead of running a subagent again.
 */
import type { Tool, ToolRegistry } from '../../tools/types';
import type { Agent, AgentDependencies, ApprovalMode } from '../types';
import { DEFAULT_SUBAGENT_LIMITS, TASK_TOOL_NAME, createTaskTool } from './task-tool';

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
  const task = createTaskTool({ parent, limits: { ...DEFAULT_SUBAGENT_LIMITS, ...limits }, createAgent, ...live });
  return { deps: { ...given, tools: withTask(given.tools, task.tool) }, approvalModeChanged: task.approvalModeChanged };
}

function withTask(base: ToolRegistry, task: Tool): ToolRegistry {
  const own = () => base.get(TASK_TOOL_NAME);
  return {
    ...(base.whyMissing ? { whyMissing: (name: string) => base.whyMissing?.(name) } : {}),
    get: (name) => base.get(name) ?? (name === TASK_TOOL_NAME ? task : undefined),
    names: () => (own() ? base.names() : [...base.names(), TASK_TOOL_NAME]),
    declarations: () => (base.declarations().some((declaration) => declaration.name === TASK_TOOL_NAME) ? base.declarations() : [...base.declarations(), task.declaration]),
  };
}
