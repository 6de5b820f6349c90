import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../store/types';
import { HooksSection } from './hooks-section';
import { settingsToSave } from './settings-dialog';

describe("Settings' hooks", () => {
  it('are two textboxes, each described by what it does', () => {
    const html = renderToStaticMarkup(<HooksSection draft={{ ...DEFAULT_SETTINGS, afterEditHook: 'npm run lint' }} update={() => undefined} />);
    expect(html).toMatch(/<input type="text" aria-label="After each edit run" aria-describedby="hooks-after-edit-hint"[^>]* value="npm run lint"\/>/);
    expect(html).toMatch(/<input type="text" aria-label="Before stopping run" aria-describedby="hooks-before-stop-hint"[^>]* value=""\/>/);
    expect(html).toContain('id="hooks-after-edit-hint"');
    expect(html).toContain('id="hooks-before-stop-hint"');
  });

  it("say that a command runs what the workspace's files make it do, which the agent may have rewritten, with no approval and with network on WebContainer", () => {
    const html = renderToStaticMarkup(<HooksSection draft={DEFAULT_SETTINGS} update={() => undefined} />);
    expect(html).toContain('What a command does is up to the workspace&#x27;s files, which the agent changes');
    expect(html).toMatch(/a test script as the agent last rewrote it, with no\s+approval, and on WebContainer with network access/);
  });

  it('are saved trimmed, and an emptied one is removed from what is stored', () => {
    const previous = { ...DEFAULT_SETTINGS, afterEditHook: 'npm run lint', beforeStopHook: 'npm test' };
    const saved = settingsToSave({ ...previous, afterEditHook: '  npx prettier --check .\n', beforeStopHook: '   ' }, previous);
    expect(saved.afterEditHook).toBe('npx prettier --check .');
    expect('beforeStopHook' in saved && saved.beforeStopHook === undefined).toBe(true);
  });
});
