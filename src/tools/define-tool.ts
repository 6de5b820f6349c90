/**
 * `defineTool`: a tool written once. Its zod schema is the one source of its arguments: it
 * validates them (tool-args.ts) and, through `z.toJSONSchema`, is the declaration the model
 * is given. `run` may throw; the `execute` it becomes never rejects, because a failure is
 * turned into a ToolError here, for every tool alike.
 */
import { z } from 'zod';
import type { Check } from './tool-args';
import { validateArgs } from './tool-args';
import { sandboxFailure } from './tool-result';
import type { ToolPreview } from '../shared/tool-display';
import type { ToolKind, ToolResult } from './types';
import type { WorkspaceTool, WorkspaceToolContext } from './workspace-tool';

export interface ToolDefinition<Args> {
  name: string;
  kind: ToolKind;
  description: string;
  /** The arguments; each parameter's `.describe(…)` is its description for the model. */
  schema: z.ZodType<Args>;
  /** Checks the schema cannot say (paths inside the workspace, a valid pattern), in order. */
  checks?: Array<(args: Args) => Check>;
  /** The ToolError type of a failure `run` throws; a SandboxError keeps its own (FILE_NOT_FOUND…). */
  failureType: string;
  summarize(args: Args): string;
  preview(args: Args, context: WorkspaceToolContext): Promise<ToolPreview>;
  affectedPaths(args: Args): string[] | null;
  isReadOnly?(args: Args): boolean;
  /** Does the work; may throw. */
  run(args: Args, context: WorkspaceToolContext): Promise<ToolResult>;
}

export function defineTool<Args>(definition: ToolDefinition<Args>): WorkspaceTool<Args> {
  const { name, kind, schema, checks = [], failureType, run } = definition;
  const tool: WorkspaceTool<Args> = {
    declaration: {
      name,
      kind,
      // Read per request: a description may follow a setting (run_shell_command's time limit).
      get description() {
        return definition.description;
      },
      // Generated on first use, once per schema: z.toJSONSchema takes ~10 ms the first time,
      // and the registry is built while the worker starts.
      get parametersJsonSchema() {
        return cachedJsonSchema(schema);
      },
    },
    validate: (args) => validateArgs(schema, args, ...checks),
    summarize: (args) => definition.summarize(args),
    preview: (args, context) => definition.preview(args, context),
    affectedPaths: (args) => definition.affectedPaths(args),
    execute: async (args, context) => {
      try {
        return await run(args, context);
      } catch (thrown) {
        return sandboxFailure(thrown, failureType);
      }
    },
  };
  if (definition.isReadOnly) tool.isReadOnly = (args) => definition.isReadOnly?.(args) ?? false;
  return tool;
}

/**
 * The keywords a declaration keeps, in the order they are written. Gemini takes a subset of
 * JSON Schema for function parameters and OpenAI-compatible servers (some of which compile
 * the schema into a grammar) take less than all of it; these are the ones both accept. The
 * rest (`$schema`, `minLength`, `pattern`…) are dropped from what the model is shown, and
 * still checked by `validate`.
 */
const KEPT_KEYWORDS = ['type', 'enum', 'minimum', 'maximum', 'minItems', 'maxItems', 'description', 'items', 'properties', 'required', 'additionalProperties', 'anyOf'] as const;

const generated = new WeakMap<z.ZodType, Record<string, unknown>>();

function cachedJsonSchema(schema: z.ZodType): Record<string, unknown> {
  let jsonSchema = generated.get(schema);
  if (!jsonSchema) generated.set(schema, (jsonSchema = modelJsonSchema(schema)));
  return jsonSchema;
}

/** The JSON Schema the model is given for `schema` (the arguments it may send). */
export function modelJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return trimmed(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Record<string, unknown>);
}

function trimmed(node: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const keyword of KEPT_KEYWORDS) {
    const value = node[keyword];
    if (value === undefined) continue;
    switch (keyword) {
      case 'properties':
        kept[keyword] = Object.fromEntries(Object.entries(value as Record<string, Record<string, unknown>>).map(([key, property]) => [key, trimmed(property)]));
        break;
      case 'items':
        kept[keyword] = trimmed(value as Record<string, unknown>);
        break;
      case 'anyOf':
        kept[keyword] = (value as Array<Record<string, unknown>>).map(trimmed);
        break;
      case 'minimum':
      case 'maximum':
        // zod's `.int()` adds the safe-integer bounds; they tell the model nothing.
        if (Math.abs(value as number) < Number.MAX_SAFE_INTEGER) kept[keyword] = value;
        break;
      case 'additionalProperties':
        // Only `false` says something (extra keys are allowed anyway); `{}` confuses some servers.
        if (value === false) kept[keyword] = false;
        break;
      default:
        kept[keyword] = value;
    }
  }
  return kept;
}
