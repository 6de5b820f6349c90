/**
 * A recorded model reply read back from the raw chunks a round-trip kept: Gemini's (and the
 * scripted demo's) candidate parts, or an OpenAI-compatible server's deltas put together (text,
 * and tool calls whose arguments arrive in pieces). Thoughts are left out. For the views that
 * have no stored reply to read: the Loop inspector's Edit reply, a trace's last output.
 */
import type { Content, Part } from './content';

interface RawChunk {
  candidates?: { content?: { parts?: Part[] } }[];
  choices?: { delta?: { content?: unknown; tool_calls?: { index?: number; function?: { name?: string; arguments?: string } }[] } }[];
}

function argumentsOf(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {}; // Shown as empty arguments: the person can edit them.
  }
}

export function replyFromChunks(response: readonly unknown[]): Content | undefined {
  const parts: Part[] = [];
  let text = '';
  const calls = new Map<number, { name: string; arguments: string }>();
  for (const chunk of response as (RawChunk | null)[]) {
    if (!chunk || typeof chunk !== 'object') continue;
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      if (part && typeof part === 'object' && !part.thought) parts.push(part);
    }
    const delta = chunk.choices?.[0]?.delta;
    if (typeof delta?.content === 'string') text += delta.content;
    for (const [position, call] of (delta?.tool_calls ?? []).entries()) {
      const piece = calls.get(call.index ?? position) ?? { name: '', arguments: '' };
      piece.name ||= call.function?.name ?? '';
      piece.arguments += call.function?.arguments ?? '';
      calls.set(call.index ?? position, piece);
    }
  }
  if (text) parts.push({ text });
  for (const call of calls.values()) if (call.name) parts.push({ functionCall: { name: call.name, args: argumentsOf(call.arguments) } });
  return parts.length > 0 ? { role: 'model', parts } : undefined;
}
