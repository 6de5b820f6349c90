import { describe, expect, it } from 'vitest';
import { SETTINGS_KEY } from './schema';
import { getSettings, putSettings } from './settings';
import { openFakeDatabase, unwrap } from './testing/fake-database';
import { DEFAULT_SETTINGS } from './types';

describe("stored MCP servers' listed tools", () => {
  it('are kept with the server, so Settings lists them when opened again', async () => {
    const { db } = openFakeDatabase();
    const server = { id: 's1', name: 'calc', url: 'https://mcp.example/mcp', disabledTools: ['lookup'], tools: [{ name: 'add', description: 'Adds.' }, { name: 'lookup', description: 'Looks up.' }] };
    unwrap(await putSettings(db, { mcpServers: [server] }));
    expect(unwrap(await getSettings(db)).mcpServers).toEqual([server]);
  });

  it('settings stored before the list was kept still load, their servers as never connected', async () => {
    const { db } = openFakeDatabase();
    const older = { id: 's1', name: 'calc', url: 'https://mcp.example/mcp', disabledTools: ['lookup'] };
    await db.settings.put({ ...DEFAULT_SETTINGS, mcpServers: [older] }, SETTINGS_KEY);
    const loaded = unwrap(await getSettings(db));
    expect(loaded.mcpServers).toEqual([older]);
    expect(loaded.mcpServers?.[0]).not.toHaveProperty('tools');
  });
});
