import { describe, expect, it } from 'vitest';
import { SETTINGS_KEY } from './schema';
import { getSettings, putSettings, settingsChanges } from './settings';
import { openFakeDatabase, unwrap } from './testing/fake-database';
import { DEFAULT_SETTINGS } from './types';

describe('settings', () => {
  it('returns the defaults when nothing is stored', async () => {
    const { db } = openFakeDatabase();
    expect(unwrap(await getSettings(db))).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ provider: 'scripted', model: 'gemini-2.5-flash', baseUrl: '', approvalMode: 'ask', rememberKey: false });
  });

  it('merges changes over what is stored', async () => {
    const { db } = openFakeDatabase();
    unwrap(await putSettings(db, { provider: 'gemini', lastSessionId: 's1' }));
    unwrap(await putSettings(db, { model: 'gemini-2.5-pro' }));
    expect(unwrap(await getSettings(db))).toEqual({ ...DEFAULT_SETTINGS, provider: 'gemini', model: 'gemini-2.5-pro', lastSessionId: 's1' });
    unwrap(await putSettings(db, { lastSessionId: undefined }));
    expect(unwrap(await getSettings(db)).lastSessionId).toBeUndefined();
  });

  it('settings stored before the Theme choice existed read System', async () => {
    const { db } = openFakeDatabase();
    const { theme: _absent, ...older } = DEFAULT_SETTINGS;
    await db.settings.put({ ...older, provider: 'gemini' } as typeof DEFAULT_SETTINGS, SETTINGS_KEY);
    expect(unwrap(await getSettings(db))).toMatchObject({ provider: 'gemini', theme: 'system' });
    unwrap(await putSettings(db, { theme: 'light' }));
    expect(unwrap(await getSettings(db)).theme).toBe('light');
  });

  it('never stores the API key unless rememberKey is true', async () => {
    const { db } = openFakeDatabase();
    const stored = unwrap(await putSettings(db, { provider: 'gemini', apiKey: 'secret-key' }));
    expect(stored.apiKey).toBeUndefined();
    expect(await db.settings.get(SETTINGS_KEY)).not.toHaveProperty('apiKey');
    expect(JSON.stringify(await db.settings.toArray())).not.toContain('secret-key');
  });

  it('never stores an MCP server\'s token unless rememberKey is true; the server itself is kept', async () => {
    const { db } = openFakeDatabase();
    const server = { id: 's1', name: 'calc', url: 'https://mcp.example/mcp', token: 'mcp-secret', disabledTools: ['lookup'] };
    const stored = unwrap(await putSettings(db, { mcpServers: [server] }));
    expect(stored.mcpServers).toEqual([{ id: 's1', name: 'calc', url: 'https://mcp.example/mcp', disabledTools: ['lookup'] }]);
    expect(JSON.stringify(await db.settings.toArray())).not.toContain('mcp-secret');
    const remembered = unwrap(await putSettings(db, { rememberKey: true, mcpServers: [server] }));
    expect(remembered.mcpServers?.[0]?.token).toBe('mcp-secret');
  });

  it('never stores the trace headers (they hold a key) unless rememberKey is true; the endpoint itself is kept', async () => {
    const { db } = openFakeDatabase();
    const stored = unwrap(await putSettings(db, { traceEndpoint: 'https://cloud.langfuse.com/api/public/otel/v1/traces', traceHeaders: 'Authorization=Basic trace-secret' }));
    expect(stored.traceEndpoint).toBe('https://cloud.langfuse.com/api/public/otel/v1/traces');
    expect(stored.traceHeaders).toBeUndefined();
    expect(JSON.stringify(await db.settings.toArray())).not.toContain('trace-secret');
    const remembered = unwrap(await putSettings(db, { rememberKey: true, traceHeaders: 'Authorization=Basic trace-secret' }));
    expect(remembered.traceHeaders).toBe('Authorization=Basic trace-secret');
  });

  it('stores the key when remembered, and erases it when the person stops remembering', async () => {
    const { db } = openFakeDatabase();
    unwrap(await putSettings(db, { rememberKey: true, apiKey: 'secret-key' }));
    expect((await db.settings.get(SETTINGS_KEY))?.apiKey).toBe('secret-key');
    expect(unwrap(await getSettings(db)).apiKey).toBe('secret-key');

    unwrap(await putSettings(db, { rememberKey: false }));
    expect(await db.settings.get(SETTINGS_KEY)).not.toHaveProperty('apiKey');
    expect(unwrap(await getSettings(db)).apiKey).toBeUndefined();
  });

  it('does not return a key found in a row without rememberKey', async () => {
    const { db } = openFakeDatabase();
    await db.settings.put({ ...DEFAULT_SETTINGS, apiKey: 'leaked' }, SETTINGS_KEY);
    expect(unwrap(await getSettings(db)).apiKey).toBeUndefined();
  });

  it('keeps the OpenAI-compatible key under the same rule as Gemini\'s', async () => {
    const { db } = openFakeDatabase();
    unwrap(await putSettings(db, { provider: 'openai', openaiApiKey: 'sk-openai-secret', apiKey: 'gemini-secret' }));
    expect(JSON.stringify(await db.settings.toArray())).not.toContain('secret');
    unwrap(await putSettings(db, { rememberKey: true, openaiApiKey: 'sk-openai-secret' }));
    expect(unwrap(await getSettings(db)).openaiApiKey).toBe('sk-openai-secret');
    unwrap(await putSettings(db, { rememberKey: false }));
    expect(JSON.stringify(await db.settings.toArray())).not.toContain('secret');
  });

  it('reads settings stored before the OpenAI-compatible provider existed', async () => {
    const { db } = openFakeDatabase();
    const older = { provider: 'gemini', rememberKey: true, apiKey: 'k', model: 'gemini-2.5-pro', baseUrl: '', approvalMode: 'ask', stepThrough: false, loopHeuristics: false, nextSpeakerCheck: false };
    await db.settings.put(older as never, SETTINGS_KEY);
    const read = unwrap(await getSettings(db));
    expect(read).toMatchObject({ ...older, openaiBaseUrl: 'http://localhost:11434/v1', openaiModel: '' });
    expect(read.openaiApiKey).toBeUndefined();
  });

  it("a setting changed by the person keeps the open session's id that was saved after the page loaded", async () => {
    const { db } = openFakeDatabase();
    unwrap(await putSettings(db, { lastSessionId: 'session-at-startup' }));
    const readAtStartup = unwrap(await getSettings(db));
    unwrap(await putSettings(db, { lastSessionId: 'session-opened-later' }));
    unwrap(await putSettings(db, settingsChanges({ ...readAtStartup, approvalMode: 'allow-all' })));
    expect(unwrap(await getSettings(db))).toMatchObject({ approvalMode: 'allow-all', lastSessionId: 'session-opened-later' });
  });

  it('keeps the hooks\' commands as set, remembered key or not (they are settings, not keys; no link or file holds settings), and removes an emptied one', async () => {
    const { db } = openFakeDatabase();
    unwrap(await putSettings(db, { afterEditHook: 'npm run lint', beforeStopHook: 'npm test' }));
    expect(unwrap(await getSettings(db))).toMatchObject({ rememberKey: false, afterEditHook: 'npm run lint', beforeStopHook: 'npm test' });
    unwrap(await putSettings(db, { beforeStopHook: undefined }));
    const stored = unwrap(await getSettings(db));
    expect(stored.afterEditHook).toBe('npm run lint');
    expect(stored).not.toHaveProperty('beforeStopHook');
    expect(settingsChanges({ ...DEFAULT_SETTINGS, afterEditHook: 'npm run lint' })).toHaveProperty('afterEditHook', 'npm run lint');
  });

  it('the changes the page saves carry the key only when it is remembered', () => {
    expect(settingsChanges({ ...DEFAULT_SETTINGS, apiKey: 'k', rememberKey: false })).toHaveProperty('apiKey', undefined);
    expect(settingsChanges({ ...DEFAULT_SETTINGS, apiKey: 'k', rememberKey: true })).toHaveProperty('apiKey', 'k');
    expect(settingsChanges({ ...DEFAULT_SETTINGS, lastSessionId: 's' })).not.toHaveProperty('lastSessionId');
  });
});
