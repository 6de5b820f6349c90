/**
 * Runs one scheduled call to an outcome (C3, C12, E2, K2). Never rejects: a throwing
 * tool is an UNHANDLED_EXCEPTION error, a timeout is EXECUTION_TIMEOUT, and an abort
 * ends the call `cancelled` at once, even if the tool ignores its signal (a late result
 * is then dropped by the state manager, C2); a tool with `abortGraceMs` (a subagent) is first
 * given that long to unwind.
 */
import { USER_CANCELLED_REASON } from '../history/function-response';
import { childController, raceAbort } from '../abortable';
import { messageOf } from '../../shared/errors';
import type { ToolProgress } from '../../shared/tool-display';
import type { SubagentView } from '../../shared/subagent-view';
import type { Clock } from '../types';
import type { CallOutcome, CallRecord } from './state-manager';

export interface ExecutionContext {
  clock: Clock;
  /** Optional per-tool timeout (C12). */
  timeoutMs: number | undefined;
  onOutput(text: string): void;
  onProgress(progress: ToolProgress): void;
  onSubagent(view: SubagentView): void;
}

export function timeoutMessage(ms: number): string {
  const seconds = Math.round((ms / 1000) * 10) / 10;
  return `Tool execution timed out after ${seconds}s. The tool may be stuck or operating on too large a scope.`;
}

export async function executeCall(record: CallRecord, context: ExecutionContext, signal: AbortSignal): Promise<CallOutcome> {
  const tool = record.tool;
  if (!tool) return { status: 'error', error: { type: 'TOOL_NOT_REGISTERED', message: `Tool "${record.request.name}" not found.` } };
  const { controller, dispose } = childController(signal);
  const run = (async (): Promise<CallOutcome> => {
    try {
      const result = await tool.execute(record.args, {
        signal: controller.signal,
        callId: record.request.callId,
        onOutput: (text) => context.onOutput(text),
        onProgress: (progress) => context.onProgress(progress),
        onSubagent: (view) => context.onSubagent(view),
      });
      return result.error ? { status: 'error', error: result.error, result } : { status: 'success', result };
    } catch (thrown) {
      return { status: 'error', error: { type: 'UNHANDLED_EXCEPTION', message: messageOf(thrown) } };
    }
  })();
  const racers: Promise<CallOutcome>[] = [run];
  const timeoutMs = context.timeoutMs;
  if (timeoutMs !== undefined && timeoutMs > 0) {
    racers.push(
      context.clock.sleep(timeoutMs, controller.signal).then(
        (): CallOutcome => ({ status: 'error', error: { type: 'EXECUTION_TIMEOUT', message: timeoutMessage(timeoutMs) } }),
        () => new Promise<CallOutcome>(() => {}), // the call ended first; this racer never wins
      ),
    );
  }
  try {
    return await raceAbort(Promise.race(racers), signal);
  } catch {
    if (tool.abortGraceMs) await settledWithin(run, tool.abortGraceMs, context.clock);
    return { status: 'cancelled', reason: USER_CANCELLED_REASON };
  } finally {
    controller.abort(); // stops a timed-out tool and the timeout sleep
    dispose();
  }
}

/** Waits for `run` to end, at most `ms`. */
async function settledWithin(run: Promise<unknown>, ms: number, clock: Clock): Promise<void> {
  const timer = new AbortController();
  await Promise.race([run, clock.sleep(ms, timer.signal).catch(() => undefined)]);
  timer.abort();
}
