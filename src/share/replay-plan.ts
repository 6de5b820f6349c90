/**
 * What a replay plays, read from a recorded history: each prompt the person sent, the model's
 * responses that followed it (in order), and each tool call's recorded result (to tell the
 * person when a replayed call came out differently). Contents before the first prompt (a
 * compressed summary) are where the replay's history starts.
 */
import type { Content, Part } from '../shared/content';
import { promptImagesOf } from '../shared/prompt-images';
import { withRecordedMedia } from '../shared/recorded-media';
import type { PromptImage } from '../shared/prompt-images';

export interface ReplayStep {
  /** The person's message, as the agent is given it; null: the interaction under way goes on (Continue), as when replaying from a fork. */
  text: string | null;
  /** Images the person attached to it (shared/prompt-images.ts): they go with it again. */
  images?: PromptImage[];
  /** The model's responses to this message and to the tool results that followed, in order. */
  responses: Content[];
  /** Steering messages sent during it: each joined once `after` of its responses had been played (and their calls answered). */
  steering: { after: number; text: string; images?: PromptImage[] }[];
}

export interface ReplayPlan {
  initial: Content[];
  steps: ReplayStep[];
  /** Recorded tool results by call id, each with its images (shared/recorded-media.ts). */
  results: Map<string, Record<string, unknown>>;
  /** Responses in all steps: the round-trips a replay makes. */
  total: number;
}

/**
 * The recorded results of each tool, in the order the recording called it: what the replay's
 * stand-ins for tools that ran elsewhere (MCP) answer (tools/recorded-tool.ts). A `task` call
 * whose subagent the replay runs again (`subagents`, by the call's id) gives no result of its
 * own: its subagent's calls give theirs, where it ran.
 */
export function recordedResultsByTool(plan: ReplayPlan, subagents: ReadonlyMap<string, ReplayPlan> = new Map()): Map<string, Record<string, unknown>[]> {
  const byTool = new Map<string, Record<string, unknown>[]>();
  const add = (played: ReplayPlan) => {
    for (const step of played.steps) {
      for (const content of step.responses) {
        for (const part of content.parts) {
          const call = part.functionCall;
          const nested = call?.id ? subagents.get(call.id) : undefined;
          if (nested && nested !== played) {
            add(nested);
            continue;
          }
          const result = call?.id ? played.results.get(call.id) : undefined;
          if (!call || !result) continue;
          byTool.set(call.name, [...(byTool.get(call.name) ?? []), result]);
        }
      }
    }
  };
  add(plan);
  return byTool;
}

/** A text, or an image the person attached to the message. */
const isMessagePart = (part: Part) => (typeof part.text === 'string' && !part.thought) || (part.inlineData?.mimeType.startsWith('image/') === true && Object.keys(part).length === 1);

const isPrompt = (content: Content) =>
  content.role === 'user' && !content.steering && content.parts.some((part) => typeof part.text === 'string') && content.parts.every(isMessagePart);

const textOf = (content: Content) => content.parts.map((part) => part.text ?? '').join('');

/** The images of a message, when it has any. */
function withImages<T extends object>(item: T, content: Content): T & { images?: PromptImage[] } {
  const images = promptImagesOf(content);
  return images.length > 0 ? { ...item, images } : item;
}

/**
 * What follows `at` in the recording, for Replay from here in a fork that holds the recording's
 * first `at` entries: the responses that answer the fork's last entry (a step with no prompt),
 * then the recording's later prompts and their responses.
 */
export function replayPlanFrom(recorded: readonly Content[], at: number): ReplayPlan {
  const plan = replayPlan(recorded.slice(at));
  const resumed = plan.initial.filter((content) => content.role === 'model');
  // Steering messages among them join where they joined: after as many of those responses.
  const steering = plan.initial.flatMap((content, index) =>
    content.steering ? [withImages({ after: plan.initial.slice(0, index).filter((before) => before.role === 'model').length, text: textOf(content) }, content)] : [],
  );
  plan.initial = [];
  if (resumed.length > 0) {
    plan.steps.unshift({ text: null, responses: resumed, steering });
    plan.total += resumed.length;
  }
  return plan;
}

export function replayPlan(history: readonly Content[]): ReplayPlan {
  const plan: ReplayPlan = { initial: [], steps: [], results: new Map(), total: 0 };
  let current: ReplayStep | null = null;
  for (const content of history) {
    if (isPrompt(content)) {
      current = withImages<ReplayStep>({ text: textOf(content), responses: [], steering: [] }, content);
      plan.steps.push(current);
    } else if (!current) plan.initial.push(content);
    else if (content.steering) current.steering.push(withImages({ after: current.responses.length, text: textOf(content) }, content));
    else if (content.role === 'model') {
      current.responses.push(content);
      plan.total++;
    }
    for (const part of content.parts) {
      const response = part.functionResponse;
      // A result's images (a screenshot) go with it: a replay's stand-in gives them back.
      if (response?.id) plan.results.set(response.id, withRecordedMedia(response.response, response.parts));
    }
  }
  // A message the model never answered (stopped at once) has nothing to replay.
  plan.steps = plan.steps.filter((step) => step.responses.length > 0);
  return plan;
}
