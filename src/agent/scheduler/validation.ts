/**
 * Intake of one call (C4, C5, C11): resolve the tool, copy the arguments, and decide
 * early errors, which are created directly in `error` and never enter `validating`.
 */
import type { ToolError, ToolRegistry } from '../../tools/types';
import type { ToolCallView } from '../types';
import { notRegisteredMessage } from './suggest';
import type { CallRecord, ToolCallRequestInfo, ValidationVerdict } from './state-manager';

export const OUTPUT_TRUNCATED_MESSAGE =
  'Your previous response was truncated due to max_tokens limit, which produced incomplete file content. ' +
  'The tool call has been rejected to prevent writing truncated content to the file. You MUST split the ' +
  'content into smaller parts: first write_file with a skeleton/partial content, then use edit to add the ' +
  'remaining sections incrementally. Do NOT retry with the same large content.';

export const TRUNCATION_PARAM_GUIDANCE =
  '\n\nNote: your previous response was truncated due to max_tokens limit, which likely produced incomplete ' +
  'tool call parameters. Retry with complete parameters, and split large content into smaller parts.';

export interface IntakeResult {
  record: CallRecord;
  /** Set when the call fails before validation ends (an early error). */
  earlyError?: ToolError;
}

/** The common target arguments, for calls whose tool cannot summarize them (unknown or invalid). */
function fallbackSummary(args: Record<string, unknown>): string {
  for (const key of ['file_path', 'dir_path', 'command', 'pattern']) {
    const value = args[key];
    if (typeof value === 'string') return value;
  }
  return '';
}

function summaryOf(record: Pick<CallRecord, 'tool' | 'args'>): string {
  if (!record.tool) return fallbackSummary(record.args);
  try {
    return record.tool.summarize(record.args);
  } catch {
    return fallbackSummary(record.args);
  }
}

/**
 * The card of a call answered with an error without being scheduled (loop stop, duplicate
 * id, a hook's batch stop, an interrupted turn resumed): named and summarized like any card.
 */
export function unscheduledErrorView(
  tools: ToolRegistry,
  call: { callId: string; name: string; args: Record<string, unknown>; index: number },
  message: string,
  errorType?: string,
): ToolCallView {
  const { callId, name, args, index } = call;
  const tool = tools.get(name);
  const view: ToolCallView = { callId, name, args, summary: summaryOf({ tool, args }), status: 'error', resultText: message, index };
  if (errorType) view.errorType = errorType;
  if (tool) view.kind = tool.declaration.kind;
  return view;
}

export function intakeCall(request: ToolCallRequestInfo, tools: ToolRegistry, outputTruncated: boolean): IntakeResult {
  const tool = tools.get(request.name);
  const base = { request, tool, args: structuredClone(request.args) };
  const view = (status: ToolCallView['status']): ToolCallView => {
    const snapshot: ToolCallView = {
      callId: request.callId,
      name: request.name,
      args: structuredClone(request.args),
      summary: summaryOf(base),
      status,
      index: request.index,
    };
    if (tool) snapshot.kind = tool.declaration.kind;
    return snapshot;
  };
  const early = (validation: ValidationVerdict, error: ToolError): IntakeResult => ({
    record: { ...base, view: view('error'), validation },
    earlyError: error,
  });

  if (!tool) {
    const message = tools.whyMissing?.(request.name) ?? notRegisteredMessage(request.name, tools.names());
    return early('not_registered', { type: 'TOOL_NOT_REGISTERED', message });
  }
  if (outputTruncated && tool.declaration.kind === 'edit') {
    return early('output_truncated', { type: 'OUTPUT_TRUNCATED', message: OUTPUT_TRUNCATED_MESSAGE });
  }
  let validation: ReturnType<typeof tool.validate>;
  try {
    validation = tool.validate(base.args);
  } catch (thrown) {
    validation = { ok: false, message: thrown instanceof Error ? thrown.message : String(thrown) };
  }
  if (!validation.ok) {
    const message = outputTruncated ? validation.message + TRUNCATION_PARAM_GUIDANCE : validation.message;
    return early('invalid_params', { type: validation.errorType ?? 'INVALID_TOOL_PARAMS', message });
  }
  const record: CallRecord = { ...base, args: validation.args, view: view('validating'), validation: 'passed' };
  record.view.summary = summaryOf(record);
  return { record };
}
