/**
 * History entries get a random id when they join a history (Content.entryId). Tests that compare
 * histories, requests or documents structurally (toEqual) compare two entries without their
 * ids, which differ from run to run; tests about the ids assert them explicitly (by reading
 * `entryId`, which this leaves alone). An entry is an object with a role and a parts array.
 */
import { expect } from 'vitest';

type Entry = { role: unknown; parts: unknown[]; entryId?: unknown };

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && 'role' in value && 'parts' in value && Array.isArray((value as { parts: unknown }).parts);

function withoutId(entry: Entry): Omit<Entry, 'entryId'> {
  const { entryId: _dropped, ...rest } = entry;
  return rest;
}

expect.addEqualityTesters([
  function entriesWithoutIds(this: { equals(a: unknown, b: unknown, testers?: unknown[]): boolean }, a: unknown, b: unknown, testers: unknown[]) {
    if (!isEntry(a) || !isEntry(b)) return undefined;
    if (a.entryId === undefined && b.entryId === undefined) return undefined;
    return this.equals(withoutId(a), withoutId(b), testers);
  },
]);
