/**
 * Elements the person picked in the Preview, on their way to the prompt: the Preview publishes
 * each pick, and whoever owns the prompt's attachments (the agent panel) takes it.
 */
import type { PickedElement } from './preview-driver';
import type { SourceLocation } from './source-location';

export interface ElementPick extends PickedElement {
  source: SourceLocation | null;
}

const takers = new Set<(pick: ElementPick) => void>();

export function onElementPicked(take: (pick: ElementPick) => void): () => void {
  takers.add(take);
  return () => takers.delete(take);
}

export function publishPick(pick: ElementPick): void {
  for (const take of takers) take(pick);
}
