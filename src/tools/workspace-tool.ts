/**
 * Tools written against a workspace, and binding them to one. The built-in tools read and
 * change files through the Sandbox interface they are given with each call; the worker binds
 * them to the open session's sandbox (`bindTools`) and hands the agent the result, a plain
 * ToolRegistry, so the agent never sees a sandbox.
 */
import type { Sandbox } from '../sandbox/types';
import type { Tool, ToolContext, ToolRegistry } from './types';

/** What a built-in tool's `preview` and `execute` get: the call's context plus the workspace. */
export interface WorkspaceToolContext extends ToolContext {
  sandbox: Sandbox;
}

export type WorkspaceTool<Args = Record<string, unknown>> = Tool<Args, WorkspaceToolContext>;

export type WorkspaceToolRegistry = ToolRegistry<WorkspaceToolContext>;

/** The same tools, each call given `sandbox`. Names, aliases and declarations are the registry's own. */
export function bindTools(registry: WorkspaceToolRegistry, sandbox: Sandbox): ToolRegistry {
  const bound = new WeakMap<WorkspaceTool, Tool>();
  const bindOne = (tool: WorkspaceTool): Tool => {
    let boundTool = bound.get(tool);
    if (!boundTool) bound.set(tool, (boundTool = bindTool(tool, sandbox)));
    return boundTool;
  };
  return {
    get: (name) => {
      const tool = registry.get(name);
      return tool && bindOne(tool);
    },
    names: () => registry.names(),
    declarations: () => registry.declarations(),
    whyMissing: (name) => registry.whyMissing?.(name),
  };
}

function bindTool(tool: WorkspaceTool, sandbox: Sandbox): Tool {
  const boundTool: Tool = {
    declaration: tool.declaration,
    validate: (args) => tool.validate(args),
    summarize: (args) => tool.summarize(args),
    preview: (args, context) => tool.preview(args, { ...context, sandbox }),
    affectedPaths: (args) => tool.affectedPaths(args),
    execute: (args, context) => tool.execute(args, { ...context, sandbox }),
  };
  const { isReadOnly } = tool;
  if (isReadOnly) boundTool.isReadOnly = (args) => isReadOnly.call(tool, args);
  return boundTool;
}
