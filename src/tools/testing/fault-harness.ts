/**
 * Test support for fault suite T2: calls a tool with one generated argument set the way the
 * agent does (scheduler/validation.ts intake, confirmation.ts preview, tool-executor.ts
 * execute), checks the call got exactly one response, and tallies what happened.
 *
 * One response means: `validate` returned a refusal, or `execute` settled once with a
 * well-formed ToolResult. A throw from `validate`, a rejection from `execute`, a malformed
 * result, no answer within the limit, or live output after the answer are violations.
 */
import { withTimeout } from '../../shared/abort';
import type { Tool, ToolResult } from '../types';
import type { FaultEnvironment } from './fault-environments';
import type { Snapshot } from './outside-snapshot';
import { difference, digest } from './outside-snapshot';

/** Longest a call may take before it counts as "no response" (the shell's own timeout is shorter). */
export const CALL_LIMIT_MS = 30_000;

export interface Tally {
  sets: number;
  /** Calls that got exactly one response (must equal `sets`). */
  responses: number;
  refusedAtValidate: number;
  errorResults: number;
  okResults: number;
  /** Calls after which something outside the workspace differed, and by how many bytes. */
  callsChangingOutside: number;
  bytesChangedOutside: number;
  /** Results whose text carried the planted secret or an outside-only file name. */
  secretLeaks: number;
  errorTypes: Record<string, number>;
  violations: string[];
}

export function emptyTally(): Tally {
  return { sets: 0, responses: 0, refusedAtValidate: 0, errorResults: 0, okResults: 0, callsChangingOutside: 0, bytesChangedOutside: 0, secretLeaks: 0, errorTypes: {}, violations: [] };
}

/** Short, printable form of an argument set for reports (huge strings abbreviated). */
export function describeArgs(args: unknown): string {
  const text = JSON.stringify(args, (_key, value: unknown) => {
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'string' && value.length > 120) return `${JSON.stringify(value.slice(0, 40))}…(${value.length} chars)`;
    if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
    return value;
  });
  return text === undefined ? String(args) : text;
}

export interface CallObserver {
  environment: FaultEnvironment;
  /** The snapshot taken after the previous call (updated by `callAndCheck`). */
  outside: Snapshot;
  tally: Tally;
}

/** One argument set: call, then compare the outside snapshot and scan the answer for the secret. */
export async function callAndCheck(tool: Tool, rawArgs: unknown, observer: CallObserver): Promise<void> {
  const { environment, tally } = observer;
  tally.sets += 1;
  const answer = await callLikeAgent(tool, rawArgs, environment);
  const shown = `${tool.declaration.name} ${describeArgs(rawArgs)}`;
  if (answer.violation) tally.violations.push(`${answer.violation}: ${shown}`);
  else {
    tally.responses += 1;
    if (answer.outcome === 'refused') tally.refusedAtValidate += 1;
    else if (answer.outcome === 'error') tally.errorResults += 1;
    else tally.okResults += 1;
    if (answer.errorType) tally.errorTypes[answer.errorType] = (tally.errorTypes[answer.errorType] ?? 0) + 1;
  }
  if (answer.text.includes(environment.secret) || answer.text.includes(environment.outsideOnlyName)) {
    tally.secretLeaks += 1;
    tally.violations.push(`outside content or name in the answer: ${shown}`);
  }
  const after = await environment.snapshotOutside();
  if (digest(after) !== digest(observer.outside)) {
    const changed = difference(observer.outside, after);
    tally.callsChangingOutside += 1;
    tally.bytesChangedOutside += changed.bytes;
    tally.violations.push(`${changed.bytes} bytes changed outside the workspace (${changed.paths.slice(0, 3).join(', ')}): ${shown}`);
  }
  observer.outside = after;
}

interface Answer {
  outcome: 'refused' | 'error' | 'ok' | null;
  errorType?: string;
  /** Everything the model and the person would see, for the secret scan. */
  text: string;
  violation?: string;
}

async function callLikeAgent(tool: Tool, rawArgs: unknown, environment: FaultEnvironment): Promise<Answer> {
  // Intake copies the arguments (the agent's args are whatever JSON the model sent).
  const args: unknown = structuredClone(rawArgs);
  let validation: ReturnType<Tool['validate']>;
  try {
    validation = tool.validate(args);
  } catch (thrown) {
    return { outcome: null, text: '', violation: `validate threw ${String(thrown)}` };
  }
  if (!validation.ok) return { outcome: 'refused', errorType: validation.errorType ?? 'INVALID_TOOL_PARAMS', text: validation.message };

  const controller = new AbortController();
  const output: string[] = [];
  let answered = false;
  let lateOutput = false;
  const context = { sandbox: environment.sandbox, signal: controller.signal, onOutput: (text: string) => (answered ? (lateOutput = true) : output.push(text)) };
  let previewText = '';
  if (tool.declaration.kind === 'edit' || tool.declaration.kind === 'execute') {
    // The approval card; a failing preview still lets the person decide, so it is no violation.
    previewText = await tool.preview(validation.args, context).then(JSON.stringify, () => '');
  }
  const settled = tool.execute(validation.args, context).then(
    (result) => ({ result }),
    (thrown: unknown) => ({ thrown }),
  );
  const first = await withTimeout(settled, CALL_LIMIT_MS, () => null);
  answered = true;
  controller.abort();
  if (first === null) return { outcome: null, text: '', violation: `no response within ${CALL_LIMIT_MS} ms` };
  if ('thrown' in first) return { outcome: null, text: '', violation: `execute rejected ${String(first.thrown)}` };
  const malformed = malformedResult(first.result);
  if (malformed) return { outcome: null, text: '', violation: `malformed result (${malformed})` };
  const text = [previewText, ...output, resultText(first.result)].join('\n');
  if (lateOutput) return { outcome: null, text, violation: 'live output after the response' };
  return first.result.error ? { outcome: 'error', errorType: first.result.error.type, text } : { outcome: 'ok', text };
}

function malformedResult(result: unknown): string | null {
  if (!result || typeof result !== 'object') return `not an object: ${String(result)}`;
  const { llmContent, error } = result as Partial<ToolResult>;
  if (typeof llmContent !== 'string' && !Array.isArray(llmContent)) return 'llmContent is neither text nor parts';
  if (error !== undefined && (typeof error.type !== 'string' || typeof error.message !== 'string')) return 'error without type and message';
  return null;
}

function resultText(result: ToolResult): string {
  const content = typeof result.llmContent === 'string' ? result.llmContent : JSON.stringify(result.llmContent);
  return `${content}\n${JSON.stringify(result.display ?? null)}`;
}
