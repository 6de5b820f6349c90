/**
 * Test support: tools over the real offline sandbox. `runTool` validates, then executes,
 * the way the agent does, and fails the test loudly when validation was expected to pass.
 */
import { createOfflineSandbox } from '../../sandbox/offline/offline-sandbox';
import type { Sandbox } from '../../sandbox/types';
import type { ToolResult } from '../types';
import type { WorkspaceTool, WorkspaceToolContext } from '../workspace-tool';

export interface OfflineToolContext {
  sandbox: Sandbox;
  context: WorkspaceToolContext;
  /** Everything passed to `context.onOutput`. */
  output: string[];
  controller: AbortController;
}

export async function offlineToolContext(files?: Record<string, string | Uint8Array>): Promise<OfflineToolContext> {
  const sandbox = await createOfflineSandbox({ files: files ?? {} });
  const controller = new AbortController();
  const output: string[] = [];
  return { sandbox, output, controller, context: { sandbox, signal: controller.signal, onOutput: (text) => output.push(text) } };
}

export async function runTool<Args>(tool: WorkspaceTool<Args>, args: unknown, context: WorkspaceToolContext): Promise<ToolResult> {
  const validation = tool.validate(args);
  if (!validation.ok) throw new Error(`Unexpected validation failure: ${validation.message}`);
  return tool.execute(validation.args, context);
}

/** The model text of a successful result. */
export function textOf(result: ToolResult): string {
  if (result.error) throw new Error(`Unexpected tool error ${result.error.type}: ${result.error.message}`);
  if (typeof result.llmContent !== 'string') throw new Error('Expected text content');
  return result.llmContent;
}
