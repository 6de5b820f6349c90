/**
 * Spec F9 [SEED-ONLY]: rebuilding a batch's tool-result parts from storage. Read-only
 * tools may have been persisted early and a resume may have written newer parts, so
 * several stored parts can share a call id.
 */
import type { Part } from '../../shared/content';

export interface StoredToolPart {
  callId: string;
  /** Position of the call in its model turn (spec D5). */
  declarationIndex: number;
  part: Part;
}

/** The last stored part per call id wins; the winners are ordered by declaration index. */
export function restoreToolParts(parts: readonly StoredToolPart[]): Part[] {
  const latest = new Map<string, StoredToolPart>();
  for (const stored of parts) {
    latest.delete(stored.callId);
    latest.set(stored.callId, stored);
  }
  // Array.prototype.sort is stable: equal indexes keep their storage order.
  return [...latest.values()]
    .sort((a, b) => a.declarationIndex - b.declarationIndex)
    .map((stored) => stored.part);
}
