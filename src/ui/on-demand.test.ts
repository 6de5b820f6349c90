import { describe, expect, it } from 'vitest';
import { isLoadFailure, loadFailure, onDemand } from './on-demand';

describe('code loaded on demand', () => {
  it('loads once for every caller, and holds the value once loaded', async () => {
    let imports = 0;
    const module = onDemand(async () => ({ answer: ++imports }));
    expect(module.loaded()).toBeNull();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(imports).toBe(1);
    expect(module.loaded()).toEqual({ answer: 1 });
    await module.load();
    expect(imports).toBe(1);
  });

  it('forgets a failed load, so the next try fetches again', async () => {
    let imports = 0;
    const module = onDemand(async () => {
      imports += 1;
      if (imports === 1) throw new TypeError('Failed to fetch dynamically imported module: /assets/settings-dialog.js');
      return 'loaded';
    });
    await expect(module.load()).rejects.toThrow('Failed to fetch');
    expect(module.loaded()).toBeNull();
    await expect(module.load()).resolves.toBe('loaded');
    expect(imports).toBe(2);
    expect(module.loaded()).toBe('loaded');
  });

  it('keeps a loaded function as the value (a component), not as something to call', async () => {
    const component = () => null;
    const module = onDemand(async () => component);
    await module.load();
    expect(module.loaded()).toBe(component);
  });

  it('says why a load failed and what to do: a reload (the browser may keep the failure)', () => {
    expect(loadFailure(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(
      'Failed to fetch dynamically imported module: /x.js. Everything is saved: reload the page to try again',
    );
    expect(loadFailure(new Error(''))).toBe('the download failed. Everything is saved: reload the page to try again');
    expect(loadFailure('offline')).toBe('offline. Everything is saved: reload the page to try again');
  });
});

describe('telling a failed download from a bug', () => {
  it("knows each browser's words for a module that could not be downloaded", () => {
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('error loading dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Unable to preload CSS for /assets/editor.css'))).toBe(true);
  });

  it('leaves other errors to the panel’s own message', () => {
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'path')"))).toBe(false);
    expect(isLoadFailure(new Error('Failed to fetch'))).toBe(false);
  });
});
