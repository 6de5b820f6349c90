/**
 * In a replay of a shared session, a tool that ran on another system (an MCP server's, or a
 * preview tool's page) is not run again: its stand-in answers each call with the result the recording holds for that tool,
 * in order, with the images it had (a screenshot: the model gets them again, and the card shows
 * them). It changes nothing and calls no one, so it does not ask.
 */
import { recordedMedia } from '../shared/recorded-media';
import { summarizeArgs } from './tool-args';
import { errorResult } from './tool-result';
import type { ToolResult } from './types';
import type { WorkspaceTool } from './workspace-tool';

type Args = Record<string, unknown>;

/**
 * The recorded function responses (`{output}` or `{error}`) of one tool, in the order it was called.
 * `where` says on the card why it did not run: a tool of another system (`server`, the default:
 * an MCP server's, the Preview's page), or any tool in the replay-only player (`player`: the
 * embed runs no tool at all).
 */
export function createRecordedTool(name: string, recorded: Record<string, unknown>[], where: 'server' | 'player' = 'server'): WorkspaceTool<Args> {
  const note = where === 'server' ? 'not run again' : 'nothing runs in this player';
  const queue = [...recorded];
  const answer = (response: Record<string, unknown> | undefined): ToolResult => {
    if (!response) return errorResult('RECORDING_EXHAUSTED', `The recording holds no more results of ${name}.`);
    if (typeof response['error'] === 'string') return errorResult('RECORDED_ERROR', response['error']);
    const output = typeof response['output'] === 'string' ? response['output'] : JSON.stringify(response);
    const text = `${output}\n(recorded; ${note})`;
    const media = recordedMedia(response);
    if (media.length === 0) return { llmContent: output, display: { type: 'text', text } };
    const images = media.map(({ mimeType, data }) => ({ mimeType, data }));
    return { llmContent: [{ text: output }, ...media.map((inlineData) => ({ inlineData }))], display: { type: 'text', text, images } };
  };
  return {
    declaration: { name, kind: 'read', description: `${name}, replayed from the recording`, parametersJsonSchema: { type: 'object', properties: {} } },
    validate: (args) => ({ ok: true, args: (typeof args === 'object' && args !== null ? args : {}) as Args }),
    summarize: summarizeArgs,
    preview: async () => ({ type: 'text', text: `Replays the recorded result of ${name}; ${note}.` }),
    affectedPaths: () => [],
    execute: async () => answer(queue.shift()),
  };
}
