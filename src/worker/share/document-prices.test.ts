import { describe, expect, it } from 'vitest';
import { putSettings } from '../../store/settings';
import { openFakeDatabase, unwrap } from '../../store/testing/fake-database';
import { documentPrices } from './document-prices';

const calls = (...models: string[]) => models.map((model) => ({ request: { model } }));

describe("a session document's prices", () => {
  it("are those of the models its round-trips used: the session's recorded ones, then the person's, then the defaults", async () => {
    const { db } = openFakeDatabase();
    unwrap(await putSettings(db, { provider: 'gemini', apiKey: 'secret-key', rememberKey: true, modelPrices: { 'gemini-2.5-flash': { input: 1, output: 10 }, 'gemini-2.5-pro': { input: 2, output: 20 } } }));
    const prices = await documentPrices(db, { prices: { 'gemini-2.5-pro': { input: 3, output: 30 } } }, calls('gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.0-flash', 'gemini-2.5-flash'));
    expect(prices).toEqual({
      'gemini-2.5-flash': { input: 1, output: 10 },
      'gemini-2.5-pro': { input: 3, output: 30 },
      'gemini-2.0-flash': { input: 0.1, output: 0.4, cachedInput: 0.025 },
    });
    expect(JSON.stringify(prices)).not.toContain('secret-key');
  });

  it('leave out a model nobody priced, and the scripted demo', async () => {
    const { db } = openFakeDatabase();
    expect(await documentPrices(db, {}, calls('Scripted demo', 'my-local-model'))).toEqual({});
  });
});
