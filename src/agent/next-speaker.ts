/**
 * Spec J5 (off by default): after a text-only reply, decide whether the model should keep
 * going. Structural answers first; otherwise a small JSON model call, which, like every
 * model call here, is a visible, recorded round trip. Any failure means "the user speaks".
 */
import type { Content } from '../shared/content';
import { textContent, visibleText } from '../shared/content';
import { sendMessageStream } from './chat/chat';
import { buildRequestContents } from './history/request-contents';
import { chatDependencies } from './session';
import type { Session } from './session';

export const CONTINUE_PROMPT = 'Please continue.';

export const NEXT_SPEAKER_PROMPT = `Analyze only your immediately preceding response. Decide who should speak next:
- "model" if your response says you will do something next, or stops mid-task without an answer or a question;
- "user" if your response asks the user a question, or completes the task.
Answer with JSON only: {"reasoning": "<one sentence>", "next_speaker": "user" | "model"}`;

function lastModel(history: readonly Content[]): Content | undefined {
  return history.findLast((content) => content.role === 'model');
}

export async function checkNextSpeaker(session: Session): Promise<'user' | 'model' | null> {
  const history = session.history;
  const last = history.at(-1);
  if (last?.role === 'user' && last.parts.some((part) => part.functionResponse)) return 'model';
  const model = lastModel(history);
  if (model && model.parts.length === 0) return 'model';
  const request = {
    model: session.interaction.model,
    contents: buildRequestContents([...history, textContent('user', NEXT_SPEAKER_PROMPT)]),
    config: { responseMimeType: 'application/json' },
  };
  try {
    for await (const event of sendMessageStream(chatDependencies(session), request, session.interaction.signal, { isFunctionResponse: false })) {
      if (event.type === 'failed') return null;
      if (event.type !== 'done') continue;
      const text = visibleText({ role: 'model', parts: event.reply.parts });
      const parsed: unknown = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
      const speaker = parsed && typeof parsed === 'object' ? (parsed as { next_speaker?: unknown }).next_speaker : undefined;
      return speaker === 'user' || speaker === 'model' ? speaker : null;
    }
  } catch {
    return null;
  }
  return null;
}
