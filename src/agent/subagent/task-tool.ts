/**
 * The `task` tool: a subagent. It runs a nested agent loop with its own history (kept in memory,
 * never the session's entries), the same model, workspace and approvals, bounded in model
 * requests and time, and answers with the subagent's final text.
 *
 * What the person sees of it travels two ways: its view (subagent-view.ts) goes to the call's
 * card through `onSubagent`, and each nested model request is recorded with the session's
 * round-trips, marked with the `task` call it belongs to (RoundTrip.subagent), so the Loop
 * inspector, the Timeline, traces and share links carry it.
 *
 * Approvals ask like any other and name the subagent (ApprovalRequest.subagent). Stop aborts the
 * nested loop, which answers each of its calls (K2); the `task` call itself ends cancelled.
 * Its tools never include `task`: a subagent starts no subagent.
 */
import type { LanguageModel } from '../../model/types';
import type { Part } from '../../shared/content';
import type { SubagentOutcome, SubagentView } from '../../shared/subagent-view';
import type { Tool, ToolRegistry, ToolResult } from '../../tools/types';
import type { Agent, AgentDependencies, ApprovalMode, Hooks, InteractionOutcome, SubagentLimits } from '../types';
import { createSubagentViewBuilder } from './subagent-view';

export const TASK_TOOL_NAME = 'task';

/** How long Stop waits for a subagent to unwind before its `task` call ends cancelled anyway. */
export const SUBAGENT_ABORT_GRACE_MS = 2_000;

export const DEFAULT_SUBAGENT_LIMITS: SubagentLimits = { maxTurns: 20, timeLimitMs: 5 * 60_000 };

export type TaskArgs = {
  description: string;
  prompt: string;
  /** Tool names; absent: the read-only ones. */
  tools?: string[];
};

export interface TaskToolContext {
  /** The parent's dependencies: its model, tools (without `task`), store, clock, approvals and hooks. */
  parent: AgentDependencies;
  limits: SubagentLimits;
  /** The model the parent's interaction uses now (A16). */
  model(): string;
  /** The parent's approval mode now; the subagent follows its changes (`changed`). */
  approvalMode(): ApprovalMode;
  /** Builds the nested agent (agent.ts's createAgent, given here so this module does not import it). */
  createAgent(deps: AgentDependencies): Agent;
  /** The model this call's subagent talks to, when not the parent's (a replay plays the recorded one). */
  modelFor?(callId: string): LanguageModel | undefined;
}

export interface TaskTool {
  tool: Tool<TaskArgs>;
  /** The parent's approval mode changed: the subagents running now take it. */
  approvalModeChanged(mode: ApprovalMode): void;
}

const READ_ONLY_KINDS = new Set(['read', 'search']);
/** Plan mode's subagent may also fetch: that changes nothing either. */
const PLAN_KINDS = new Set(['read', 'search', 'fetch']);

function describeTool(limits: SubagentLimits): string {
  const minutes = Math.round(limits.timeLimitMs / 6000) / 10;
  return (
    'Starts a subagent: a nested agent with its own history that works in the same workspace on one self-contained task ' +
    '(an investigation across many files, a focused change), and returns its final text as this call\'s result. ' +
    'It sees only `prompt`, so say there everything it needs. By default it has the read-only tools ' +
    '(read_file, list_directory, glob, grep_search); name others in `tools` to give it them (their calls ask for approval as yours do). ' +
    `It makes at most ${limits.maxTurns} model requests and runs at most ${minutes} minutes; at a bound it returns what it has, with a note.`
  );
}

function subagentInstruction(description: string, limits: SubagentLimits): string {
  return (
    `You are a subagent that the main agent started for one task: "${description}". Do only this task, with the tools you have. ` +
    'Your last reply (text without tool calls) is returned to the main agent as the result of the task: make it complete and brief. ' +
    `You may make at most ${limits.maxTurns} model requests.`
  );
}

export function validateTaskArgs(args: unknown, available: readonly string[]): { ok: true; args: TaskArgs } | { ok: false; message: string } {
  if (!args || typeof args !== 'object') return { ok: false, message: 'task needs an object with `description` and `prompt`.' };
  const { description, prompt, tools } = args as Record<string, unknown>;
  if (typeof description !== 'string' || description.trim() === '') return { ok: false, message: 'task needs a non-empty `description`.' };
  if (typeof prompt !== 'string' || prompt.trim() === '') return { ok: false, message: 'task needs a non-empty `prompt`.' };
  if (tools === undefined) return { ok: true, args: { description: description.trim(), prompt } };
  if (!Array.isArray(tools) || !tools.every((name): name is string => typeof name === 'string')) {
    return { ok: false, message: '`tools` must be a list of tool names.' };
  }
  const unknown = tools.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    return { ok: false, message: `A subagent cannot have ${unknown.map((name) => `"${name}"`).join(', ')}. It may have: ${available.join(', ')}.` };
  }
  return { ok: true, args: { description: description.trim(), prompt, tools: [...new Set(tools)] } };
}

/** The parent's tools the subagent gets: those named (default: the read-only ones), never `task`, and in Plan mode only those that change nothing. */
function subagentTools(parent: ToolRegistry, names: string[] | undefined, mode: ApprovalMode): ToolRegistry {
  const allowed = (names ?? parent.names().filter((name) => READ_ONLY_KINDS.has(parent.get(name)?.declaration.kind ?? ''))).filter((name) => {
    const kind = parent.get(name)?.declaration.kind ?? '';
    return name !== TASK_TOOL_NAME && (mode !== 'plan' || PLAN_KINDS.has(kind));
  });
  return {
    get: (name) => (allowed.includes(name) ? parent.get(name) : undefined),
    names: () => allowed,
    declarations: () => parent.declarations().filter((declaration) => allowed.includes(declaration.name)),
  };
}

/** The text of the nested history's last reply, if it is one. */
function finalText(agent: Agent): string {
  const last = agent.history().at(-1);
  if (last?.role !== 'model') return '';
  return last.parts
    .filter((part: Part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('')
    .trim();
}

/** The subagent's last text on the card: what it had when a bound stopped it mid-way. */
function lastText(view: SubagentView): string {
  const texts = view.items.flatMap((item) => (item.type === 'text' ? [item.text] : []));
  return texts.at(-1)?.trim() ?? '';
}

export function createTaskTool(context: TaskToolContext): TaskTool {
  const { parent, limits } = context;
  const running = new Set<Agent>();
  const available = () => parent.tools.names().filter((name) => name !== TASK_TOOL_NAME);
  const tool: Tool<TaskArgs> = {
    declaration: {
      name: TASK_TOOL_NAME,
      kind: 'think',
      description: describeTool(limits),
      parametersJsonSchema: {
        type: 'object',
        properties: {
          description: { type: 'string', description: 'A short description of the task (3–8 words), shown to the person.' },
          prompt: { type: 'string', description: 'The whole task for the subagent: what to do, what to return.' },
          tools: { type: 'array', items: { type: 'string' }, description: 'Tool names the subagent may use; default: the read-only tools.' },
        },
        required: ['description', 'prompt'],
      },
    },
    // Stop waits for the nested loop to unwind (bounded), so its last round-trip and hook runs come before the run's end.
    abortGraceMs: SUBAGENT_ABORT_GRACE_MS,
    validate: (args) => validateTaskArgs(args, available()),
    summarize: (args) => args.description,
    preview: async (args) => ({ type: 'text', text: args.prompt }),
    affectedPaths: () => [],
    async execute(args, toolContext): Promise<ToolResult> {
      const callId = toolContext.callId ?? '';
      const builder = createSubagentViewBuilder(args.description);
      const report = () => toolContext.onSubagent?.(builder.view());
      const stop = new AbortController();
      const onAbort = () => stop.abort();
      toolContext.signal.addEventListener('abort', onAbort, { once: true });
      let bound: SubagentOutcome | null = null;
      const errors: string[] = [];
      const mode = context.approvalMode();
      const agent = context.createAgent({
        model: context.modelFor?.(callId) ?? parent.model,
        tools: subagentTools(parent.tools, args.tools, mode),
        spill: parent.spill,
        store: {
          // Its own history: in memory only, never the session's entries.
          commit: async () => ({ ok: true, value: undefined }),
          recordRoundTrip: (roundTrip) => parent.store.recordRoundTrip({ ...roundTrip, subagent: { callId, description: args.description } }),
        },
        clock: parent.clock,
        newId: parent.newId,
        emit(event) {
          parent.observeSubagent?.(event, { callId, description: args.description });
          if (event.type === 'max_session_turns') bound = 'turn_limit';
          if (event.type === 'error') errors.push(event.value.error.message);
          if (event.type === 'loop_detected') errors.push(`Loop detected (${event.value.loopType}).`);
          // A hook the person defined ran after one of its edits: the session's Loop inspector notes it with the task call's round-trip.
          if (event.type === 'hook_run') parent.emit(event);
          if (builder.observe(event)) report();
        },
        requestApproval: (request, signal) => parent.requestApproval({ ...request, subagent: args.description }, signal),
        // What the person allowed for the session holds inside it, and what they allow inside it holds for the session.
        ...(parent.allowedTools ? { allowedTools: parent.allowedTools } : {}),
        hooks: nestedHooks(parent.hooks),
        ...(parent.workspaceContext ? { workspaceContext: parent.workspaceContext } : {}),
        config: { ...parent.config, maxSessionTurns: limits.maxTurns },
        settings: { model: context.model(), approvalMode: mode, systemPromptExtra: subagentInstruction(args.description, limits) },
      });
      running.add(agent);
      const timer = parent.clock.sleep(limits.timeLimitMs, stop.signal).then(
        () => {
          bound ??= 'time_limit';
          stop.abort();
        },
        () => undefined,
      );
      let outcome: InteractionOutcome;
      try {
        outcome = await agent.run({ type: 'user_query', text: args.prompt }, stop.signal);
      } finally {
        running.delete(agent);
        toolContext.signal.removeEventListener('abort', onAbort);
        if (!stop.signal.aborted) stop.abort();
        await timer;
      }
      const ended: SubagentOutcome = toolContext.signal.aborted ? 'cancelled' : (bound ?? (outcome === 'completed' ? 'completed' : 'error'));
      builder.end(ended);
      report();
      return resultOf(ended, finalText(agent) || lastText(builder.view()), errors, limits);
    },
  };
  return {
    tool,
    approvalModeChanged(mode) {
      for (const agent of running) agent.setApprovalMode(mode);
    },
  };
}

/** The hooks a subagent's calls and requests go through as the parent's do (step-through, checkpoints); the turn-level ones are the parent's own. */
function nestedHooks(hooks: Hooks | undefined): Hooks {
  if (!hooks) return {};
  const { beforeModel, beforeTool, afterTool } = hooks;
  return {
    ...(beforeModel ? { beforeModel: beforeModel.bind(hooks) } : {}),
    ...(beforeTool ? { beforeTool: beforeTool.bind(hooks) } : {}),
    ...(afterTool ? { afterTool: afterTool.bind(hooks) } : {}),
  };
}

function resultOf(outcome: SubagentOutcome, text: string, errors: string[], limits: SubagentLimits): ToolResult {
  const soFar = text || '(The subagent gave no final text.)';
  switch (outcome) {
    case 'completed':
      return { llmContent: soFar };
    case 'turn_limit':
      return { llmContent: `${soFar}\n\n[The subagent stopped at its limit of ${limits.maxTurns} model requests; this is what it had.]` };
    case 'time_limit':
      return { llmContent: `${soFar}\n\n[The subagent stopped at its time limit of ${Math.round(limits.timeLimitMs / 1000)} s; this is what it had.]` };
    case 'cancelled':
      return { llmContent: '', error: { type: 'CANCELLED', message: 'The subagent was stopped.' } };
    case 'error':
      return { llmContent: '', error: { type: 'SUBAGENT_FAILED', message: `The subagent failed: ${errors.join(' ') || 'it ended without an answer.'}${text ? `\nIts last text: ${text}` : ''}` } };
  }
}
