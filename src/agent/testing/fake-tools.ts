/**
 * Spec §2 FakeTools: a ToolRegistry of scripted tools with kinds, gates, virtual-time
 * delays and a `toolLog` of every execution ({name, args, tStart, tEnd, aborted}).
 */
import type { Part } from '../../shared/content';
import type { Clock } from '../types';
import type { ToolPreview } from '../../shared/tool-display';
import type { Tool, ToolContext, ToolKind, ToolRegistry, ToolResult } from '../../tools/types';

export interface FakeToolSpec {
  kind: ToolKind;
  /** Required argument names (a minimal schema check). */
  required?: string[];
  /** What validation makes of arguments that pass (a schema's defaults, a normalized path); by default they stay as sent. */
  normalize?: (args: Record<string, unknown>) => Record<string, unknown>;
  /** Virtual-time delay before the result (uses the injected clock). */
  delayMs?: number | ((args: Record<string, unknown>) => number);
  /** Waits on this before finishing; a function gives one gate per call. */
  gate?: Promise<void> | ((args: Record<string, unknown>) => Promise<void> | undefined);
  /** The result; defaults to `ok <name>`. May throw (E2). */
  impl?: (args: Record<string, unknown>, context: ToolContext) => Promise<string | Part[] | ToolResult> | string | Part[] | ToolResult;
  isReadOnly?: (args: Record<string, unknown>) => boolean;
  preview?: (args: Record<string, unknown>) => ToolPreview | Promise<ToolPreview>;
  /** Keeps running after the signal aborts (a tool that ignores cancellation). */
  ignoresAbort?: boolean;
}

export interface ToolLogEntry {
  name: string;
  args: Record<string, unknown>;
  tStart: number;
  tEnd?: number;
  aborted: boolean;
}

export interface FakeTools extends ToolRegistry {
  readonly toolLog: ToolLogEntry[];
  /** Executions currently running. */
  running(): number;
  maxConcurrent(): number;
}

function isToolResult(value: unknown): value is ToolResult {
  return !!value && typeof value === 'object' && !Array.isArray(value) && 'llmContent' in value;
}

function abortPromise(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export function createFakeTools(specs: Record<string, FakeToolSpec>, clock: Clock, aliases: Record<string, string> = {}): FakeTools {
  const toolLog: ToolLogEntry[] = [];
  let running = 0;
  let maxConcurrent = 0;

  function build(name: string, spec: FakeToolSpec): Tool {
    const properties = Object.fromEntries((spec.required ?? []).map((key) => [key, { type: 'string' }]));
    const tool: Tool = {
      declaration: {
        name,
        kind: spec.kind,
        description: `Fake ${name}`,
        parametersJsonSchema: { type: 'object', properties, required: spec.required ?? [] },
      },
      validate(args) {
        if (!args || typeof args !== 'object') return { ok: false, message: 'params must be an object' };
        for (const key of spec.required ?? []) {
          if (!(key in args)) return { ok: false, message: `params must have required property '${key}'` };
        }
        const valid = args as Record<string, unknown>;
        return { ok: true, args: spec.normalize ? spec.normalize(valid) : valid };
      },
      summarize: (args) => String(args['file_path'] ?? args['command'] ?? args['pattern'] ?? ''),
      preview: async (args) => (await spec.preview?.(args)) ?? { type: 'text', text: `${name} ${JSON.stringify(args)}` },
      affectedPaths: (args) => (typeof args['file_path'] === 'string' ? [args['file_path']] : null),
      async execute(args, context) {
        const entry: ToolLogEntry = { name, args: structuredClone(args), tStart: clock.now(), aborted: false };
        toolLog.push(entry);
        running++;
        maxConcurrent = Math.max(maxConcurrent, running);
        const never = new AbortController().signal;
        const signal = spec.ignoresAbort ? never : context.signal;
        try {
          const delay = typeof spec.delayMs === 'function' ? spec.delayMs(args) : spec.delayMs;
          if (delay !== undefined) await clock.sleep(delay, signal);
          const gate = typeof spec.gate === 'function' ? spec.gate(args) : spec.gate;
          if (gate) await Promise.race([gate, abortPromise(signal)]);
          if (signal.aborted) {
            entry.aborted = true;
            return { llmContent: '', error: { type: 'CANCELLED', message: 'aborted' } };
          }
          const value = spec.impl ? await spec.impl(args, context) : `ok ${name}`;
          return isToolResult(value) ? value : { llmContent: value };
        } catch (thrown) {
          if (signal.aborted) {
            entry.aborted = true;
            return { llmContent: '', error: { type: 'CANCELLED', message: 'aborted' } };
          }
          throw thrown;
        } finally {
          entry.tEnd = clock.now();
          running--;
        }
      },
    };
    if (spec.isReadOnly) tool.isReadOnly = spec.isReadOnly;
    return tool;
  }

  const tools = new Map(Object.entries(specs).map(([name, spec]) => [name, build(name, spec)]));
  return {
    toolLog,
    running: () => running,
    maxConcurrent: () => maxConcurrent,
    get: (name) => tools.get(aliases[name] ?? name),
    names: () => [...tools.keys()],
    declarations: () => [...tools.values()].map((tool) => tool.declaration),
  };
}

/** The spec's usual set: read_file, write_file, edit, list_directory, run_shell_command. */
export function standardFakeTools(clock: Clock, overrides: Record<string, Partial<FakeToolSpec>> = {}): FakeTools {
  const base: Record<string, FakeToolSpec> = {
    read_file: { kind: 'read', required: ['file_path'], impl: (args) => `contents of ${String(args['file_path'])}` },
    write_file: { kind: 'edit', required: ['file_path', 'content'] },
    edit: { kind: 'edit', required: ['file_path', 'old_string', 'new_string'] },
    list_directory: { kind: 'read', required: ['dir_path'] },
    run_shell_command: { kind: 'execute', required: ['command'] },
  };
  const specs: Record<string, FakeToolSpec> = {};
  for (const name of new Set([...Object.keys(base), ...Object.keys(overrides)])) {
    specs[name] = { ...(base[name] ?? { kind: 'read' }), ...overrides[name] } as FakeToolSpec;
  }
  return createFakeTools(specs, clock, { replace: 'edit' });
}
