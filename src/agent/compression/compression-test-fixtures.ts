/** Test fixtures shared by the compression tests: histories and a scripted summarizer. */
import { textContent } from '../../shared/content';
import type { Content } from '../../shared/content';

export const user = (text: string): Content => textContent('user', text);
export const model = (text: string): Content => textContent('model', text);
export const call = (id: string, name = 'read_file'): Content => ({
  role: 'model',
  parts: [{ functionCall: { id, name, args: { file_path: id } } }],
});
export const response = (id: string, output: string, name = 'read_file'): Content => ({
  role: 'user',
  parts: [{ functionResponse: { id, name, response: { output } } }],
});

/** Three finished user turns with tool use, each about `size` characters, then a fresh prompt. */
export function conversation(size = 2000): Content[] {
  const turns: Content[] = [];
  for (let turn = 1; turn <= 3; turn += 1) {
    turns.push(user(`question ${turn}`), call(`c${turn}`), response(`c${turn}`, `${turn}`.repeat(size)), model(`answer ${turn}`));
  }
  turns.push(user('question 4'));
  return turns;
}

export interface ScriptedSummarizer {
  summarize(contents: readonly Content[], signal: AbortSignal): Promise<string>;
  calls: (readonly Content[])[];
}

/** Answers each call with the next scripted value; an Error is thrown; the last value repeats. */
export function scriptedSummarizer(...script: (string | Error)[]): ScriptedSummarizer {
  const calls: (readonly Content[])[] = [];
  return {
    calls,
    summarize(contents) {
      calls.push(contents);
      const next = script[Math.min(calls.length, script.length) - 1] ?? 'SUM';
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
  };
}

export const signal = new AbortController().signal;
