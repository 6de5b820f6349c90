import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Content, Part } from '../../shared/content';
import { expectInvariants, pairingViolations } from '../testing/invariants';
import { deepFreeze } from './fixtures';
import { repairOrphanedToolUseTurns } from './orphan-repair';
import { buildRequestContents } from './request-contents';

/** A small id pool so calls, responses and duplicates collide often. */
const id = fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: undefined, freq: 6 });
const name = fc.constantFrom('read_file', 'shell');
const text = fc.constantFrom('', 'hi', '<system-reminder>r</system-reminder>', '<task-notification>n</task-notification>');

const textPart: fc.Arbitrary<Part> = fc.record(
  { text, thought: fc.boolean(), thoughtSignature: fc.constantFrom('SIG', 'OTHER') },
  { requiredKeys: ['text'] },
);
const mediaPart: fc.Arbitrary<Part> = fc.constant({ inlineData: { mimeType: 'image/png', data: 'AA==' } });
const callPart: fc.Arbitrary<Part> = fc
  .record({ id, name, signature: fc.option(fc.constant('SIG'), { nil: undefined }) })
  .map(({ id: callId, name: callName, signature }) => ({
    functionCall: callId === undefined ? { name: callName, args: {} } : { id: callId, name: callName, args: {} },
    ...(signature === undefined ? {} : { thoughtSignature: signature }),
  }));
const responsePart: fc.Arbitrary<Part> = fc
  .record({ id, name, output: fc.constantFrom('ok', 'other') })
  .map(({ id: responseId, name: responseName, output }) => ({
    functionResponse:
      responseId === undefined
        ? { name: responseName, response: { output } }
        : { id: responseId, name: responseName, response: { output } },
  }));

/** Role-consistent contents: calls only in model turns, responses only in user turns. */
const content: fc.Arbitrary<Content> = fc.oneof(
  fc.array(fc.oneof(textPart, mediaPart, responsePart), { maxLength: 4 }).map((parts) => ({ role: 'user' as const, parts })),
  fc.array(fc.oneof(textPart, callPart, callPart), { maxLength: 4 }).map((parts) => ({ role: 'model' as const, parts })),
);
const history = fc.array(content, { maxLength: 12 });

describe('history properties', () => {
  it('repair is idempotent, and a second repair returns the very same array', () => {
    fc.assert(
      fc.property(history, (contents) => {
        const once = repairOrphanedToolUseTurns(deepFreeze(contents));
        const twice = repairOrphanedToolUseTurns(once);
        expect(twice).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('repair closes every id-bearing call of the stored history', () => {
    fc.assert(
      fc.property(history, (contents) => {
        const repaired = repairOrphanedToolUseTurns(deepFreeze(contents));
        const missing = pairingViolations(repaired).filter((violation) => violation.includes('found 0'));
        expect(missing).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('any history satisfies INVARIANT(P) (a) and (b) after buildRequestContents, and is left untouched', () => {
    fc.assert(
      fc.property(history, (contents) => {
        const snapshot = structuredClone(contents);
        const request = buildRequestContents(deepFreeze(contents));
        expectInvariants(request);
        expect(contents).toEqual(snapshot);
      }),
      { numRuns: 1000 },
    );
  });

  it('buildRequestContents never loses or invents an answered call', () => {
    fc.assert(
      fc.property(history, (contents) => {
        const request = buildRequestContents(deepFreeze(contents));
        for (const turn of request) {
          for (const part of turn.parts) {
            const response = part.functionResponse;
            if (!response?.id) continue;
            const original = contents.some((stored) => stored.parts.includes(part));
            const synthesized = 'error' in response.response;
            expect(original || synthesized).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('in the request, the first call of every model turn of the active loop is signed', () => {
    fc.assert(
      fc.property(history, (contents) => {
        const request = buildRequestContents(deepFreeze(contents));
        const start = request.findLastIndex(
          (turn) => turn.role === 'user' && turn.parts.some((part) => part.text && !part.thought) && !turn.parts.some((part) => part.functionResponse),
        );
        for (const turn of request.slice(Math.max(0, start))) {
          const firstCall = turn.parts.find((part) => part.functionCall);
          if (turn.role === 'model' && firstCall) expect(firstCall.thoughtSignature).toBeTruthy();
        }
      }),
      { numRuns: 500 },
    );
  });
});
