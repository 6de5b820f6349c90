/**
 * The tool registry (by name, with aliases) and the built-in tools (eight, plus web_fetch and the
 * preview tools when the worker has the web and the page's Preview). The worker builds
 * one with `createToolRegistry(createBuiltinTools(…))` and binds it to each session's sandbox
 * (`bindTools`, workspace-tool.ts) before the agent gets it.
 */
import type { BackgroundProcesses } from './background-processes';
import { createEditTool } from './edit';
import { createGlobTool } from './glob';
import { createGrepSearchTool } from './grep-search';
import { createListDirectoryTool } from './list-directory';
import { createReadFileTool } from './read-file';
import type { ReadFileOptions } from './read-file';
import { createRunShellCommandTool } from './run-shell-command';
import type { RunShellCommandOptions } from './run-shell-command';
import type { Tool, ToolContext, ToolDeclaration, ToolRegistry } from './types';
import { createWebFetchTool } from './web-fetch';
import type { WorkspaceTool, WorkspaceToolContext } from './workspace-tool';
import type { WebAccess } from '../shared/web-page';
import type { PreviewAccess } from '../shared/preview';
import { createPreviewTools } from './preview-tools';
import { createWriteFileTool } from './write-file';
import { createWriteTodosTool } from './write-todos';

/** Accepted alternative names: Gemini CLI calls its edit tool `replace`. */
export const TOOL_ALIASES: Readonly<Record<string, string>> = { replace: 'edit' };

export interface BuiltinToolsOptions {
  /** Absolute paths that name the workspace root (default `/home/project` and `/workspace`). */
  workspaceRoots?: string[];
  /** run_shell_command's foreground timeout (default 120 s); a function is asked per call (Settings). */
  shellTimeoutMs?: number | (() => number);
  /** Registry of background processes, to list or stop them from outside (one is made if absent). */
  backgroundProcesses?: BackgroundProcesses;
  /** Finer limits per tool. */
  readFile?: Omit<ReadFileOptions, 'workspaceRoots'>;
  shell?: Omit<RunShellCommandOptions, 'workspaceRoots' | 'timeoutMs' | 'backgroundProcesses'>;
  /** The web for web_fetch (web/web-access.ts); without it, web_fetch is not offered. */
  web?: WebAccess;
  /** The page's Preview for the preview_* tools (worker/preview/preview-port.ts); without it, they are not offered. */
  preview?: PreviewAccess;
}

export function createBuiltinTools(options: BuiltinToolsOptions = {}): WorkspaceTool[] {
  const workspaceRoots = options.workspaceRoots;
  return [
    createReadFileTool({ ...options.readFile, workspaceRoots }),
    createWriteFileTool({ workspaceRoots }),
    createEditTool({ workspaceRoots }),
    createListDirectoryTool({ workspaceRoots }),
    createGlobTool({ workspaceRoots }),
    createGrepSearchTool({ workspaceRoots }),
    createRunShellCommandTool({
      ...options.shell,
      workspaceRoots,
      ...(options.shellTimeoutMs === undefined ? {} : { timeoutMs: options.shellTimeoutMs }),
      ...(options.backgroundProcesses === undefined ? {} : { backgroundProcesses: options.backgroundProcesses }),
    }),
    createWriteTodosTool(),
    ...(options.web ? [createWebFetchTool({ web: options.web })] : []),
    ...(options.preview ? createPreviewTools(options.preview) : []),
  ];
}

/** Without tools, the built-in ones (still to be bound to a sandbox). */
export function createToolRegistry(): ToolRegistry<WorkspaceToolContext>;
export function createToolRegistry<Context extends ToolContext>(tools: Tool<Record<string, unknown>, Context>[], aliases?: Readonly<Record<string, string>>): ToolRegistry<Context>;
export function createToolRegistry(
  tools: Tool<Record<string, unknown>, WorkspaceToolContext>[] = createBuiltinTools(),
  aliases: Readonly<Record<string, string>> = TOOL_ALIASES,
): ToolRegistry<WorkspaceToolContext> {
  const byName = new Map<string, WorkspaceTool>();
  for (const tool of tools) {
    if (byName.has(tool.declaration.name)) throw new Error(`Duplicate tool name: ${tool.declaration.name}`);
    byName.set(tool.declaration.name, tool);
  }
  return {
    get: (name) => byName.get(name) ?? (Object.hasOwn(aliases, name) ? byName.get(aliases[name] ?? '') : undefined),
    names: () => [...byName.keys()],
    declarations: (): ToolDeclaration[] => tools.map((tool) => tool.declaration),
  };
}

/**
 * A registry that also holds tools that come and go (an MCP server's, as it connects): asked
 * afresh on each lookup and each request's declarations. A built-in name always wins.
 */
export function withExtraTools<Context extends ToolContext>(
  base: ToolRegistry<Context>,
  extra: () => Tool<Record<string, unknown>, Context>[],
  whyMissing?: (name: string) => string | undefined,
): ToolRegistry<Context> {
  return {
    ...(whyMissing ? { whyMissing } : {}),
    get: (name) => base.get(name) ?? extra().find((tool) => tool.declaration.name === name),
    names: () => [...base.names(), ...extra().map((tool) => tool.declaration.name).filter((name) => !base.get(name))],
    declarations: () => [...base.declarations(), ...extra().filter((tool) => !base.get(tool.declaration.name)).map((tool) => tool.declaration)],
  };
}
