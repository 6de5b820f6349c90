/**
 * The preview tools: the agent looks at the page it builds and acts on it, in the Preview (the
 * offline sandbox's page, or WebContainer's dev server). The page is reached through a
 * PreviewAccess the worker wires (shared/preview.ts); tools never touch the DOM.
 *
 * Kind `external`: like an MCP tool, each asks as a shell command does, and Plan mode refuses the
 * ones that act on the page (`preview_click`, `preview_type`) while the ones that only look
 * (`preview_console`, `preview_screenshot`, `preview_query`) may run. Each call ends with exactly
 * one result; no page, no match or a page that does not answer is a ToolError saying so.
 */
import { z } from 'zod';
import type { Part } from '../shared/content';
import type { PreviewAccess, PreviewAction, PreviewAnswer, PreviewConsole, PreviewConsoleEntry, PreviewElement, PreviewQuery } from '../shared/preview';
import { PREVIEW_WIDTH_MAX, PREVIEW_WIDTH_MIN } from '../shared/preview';
import { defineTool } from './define-tool';
import { errorResult } from './tool-result';
import type { ToolResult } from './types';
import type { WorkspaceTool } from './workspace-tool';

export type PreviewConsoleArgs = Record<string, never>;
export type PreviewScreenshotArgs = { width?: number };
export type PreviewSelectorArgs = { selector: string };
export type PreviewTypeArgs = { selector: string; text: string };

const selector = z.string().min(1).describe('A CSS selector, e.g. `#submit`, `.card h2` or `input[name="email"]`.');

/** The ToolError type of a failed preview answer: PREVIEW_NO_MATCH for `no-match`. */
const errorTypeOf = (kind: string) => `PREVIEW_${kind.toUpperCase().replace(/-/g, '_')}`;

async function answered<T>(answer: Promise<PreviewAnswer<T>>, format: (value: T) => ToolResult): Promise<ToolResult> {
  const outcome = await answer;
  return outcome.ok ? format(outcome.value) : errorResult(errorTypeOf(outcome.error.kind), outcome.error.message);
}

function consoleLine(entry: PreviewConsoleEntry): string {
  return `[${(entry.at / 1000).toFixed(2)}s ${entry.level}] ${entry.text}`;
}

export function formatConsole(result: PreviewConsole): string {
  const head = `Console of ${result.page} since it last loaded: ${result.entries.length === 0 ? 'no messages.' : `${result.entries.length} message(s).`}`;
  const dropped = result.dropped > 0 ? [`[${result.dropped} earlier message(s) left out.]`] : [];
  return [head, ...dropped, ...result.entries.map(consoleLine)].join('\n');
}

function describeElement(element: PreviewElement, index?: number): string {
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  const box = `${Math.round(element.box.width)}×${Math.round(element.box.height)} at (${Math.round(element.box.x)}, ${Math.round(element.box.y)})`;
  const lines = [
    `${index === undefined ? '' : `${index + 1}. `}<${element.tag}${attributes ? ` ${attributes}` : ''}> ${element.visible ? box : `hidden (${box})`}`,
    `   selector: ${element.selector}`,
  ];
  if (element.value !== undefined) lines.push(`   value: ${JSON.stringify(element.value)}`);
  if (element.text) lines.push(`   text: ${JSON.stringify(element.text)}`);
  return lines.join('\n');
}

export function formatQuery(selectorText: string, result: PreviewQuery): string {
  const head = `${result.count} element(s) of ${result.page} match ${selectorText}${result.count > result.elements.length ? `; the first ${result.elements.length} are described` : ''}.`;
  return [head, ...result.elements.map((element, index) => describeElement(element, index))].join('\n');
}

export function formatAction(verb: string, result: PreviewAction): string {
  const logged = result.console.length > 0 ? ['Console after it:', ...result.console.map(consoleLine)] : ['No console messages after it.'];
  return [`${verb} in ${result.page}:`, describeElement(result.element), ...logged].join('\n');
}

function textResult(text: string): ToolResult {
  return { llmContent: text, display: { type: 'text', text } };
}

export function createPreviewTools(preview: PreviewAccess): WorkspaceTool[] {
  const consoleTool = defineTool<PreviewConsoleArgs>({
    name: 'preview_console',
    kind: 'external',
    description: 'Returns the console messages and uncaught errors of the page in the Preview since it last loaded (it reloads when a file it uses changes).',
    schema: z.object({}).strict() as unknown as z.ZodType<PreviewConsoleArgs>,
    failureType: 'PREVIEW_FAILED',
    summarize: () => 'console',
    preview: async () => ({ type: 'text', text: "Read the Preview page's console messages." }),
    affectedPaths: () => [],
    isReadOnly: () => true,
    run: (_args, context) => answered(preview.console(context.signal), (value) => textResult(formatConsole(value))),
  });

  const screenshotTool = defineTool<PreviewScreenshotArgs>({
    name: 'preview_screenshot',
    kind: 'external',
    description: 'Takes a PNG image of the page in the Preview, laid out at the given width (CSS pixels), and returns it as an image.',
    schema: z.object({
      width: z.number().int().min(PREVIEW_WIDTH_MIN).max(PREVIEW_WIDTH_MAX).optional().describe(`The page's width in CSS pixels (${PREVIEW_WIDTH_MIN}–${PREVIEW_WIDTH_MAX}); the Preview's own width when absent.`),
    }),
    failureType: 'PREVIEW_FAILED',
    summarize: (args) => (args.width ? `${args.width}px wide` : 'screenshot'),
    preview: async (args) => ({ type: 'text', text: `Take a screenshot of the Preview page${args.width ? ` at ${args.width} px wide` : ''}.` }),
    affectedPaths: () => [],
    isReadOnly: () => true,
    run: (args, context) =>
      answered(preview.screenshot(args.width, context.signal), (shot) => {
        const text = `Screenshot of ${shot.page}, ${shot.width}×${shot.height} px.`;
        const parts: Part[] = [{ text }, { inlineData: { mimeType: shot.mimeType, data: shot.data } }];
        return { llmContent: parts, display: { type: 'text', text, images: [{ mimeType: shot.mimeType, data: shot.data }] } };
      }),
  });

  const queryTool = defineTool<PreviewSelectorArgs>({
    name: 'preview_query',
    kind: 'external',
    description: "Finds the elements of the Preview page that match a CSS selector and returns each one's text, attributes and box (position and size).",
    schema: z.object({ selector }),
    failureType: 'PREVIEW_FAILED',
    summarize: (args) => args.selector,
    preview: async (args) => ({ type: 'text', text: `Look up ${args.selector} in the Preview page.` }),
    affectedPaths: () => [],
    isReadOnly: () => true,
    run: (args, context) => answered(preview.query(args.selector, context.signal), (value) => textResult(formatQuery(args.selector, value))),
  });

  const clickTool = defineTool<PreviewSelectorArgs>({
    name: 'preview_click',
    kind: 'external',
    description: 'Clicks the first element of the Preview page that matches a CSS selector, and returns the element and the console messages that followed.',
    schema: z.object({ selector }),
    failureType: 'PREVIEW_FAILED',
    summarize: (args) => args.selector,
    preview: async (args) => ({ type: 'text', text: `Click ${args.selector} in the Preview page.` }),
    affectedPaths: () => [],
    run: (args, context) => answered(preview.click(args.selector, context.signal), (value) => textResult(formatAction(`Clicked ${args.selector}`, value))),
  });

  const typeTool = defineTool<PreviewTypeArgs>({
    name: 'preview_type',
    kind: 'external',
    description: 'Types text into the first element of the Preview page that matches a CSS selector (an input, a text area or an editable element), replacing its value, as a person typing would.',
    schema: z.object({ selector, text: z.string().describe('The text to type.') }),
    failureType: 'PREVIEW_FAILED',
    summarize: (args) => `${args.selector} ← ${JSON.stringify(args.text.length > 40 ? `${args.text.slice(0, 40)}…` : args.text)}`,
    preview: async (args) => ({ type: 'text', text: `Type into ${args.selector} in the Preview page:\n${args.text}` }),
    affectedPaths: () => [],
    run: (args, context) => answered(preview.type(args.selector, args.text, context.signal), (value) => textResult(formatAction(`Typed into ${args.selector}`, value))),
  });

  return [consoleTool, screenshotTool, queryTool, clickTool, typeTool] as WorkspaceTool[];
}
