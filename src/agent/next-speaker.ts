/**
 * The next-speaker check (J5, off by default): after a text-only reply, decide whether the model should keep
 * going. Structural answers first; otherwise a small JSON model call, which, like every
 * model call here, is a recorded round trip, and is shown in the transcript with its
 * retries and its verdict. Any failure means "the user speaks".
 */
import type { Content } from '../shared/content';
import { textContent, visibleText } from '../shared/content';
import { messageOf } from '../shared/errors';
import { sendMessageStream } from './chat/chat';
import type { ChatFailure } from './chat/chat';
import { failureError } from './chat/retry-policy';
import { buildRequestContents } from './history/request-contents';
import { chatDependencies } from './session';
import type { Run } from './session';
import type { NextSpeakerCheck } from './types';

export const CONTINUE_PROMPT = 'Please continue.';

export const NEXT_SPEAKER_PROMPT = `Analyze only your immediately preceding response. Decide who should speak next:
- "model" if your response says you will do something next, or stops mid-task without an answer or a question;
- "user" if your response asks the user a question, or completes the task.
Answer with JSON only: {"reasoning": "<one sentence>", "next_speaker": "user" | "model"}`;

type Verdict = Extract<NextSpeakerCheck, { phase: 'decided' }>;

const MAX_REASONING_CHARS = 300;

function lastModel(history: readonly Content[]): Content | undefined {
  return history.findLast((content) => content.role === 'model');
}

function verdict(nextSpeaker: Verdict['nextSpeaker'], source: Verdict['source'], reasoning: string): Verdict {
  return { phase: 'decided', nextSpeaker, source, reasoning };
}

/** Reads the model's JSON answer; a failed verdict says what was wrong with it. */
function parseAnswer(text: string): Verdict {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
  } catch {
    return verdict('user', 'failed', 'The answer was not the JSON that was asked for.');
  }
  const answer = parsed && typeof parsed === 'object' ? (parsed as { next_speaker?: unknown; reasoning?: unknown }) : {};
  if (answer.next_speaker !== 'user' && answer.next_speaker !== 'model') {
    return verdict('user', 'failed', 'The answer named no next speaker.');
  }
  const reasoning = typeof answer.reasoning === 'string' ? answer.reasoning.trim().slice(0, MAX_REASONING_CHARS) : '';
  return verdict(answer.next_speaker, 'model', reasoning);
}

async function decide(run: Run): Promise<Verdict> {
  const { interaction } = run;
  const { history } = run.state;
  const { emit } = run.services.deps;
  const last = history.at(-1);
  if (last?.role === 'user' && last.parts.some((part) => part.functionResponse)) {
    return verdict('model', 'rule', 'The last turn answered tool calls.');
  }
  const model = lastModel(history);
  if (model && model.parts.length === 0) return verdict('model', 'rule', "The model's last reply was empty.");
  emit({ type: 'next_speaker_check', value: { phase: 'asking' } });
  const request = {
    model: interaction.model,
    contents: buildRequestContents([...history, textContent('user', NEXT_SPEAKER_PROMPT)]),
    config: { responseMimeType: 'application/json' },
  };
  for await (const event of sendMessageStream(chatDependencies(run), request, interaction.signal, { isFunctionResponse: false, purpose: 'next_speaker' })) {
    if (event.type === 'retry') emit({ type: 'retry', value: event.info });
    if (event.type === 'failed') return verdict('user', 'failed', failureReason(event.failure));
    if (event.type === 'done') return parseAnswer(visibleText({ role: 'model', parts: event.reply.parts }));
  }
  return verdict('user', 'failed', 'The model gave no answer.');
}

function failureReason(failure: ChatFailure): string {
  switch (failure.type) {
    case 'cancelled':
      return 'The check was cancelled.';
    case 'invalid_stream':
      return failure.invalid.message;
    case 'model':
      return failureError(failure.failure).message;
  }
}

/**
 * Who speaks next after a reply without tool calls. The decision, and the model call
 * when one is needed, are announced (`next_speaker_check`), so the transcript shows them.
 */
export async function checkNextSpeaker(run: Run): Promise<'user' | 'model'> {
  let decided: Verdict;
  try {
    decided = await decide(run);
  } catch (thrown) {
    decided = verdict('user', 'failed', `The check broke: ${messageOf(thrown)}`);
  }
  run.services.deps.emit({ type: 'next_speaker_check', value: decided });
  return decided.nextSpeaker;
}
