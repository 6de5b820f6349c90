/** A tool's progress on its card (ToolCallView.progress): shown while it executes, at the live-output pace, and gone once it ends. */
import { describe, expect, it } from 'vitest';
import { FC, reply } from '../testing/fake-model';
import { createHarness } from '../testing/harness';

describe('tool progress', () => {
  it('shows the latest progress while the call executes, throttled on the clock, and clears it when the call ends', async () => {
    const h = createHarness({
      script: [reply(FC('long_task', {}), 'STOP'), reply('ok', 'STOP')],
      tools: {
        long_task: {
          kind: 'read',
          impl: async (_args, context) => {
            context.onProgress?.({ progress: 1, total: 3 });
            context.onProgress?.({ progress: 2, total: 3, message: 'halfway' }); // same instant: held back, shown at +50 ms
            await h.clock.sleep(200, context.signal);
            context.onProgress?.({ progress: 3, total: 3 });
            await h.clock.sleep(200, context.signal);
            return 'done';
          },
        },
      },
    });
    expect(await h.run('q')).toBeDefined();
    const views = h.ofType('tool_calls_update').map((event) => event.value[0]!);
    const shown = views.filter((view) => view.progress !== undefined);
    expect(shown.map((view) => view.progress)).toEqual([{ progress: 1, total: 3 }, { progress: 2, total: 3, message: 'halfway' }, { progress: 3, total: 3 }]);
    expect(shown.every((view) => view.status === 'executing')).toBe(true);
    const final = views.at(-1)!;
    expect(final.status).toBe('success');
    expect(final.progress).toBeUndefined();
  });

  it('ignores progress that arrives after the call ended', async () => {
    let late: (() => void) | undefined;
    const h = createHarness({
      script: [reply(FC('long_task', {}), 'STOP'), reply('ok', 'STOP')],
      tools: {
        long_task: {
          kind: 'read',
          impl: (_args, context) => {
            late = () => context.onProgress?.({ progress: 9 });
            return 'done';
          },
        },
      },
    });
    await h.run('q');
    const before = h.ofType('tool_calls_update').length;
    late!();
    expect(h.ofType('tool_calls_update')).toHaveLength(before);
  });
});
