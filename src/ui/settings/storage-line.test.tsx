import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../store/types';
import { SettingsDialog } from './settings-dialog';
import { describeStorage } from './storage-section';

describe('the storage line in Settings', () => {
  it('says how much is used of the quota and whether storage is persistent', async () => {
    const storage = { estimate: async () => ({ usage: 12.5 * 1024 * 1024, quota: 2 * 1024 ** 3 }), persisted: async () => true };
    expect(await describeStorage(storage)).toBe('12.5 MB used of 2 GB this site may use; kept until you delete it (persistent).');
    const evictable = { ...storage, persisted: async () => false };
    expect(await describeStorage(evictable)).toContain('not persistent: the browser may clear it');
  });

  it('degrades to a plain sentence where navigator.storage or one of its methods is missing or fails', async () => {
    expect(await describeStorage(undefined)).toBe(
      'This browser does not report how much this site stores; whether the browser may clear it is unknown.',
    );
    const failing = { estimate: () => Promise.reject(new Error('SecurityError')), persisted: async () => false };
    expect(await describeStorage(failing)).toBe(
      'This browser does not report how much this site stores; not persistent: the browser may clear it when the disk runs low.',
    );
    expect(await describeStorage({ estimate: async () => ({}) })).toContain('does not report');
  });

  it('offers Free space only when the worker can be asked', () => {
    const props = { settings: { ...DEFAULT_SETTINGS }, onSave: async () => undefined, onClose: () => undefined };
    expect(renderToStaticMarkup(<SettingsDialog {...props} />)).not.toContain('>Free space<');
    const html = renderToStaticMarkup(<SettingsDialog {...props} freeSpace={async () => ({ ok: true, value: { pruned: 0, freedBytes: 0, storedBytes: 0 } })} />);
    expect(html).toContain('>Free space<');
    expect(html).toMatch(/<section[^>]*aria-labelledby="settings-storage-title"[^>]*><h3 id="settings-storage-title"[^>]*>Storage<\/h3>/);
  });
});
