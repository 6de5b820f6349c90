/**
 * An MCP server's tool as one of the agent's tools, named `<server>__<tool>` for the model.
 * Kind `external`: it asks as a shell command does ("Allow for this session" remembers this one
 * tool), and Plan mode refuses it unless the server says it only reads (readOnlyHint). Its
 * arguments are checked against the server's full schema before any approval. The server is
 * reached through an McpToolAccess the worker wires (tools never touch the network). The
 * server's progress notifications reach the card (ToolContext.onProgress) while the call runs.
 */
import type { Part } from '../shared/content';
import { MCP_IMAGES_MAX, MCP_IMAGE_MAX_BYTES, MCP_RESULT_MAX_CHARS } from '../shared/limits';
import type { McpContent, McpToolAccess } from '../shared/mcp';
import { INVALID_PARAMETERS, summarizeArgs } from './tool-args';
import { errorResult } from './tool-result';
import type { ToolContext, ToolResult } from './types';
import type { WorkspaceTool } from './workspace-tool';

type Args = Record<string, unknown>;

function cap(text: string): string {
  if (text.length <= MCP_RESULT_MAX_CHARS) return text;
  return `${text.slice(0, MCP_RESULT_MAX_CHARS)}\n[Cut: the first ${MCP_RESULT_MAX_CHARS.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters are shown.]`;
}

/** The bytes base64 `data` decodes to, without decoding it. */
function decodedBytes(data: string): number {
  const length = data.replace(/\s+/g, '').length;
  const padding = data.trimEnd().endsWith('==') ? 2 : data.trimEnd().endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((length * 3) / 4) - padding);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The result's images the model and the card get: each at most MCP_IMAGE_MAX_BYTES decoded, at
 * most MCP_IMAGES_MAX of them; what was left out is said in notes both see.
 */
function keptImages(content: readonly McpContent[]): { images: { inlineData: { mimeType: string; data: string } }[]; notes: string[] } {
  const images: { inlineData: { mimeType: string; data: string } }[] = [];
  const notes: string[] = [];
  let over = 0;
  let number = 0;
  for (const item of content) {
    if (item.type !== 'image') continue;
    number++;
    const bytes = decodedBytes(item.data);
    if (bytes > MCP_IMAGE_MAX_BYTES) notes.push(`[Image ${number} (${item.mimeType}, ${megabytes(bytes)}) left out: an image may be at most ${MCP_IMAGE_MAX_BYTES / 1024 / 1024} MB.]`);
    else if (images.length >= MCP_IMAGES_MAX) over++;
    else images.push({ inlineData: { mimeType: item.mimeType, data: item.data } });
  }
  if (over > 0) notes.push(`[${over} more image(s) left out: a result gives at most ${MCP_IMAGES_MAX}.]`);
  return { images, notes };
}

async function run(access: McpToolAccess, args: Args, context: ToolContext): Promise<ToolResult> {
  const outcome = await access.call(args, context.signal, context.onProgress);
  if (!outcome.ok) return errorResult(`MCP_${outcome.error.kind.toUpperCase().replace(/-/g, '_')}`, outcome.error.message);
  const { images, notes } = keptImages(outcome.value.content);
  const text = [cap(outcome.value.content.filter((item) => item.type === 'text').map((item) => item.text).join('\n')), ...notes].filter(Boolean).join('\n');
  if (outcome.value.failed) return errorResult('MCP_TOOL_ERROR', text || `The MCP tool ${access.info.modelName} failed without saying why.`, { type: 'text', text });
  const shown = text || (images.length > 0 ? `${images.length} image(s)` : '(no content)');
  const llmContent: string | Part[] = images.length > 0 ? [{ text: shown }, ...images] : shown;
  // The card shows the images themselves (size-capped), beside the text; the model gets them as parts.
  const shownImages = images.map(({ inlineData }) => ({ mimeType: inlineData.mimeType, data: inlineData.data }));
  return { llmContent, display: shownImages.length > 0 ? { type: 'text', text, images: shownImages } : { type: 'text', text: shown } };
}

export function createMcpTool(access: McpToolAccess): WorkspaceTool<Args> {
  const { info } = access;
  return {
    declaration: {
      name: info.modelName,
      kind: 'external',
      description: `${info.description} (MCP server "${access.serverName}")`,
      parametersJsonSchema: info.inputSchema,
    },
    validate(args) {
      if (typeof args !== 'object' || args === null || Array.isArray(args)) return { ok: false, message: 'The arguments must be an object.', errorType: INVALID_PARAMETERS };
      const problem = access.check(args);
      return problem ? { ok: false, message: `The arguments do not fit ${info.modelName}'s schema: ${problem}`, errorType: INVALID_PARAMETERS } : { ok: true, args: args as Args };
    },
    summarize: summarizeArgs,
    preview: async (args) => ({ type: 'text', text: `Call ${info.name} on the MCP server "${access.serverName}" with:\n${JSON.stringify(args, null, 2)}` }),
    affectedPaths: () => [],
    isReadOnly: () => info.readOnly,
    async execute(args, context) {
      try {
        return await run(access, args, context);
      } catch (thrown) {
        return errorResult('MCP_FAILED', thrown instanceof Error ? thrown.message : String(thrown));
      }
    },
  };
}
