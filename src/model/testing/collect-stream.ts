/** Test helpers shared by the adapters' tests. */
import type { Part } from '../../shared/content';
import type { ModelFailure, ModelStreamPart } from '../types';

export async function collectStream(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** All content parts of the chunks, in order. */
export function partsOf(stream: ModelStreamPart[]): Part[] {
  return stream.flatMap((part) => (part.type === 'chunk' ? part.parts : []));
}

/** The final error, or undefined when the stream ended cleanly. */
export function failureOf(stream: ModelStreamPart[]): ModelFailure | undefined {
  const last = stream.at(-1);
  return last?.type === 'error' ? last.error : undefined;
}
