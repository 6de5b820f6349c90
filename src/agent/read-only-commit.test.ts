/**
 * A reply whose calls only read is stored with its results: the agent marks the model turn's
 * commit `withNext` (the store may write both in one transaction); a reply with any call that
 * changes something is stored on its own before that call runs.
 */
import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import type { CommitOptions } from './types';
import { FC, reply } from './testing/fake-model';
import { createHarness } from './testing/harness';

function recordOptions(h: ReturnType<typeof createHarness>): { last: string; withNext: boolean }[] {
  const seen: { last: string; withNext: boolean }[] = [];
  const commit = h.store.commit.bind(h.store);
  h.store.commit = (history: readonly Content[], options?: CommitOptions) => {
    const last = history.at(-1)!;
    seen.push({ last: last.role + (last.parts.some((part) => part.functionCall) ? ':calls' : last.parts.some((part) => part.functionResponse) ? ':results' : ''), withNext: options?.withNext === true });
    return commit(history);
  };
  return seen;
}

describe('the commit of a reply whose calls only read', () => {
  it('is marked withNext when every call reads, and the results commit follows before the next request', async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a' }), FC('list_directory', { dir_path: '.' })), reply('Done.', 'STOP')] });
    const seen = recordOptions(h);
    expect(await h.run('look')).toBe('completed');
    expect(seen).toEqual([
      { last: 'user', withNext: false },
      { last: 'model:calls', withNext: true },
      { last: 'user:results', withNext: false },
      { last: 'model', withNext: false },
    ]);
    h.expectHealthy();
  });

  it('is an ordinary commit when any call can change something, so it is stored before that call runs', async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a' }), FC('write_file', { file_path: 'b', content: 'x' })), reply('Done.', 'STOP')], settings: { approvalMode: 'allow-all' } });
    const seen = recordOptions(h);
    let storedBeforeWrite = false;
    const write = h.tools.get('write_file')!;
    const execute = write.execute.bind(write);
    write.execute = (...args: Parameters<typeof execute>) => {
      storedBeforeWrite = h.store.history().some((content) => content.parts.some((part) => part.functionCall?.name === 'write_file'));
      return execute(...args);
    };
    expect(await h.run('change')).toBe('completed');
    expect(seen.find((entry) => entry.last === 'model:calls')).toEqual({ last: 'model:calls', withNext: false });
    expect(storedBeforeWrite).toBe(true);
    h.expectHealthy();
  });

  it('is an ordinary commit for a call to a tool that does not exist', async () => {
    const h = createHarness({ script: [reply(FC('no_such_tool', {})), reply('Done.', 'STOP')] });
    const seen = recordOptions(h);
    await h.run('try');
    expect(seen.find((entry) => entry.last === 'model:calls')?.withNext).toBe(false);
  });
});
