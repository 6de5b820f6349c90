/**
 * Lessons of the scripted demo model: data, not code paths. Each step is one model reply;
 * a step may be a function of what the previous tools returned, so a lesson reacts to what
 * actually happened in the sandbox (and can stop early when it did not go as planned).
 */
import type { FunctionResponse } from '../../shared/content';

export interface ScriptedCall {
  name: string;
  args: Record<string, unknown>;
}

/** One model reply: an optional thought summary, visible text, then tool calls. */
export interface ScriptedReply {
  thought?: string;
  text?: string;
  /** No calls: the reply ends the agent's turn. */
  calls?: ScriptedCall[];
}

export interface StepContext {
  /** The function responses of the last user Content (results of the previous step's calls). */
  responses: FunctionResponse[];
}

export type LessonStep = ScriptedReply | ((context: StepContext) => ScriptedReply);

/** What the UI needs to offer a lesson as a button. */
export interface LessonInfo {
  id: string;
  title: string;
  /** The message that starts the lesson. */
  prompt: string;
  description: string;
}

export interface Lesson extends LessonInfo {
  /** Lower-case words or phrases; a first message containing one starts this lesson. */
  keywords: string[];
  steps: LessonStep[];
}

/** The `output` text of a function response, or its JSON when it has none. */
export function outputOf(response: FunctionResponse | undefined): string {
  if (!response) return '';
  const output = response.response['output'];
  return typeof output === 'string' ? output : JSON.stringify(response.response);
}

/** A code block quoting tool output, shortened so a long listing stays readable. */
export function quote(text: string, maxLength = 800): string {
  const trimmed = text.trimEnd();
  const shown = trimmed.length > maxLength ? `${trimmed.slice(0, maxLength)}\n…` : trimmed;
  return '```\n' + shown.replaceAll('```', "'''") + '\n```';
}
