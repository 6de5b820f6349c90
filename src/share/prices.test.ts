import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink, parseSessionFile, serializeSessionFile } from './codec';
import { checkDocument } from './check-document';
import { buildDocument, openDocument } from './session-document';
import type { SessionParts } from './session-document';
import { pricesUsed } from '../shared/model-prices';

const parts: SessionParts = {
  title: 'Priced',
  createdAt: 1,
  history: [
    { role: 'user', parts: [{ text: 'hi' }] },
    { role: 'model', parts: [{ text: 'Hello.' }] },
  ],
  roundTrips: [],
  files: [],
};

describe('the prices in a link or a session file', () => {
  it('travel with the session and come back as they were sent', () => {
    const prices = pricesUsed(['gemini-2.5-pro', 'qwen2.5-coder:7b'], { 'qwen2.5-coder:7b': { input: 0, output: 0.1 } });
    const document = buildDocument({ ...parts, prices });
    const fromLink = decodeLink(encodeLink(document));
    expect(fromLink.ok && openDocument(fromLink.value).prices).toEqual({ 'gemini-2.5-pro': { input: 1.25, output: 10, cachedInput: 0.125 }, 'qwen2.5-coder:7b': { input: 0, output: 0.1 } });
    const fromFile = parseSessionFile(serializeSessionFile(document));
    expect(fromFile.ok && openDocument(fromFile.value).prices).toEqual(prices);
  });

  it('are left out when there are none, and a document without them still opens', () => {
    const document = buildDocument({ ...parts, prices: {} });
    expect('prices' in document).toBe(false);
    expect(openDocument(document).prices).toBeUndefined();
  });

  it('are refused when negative, absurd, not numbers, under a name no model has, too many, or with anything but prices', () => {
    const document = buildDocument(parts);
    const refused = [
      { m: { input: -1, output: 1 } },
      { m: { input: 1, output: 1e9 } },
      { m: { input: '1', output: 1 } },
      { m: { input: 1 } },
      { 'a model': { input: 1, output: 1 } },
      { ['x'.repeat(201)]: { input: 1, output: 1 } },
      { m: { input: 1, output: 1, apiKey: 'secret' } },
      Object.fromEntries(Array.from({ length: 65 }, (_, index) => [`m${index}`, { input: 1, output: 1 }])),
    ];
    for (const prices of refused) {
      const json = JSON.stringify(document).replace(/}$/, `,"prices":${JSON.stringify(prices)}}`);
      const checked = checkDocument(JSON.parse(json));
      expect(checked.ok, json.slice(-80)).toBe(false);
    }
    expect(checkDocument({ ...document, prices: { 'gemini-2.5-flash': { input: 0.3, output: 2.5 } } }).ok).toBe(true);
    // A `__proto__` key is dropped (the schema never copies it), not taken as the prices' prototype.
    const hostile = checkDocument(JSON.parse(JSON.stringify(document).replace(/}$/, ',"prices":{"__proto__":{"input":1,"output":1},"m":{"input":1,"output":2}}}')));
    expect(hostile.ok && openDocument(hostile.value).prices).toEqual({ m: { input: 1, output: 2 } });
    expect(hostile.ok && Object.getPrototypeOf(hostile.value.prices)).toBe(Object.prototype);
  });
});
