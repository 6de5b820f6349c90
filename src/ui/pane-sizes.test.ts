import { describe, expect, it } from 'vitest';
import { DEFAULT_PANE_SIZES, KEY_STEP, PANE_MIN, keyedWidth, loadPaneSizes, resize, savePaneSizes } from './pane-sizes';

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
};

describe('pane sizes', () => {
  it('a pane never gets narrower than its minimum', () => {
    expect(resize(DEFAULT_PANE_SIZES, 'sidebar', 10, 1400).sidebar).toBe(PANE_MIN.sidebar);
    expect(resize(DEFAULT_PANE_SIZES, 'agent', -50, 1400).agent).toBe(PANE_MIN.agent);
  });

  it('a pane never squeezes the editor below its minimum', () => {
    const sizes = resize({ sidebar: 200, agent: 400 }, 'agent', 5000, 1400);
    expect(sizes.agent).toBe(1400 - 200 - PANE_MIN.editor);
    expect(sizes.sidebar).toBe(200);
  });

  it('arrow keys move each separator the way it points', () => {
    const sizes = { sidebar: 200, agent: 400 };
    expect(keyedWidth(sizes, 'sidebar', 'ArrowRight', false, 1400)).toBe(200 + KEY_STEP);
    expect(keyedWidth(sizes, 'sidebar', 'ArrowLeft', false, 1400)).toBe(200 - KEY_STEP);
    // The agent panel's separator is on its left edge: Left widens it.
    expect(keyedWidth(sizes, 'agent', 'ArrowLeft', false, 1400)).toBe(400 + KEY_STEP);
    expect(keyedWidth(sizes, 'agent', 'ArrowRight', true, 1400)).toBe(400 - 4 * KEY_STEP);
    expect(keyedWidth(sizes, 'sidebar', 'Home', false, 1400)).toBe(PANE_MIN.sidebar);
    expect(keyedWidth(sizes, 'sidebar', 'End', false, 1400)).toBe(1400 - 400 - PANE_MIN.editor);
    expect(keyedWidth(sizes, 'sidebar', 'Enter', false, 1400)).toBeNull();
  });

  it('sizes are kept on the device and read back; bad or missing ones read the defaults', () => {
    const storage = memory();
    expect(loadPaneSizes(storage)).toEqual(DEFAULT_PANE_SIZES);
    savePaneSizes(storage, { sidebar: 300, agent: 500 });
    expect(loadPaneSizes(storage)).toEqual({ sidebar: 300, agent: 500 });
    storage.setItem('loopscope-pane-sizes', '{"sidebar":"wide"');
    expect(loadPaneSizes(storage)).toEqual(DEFAULT_PANE_SIZES);
    storage.setItem('loopscope-pane-sizes', '{"sidebar":-3,"agent":600}');
    expect(loadPaneSizes(storage)).toEqual({ sidebar: DEFAULT_PANE_SIZES.sidebar, agent: 600 });
    expect(loadPaneSizes(undefined)).toEqual(DEFAULT_PANE_SIZES);
  });
});
