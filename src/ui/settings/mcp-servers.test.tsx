import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { savedTools } from '../../shared/mcp';
import type { McpServerSetting } from '../../shared/mcp';
import { DEFAULT_SETTINGS } from '../../store/types';
import { settingsToSave } from './settings-dialog';
import { McpServers, withConnectAnswer } from './mcp-servers';

const calc: McpServerSetting = {
  id: 's1',
  name: 'calc',
  url: 'https://mcp.example/mcp',
  disabledTools: ['lookup'],
  tools: [
    { name: 'add', description: 'Adds two numbers.' },
    { name: 'lookup', description: 'Looks a word up.' },
  ],
};

const render = (servers: McpServerSetting[]) => renderToStaticMarkup(<McpServers servers={servers} onChange={() => undefined} />);
/** Each listed tool's checkbox, as `<model name>: on|off`. */
const checkboxes = (html: string) =>
  [...html.matchAll(/<li><label class="checkbox"><input type="checkbox"( checked="")?\/><span class="mcp-tool"><code class="mcp-tool-name">([^<]+)<\/code>/g)].map(
    (match) => `${match[2]}: ${match[1] ? 'on' : 'off'}`,
  );

describe("Settings' MCP servers opened again", () => {
  it("list a saved server's tools, each with its checkbox (ticked unless turned off), without connecting", () => {
    const html = render([calc]);
    expect(html).toContain('aria-label="MCP tools"');
    expect(checkboxes(html)).toEqual(['calc__add: on', 'calc__lookup: off']);
    expect(html).toContain('Adds two numbers.');
    expect(html).toContain('As the last Connect listed them');
    expect(html).not.toContain('Not connected yet');
  });

  it('say so in plain words for a server never connected, also one saved before the list was kept', () => {
    const { tools: _none, ...older } = calc;
    const html = render([older]);
    expect(html).toContain('Not connected yet: Connect lists its tools.');
    expect(html).not.toContain('MCP tools');
  });

  it('say a server that offered no tools offered none', () => {
    const html = render([{ ...calc, tools: [] }]);
    expect(html).toContain('The server offered no tools at the last Connect.');
    expect(html).not.toContain('MCP tools');
  });

  it("name each tool as the model will see it, after the server's current name", () => {
    expect(checkboxes(render([{ ...calc, name: 'my calc' }]))).toEqual(['my_calc__add: on', 'my_calc__lookup: off']);
  });

  it('read a stored list that is not one (damaged or from elsewhere) as never connected, and skip entries without a name', () => {
    expect(savedTools({ ...calc, tools: 'add' as never })).toBeNull();
    expect(savedTools({ ...calc, tools: [{ name: 'add' }, null, { description: 'no name' }] as never })).toEqual([{ name: 'add', description: '' }]);
  });
});

describe("Connect's answer", () => {
  const other: McpServerSetting = { id: 's2', name: 'docs', url: 'https://docs.example/mcp', disabledTools: [] };

  it('replaces the listed tools: a tool gone from the server is no longer listed, one added is; a tool turned off stays off', () => {
    const [after] = withConnectAnswer([calc], 's1', calc.url, [
      { name: 'add', description: 'Adds two numbers.' },
      { name: 'echo', description: 'Echoes.' },
    ]);
    expect(after?.tools?.map((tool) => tool.name)).toEqual(['add', 'echo']);
    expect(after?.disabledTools).toEqual(['lookup']);
    expect(checkboxes(render([after!]))).toEqual(['calc__add: on', 'calc__echo: on']);
  });

  it('goes to its server as the servers are when it comes, and to none once that server has another address or is removed', () => {
    const edited = [{ ...calc, token: 'typed meanwhile' }, other];
    const answered = withConnectAnswer(edited, 's1', calc.url, []);
    expect(answered[0]).toEqual({ ...calc, token: 'typed meanwhile', tools: [] });
    expect(answered[1]).toBe(other);
    expect(withConnectAnswer([{ ...calc, url: 'https://elsewhere.example/mcp' }], 's1', calc.url, [])[0]?.tools).toHaveLength(2);
    expect(withConnectAnswer([other], 's1', calc.url, [])).toEqual([other]);
  });

  it('is saved with the server by Save', () => {
    const saved = settingsToSave({ ...DEFAULT_SETTINGS, mcpServers: [calc] }, DEFAULT_SETTINGS);
    expect(saved.mcpServers).toEqual([calc]);
  });
});
