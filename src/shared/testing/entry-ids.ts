/**
 * History entries get a random id when they join a history (Content.entryId). A test that
 * compares a history, a request or a document with one it wrote by hand (toEqual), whose entries
 * have no ids, compares them without the ids, which differ from run to run. Two entries that both
 * have an id are compared as they are, ids included, so a changed or lost id still fails. An
 * entry is an object with a role and a parts array.
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
    // Both with an id, or both without: compared as they are.
    if ((a.entryId === undefined) === (b.entryId === undefined)) return undefined;
    return this.equals(withoutId(a), withoutId(b), testers);
  },
]);
