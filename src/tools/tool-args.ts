/**
 * Argument validation with zod, turned into messages that name the parameter, so the
 * model can fix its call: `Missing required parameter "file_path".`
 */
import type { z } from 'zod';
import type { WorkspacePathOptions } from '../shared/workspace-path';
import { resolveToolPath } from './tool-paths';
import type { Validation } from './types';

/** The invalid-arguments error type; path refusals use their own (PATH_OUTSIDE_WORKSPACE, INVALID_PATH). */
export const INVALID_PARAMETERS = 'INVALID_TOOL_PARAMS';

export type Check = { message: string; errorType?: string } | null;

/** Parses `args` with `schema`, then runs `checks` in order on the parsed value. */
export function validateArgs<T>(schema: z.ZodType<T>, args: unknown, ...checks: Array<(value: T) => Check>): Validation<T> {
  const parsed = schema.safeParse(args, { reportInput: true });
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues.map(describeIssue).join(' '), errorType: INVALID_PARAMETERS };
  }
  for (const check of checks) {
    const failure = check(parsed.data);
    if (failure) return { ok: false, message: failure.message, errorType: failure.errorType ?? INVALID_PARAMETERS };
  }
  return { ok: true, args: parsed.data };
}

/** A check that the path in `parameter` (when given) stays inside the workspace. */
export function pathCheck<T>(parameter: string, pick: (value: T) => string | undefined, options?: WorkspacePathOptions): (value: T) => Check {
  return (value) => {
    const path = pick(value);
    if (path === undefined) return null;
    const resolved = resolveToolPath(path, parameter, options);
    return resolved.ok ? null : { message: resolved.error.message, errorType: resolved.error.type };
  };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const name = issue.path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    '',
  );
  const received = 'input' in issue ? ` (received ${show(issue.input)})` : '';
  if (name === '') return `Arguments must be an object with the tool's parameters${received}.`;
  switch (issue.code) {
    case 'invalid_type':
      if (!('input' in issue) || issue.input === undefined) return `Missing required parameter "${name}".`;
      return `Parameter "${name}" must be ${article(issue.expected)}${received}.`;
    case 'invalid_value':
      return `Parameter "${name}" must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}${received}.`;
    case 'too_small':
      if (issue.origin === 'string') return `Parameter "${name}" must not be empty.`;
      return `Parameter "${name}" must be at least ${String(issue.minimum)}${received}.`;
    case 'too_big':
      return `Parameter "${name}" must be at most ${String(issue.maximum)}${received}.`;
    default:
      return `Parameter "${name}": ${issue.message}.`;
  }
}

function article(expected: string): string {
  switch (expected) {
    case 'int':
      return 'an integer';
    case 'array':
    case 'object':
      return `an ${expected}`;
    default:
      return `a ${expected}`;
  }
}

function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = typeof value === 'bigint' ? `${value}n` : Object.prototype.toString.call(value); // a BigInt or a cycle
  }
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A call's arguments in one short line for its card: `{"a":1}`, cut at 80 characters; empty for none. */
export function summarizeArgs(args: Record<string, unknown>): string {
  const shown = JSON.stringify(args);
  return shown === '{}' ? '' : shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
}
