/**
 * Scripted Gemini replies for the tests of tools that run offline (node, python3, the time limit),
 * and what the fake server saw of the tool results.
 */
import type { FakeGemini } from './fake-gemini/server.mjs';

const callReply = (name: string, args: Record<string, unknown>) => ({ chunks: [{ functionCalls: [{ name, args }], finishReason: 'STOP' }] });

export const writeReply = (file_path: string, content: string) => callReply('write_file', { file_path, content });
export const shellReply = (command: string) => callReply('run_shell_command', { command });
export const textReply = (text: string) => ({ chunks: [{ text, finishReason: 'STOP' }] });

/** The tool result each request after the first carried (its last turn's function response), as JSON. */
export function toolResults(gemini: FakeGemini): string[] {
  return gemini.requests().slice(1).map((request) => {
    const contents = (request.body as { contents: { parts: { functionResponse?: { response: unknown } }[] }[] }).contents;
    return JSON.stringify(contents.at(-1)?.parts.find((part) => part.functionResponse)?.functionResponse?.response ?? null);
  });
}

/** The tool result the last request carried. */
export const lastToolResult = (gemini: FakeGemini): string => toolResults(gemini).at(-1) ?? 'null';
