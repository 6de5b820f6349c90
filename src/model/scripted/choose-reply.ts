/**
 * The scripted model's whole "intelligence": a pure function from the request to the next
 * reply. It keeps no state, so a reloaded or shared session replays the same way:
 * - the current prompt is the last user Content that has text;
 * - the lesson is the one whose title or keywords that text contains;
 * - the step is the number of model Contents since that prompt;
 * - a failed or denied call in the last user Content ends the lesson with a short note.
 */
import type { Content, FunctionResponse } from '../../shared/content';
import type { ModelRequest } from '../types';
import type { Lesson, ScriptedReply } from './lesson-types';

function hasText(content: Content): boolean {
  return content.parts.some((part) => typeof part.text === 'string' && !part.thought && part.text.trim() !== '');
}

function promptText(content: Content): string {
  return content.parts
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('\n');
}

export function matchLesson(text: string, lessons: readonly Lesson[]): Lesson | undefined {
  const wanted = text.toLowerCase().replace(/\s+/g, ' ').trim();
  if (wanted === '') return undefined;
  const exact = lessons.find((lesson) => wanted.includes(lesson.title.toLowerCase()) || wanted === lesson.id);
  return exact ?? lessons.find((lesson) => lesson.keywords.some((keyword) => wanted.includes(keyword)));
}

function errorText(response: FunctionResponse): string | undefined {
  const error = response.response['error'];
  if (error === undefined || error === null || error === '') return undefined;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

function stopAfterFailure(response: FunctionResponse, error: string): ScriptedReply {
  const denied = /cancel|did not allow|denied|declined|not approved/i.test(error);
  if (denied) {
    return {
      text: `You declined \`${response.name}\`, so I'll stop here. Nothing else was run. Send the lesson's message again whenever you want to start over.`,
    };
  }
  return {
    text: `\`${response.name}\` failed: ${error}\n\nA real model would now adjust and try again; this scripted demo stops here instead. Send the lesson's message again to start over.`,
  };
}

export function helpReply(lessons: readonly Lesson[]): ScriptedReply {
  const list = lessons.map((lesson, index) => `${index + 1}. **${lesson.title}**: ${lesson.description} Send "${lesson.prompt}".`);
  return {
    text: [
      "I'm the **Scripted demo**, not a real model: I play recorded lessons so you can watch the agent loop work without an API key. The tools, approvals and sandbox are real; only my replies are scripted.",
      '',
      'Lessons:',
      ...list,
      '',
      'To talk to a real model, open **Settings**, set **Provider** to **Gemini** and paste your Gemini API key.',
    ].join('\n'),
  };
}

/** The reply for a JSON side request (for example a next-speaker check): the user speaks next. */
const jsonReply: ScriptedReply = {
  text: JSON.stringify({ reasoning: 'The scripted demo finished its reply.', next_speaker: 'user' }),
};

export function chooseReply(request: ModelRequest, lessons: readonly Lesson[]): ScriptedReply {
  if (request.config?.responseMimeType === 'application/json') return jsonReply;
  const { contents } = request;
  const last = contents.at(-1);
  const promptIndex = contents.findLastIndex((content) => content.role === 'user' && hasText(content));
  if (last && last.role === 'user' && !hasText(last)) {
    for (const part of last.parts) {
      const response = part.functionResponse;
      const error = response ? errorText(response) : undefined;
      if (response && error !== undefined) return stopAfterFailure(response, error);
    }
  }
  const prompt = contents[promptIndex];
  const lesson = prompt ? matchLesson(promptText(prompt), lessons) : undefined;
  if (!lesson) return helpReply(lessons);
  const step = contents.slice(promptIndex + 1).filter((content) => content.role === 'model').length;
  const next = lesson.steps[step];
  if (!next) {
    return { text: `That was the end of **${lesson.title}**. Send another lesson's message to keep going.` };
  }
  if (typeof next !== 'function') return next;
  const responses = (last?.parts ?? []).flatMap((part) => (part.functionResponse ? [part.functionResponse] : []));
  return next({ responses });
}
