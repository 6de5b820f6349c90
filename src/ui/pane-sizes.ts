/**
 * The widths of the sidebar and the agent panel (the editor takes the rest), kept per device
 * in localStorage. Pure rules here; pane-splitters.tsx moves them with the pointer and keys.
 */
export interface PaneSizes {
  sidebar: number;
  agent: number;
}

export type PaneName = keyof PaneSizes;

export const PANE_MIN: Readonly<PaneSizes & { editor: number }> = { sidebar: 160, agent: 320, editor: 300 };
export const DEFAULT_PANE_SIZES: Readonly<PaneSizes> = { sidebar: 220, agent: 480 };
/** One arrow key press; with Shift, four. */
export const KEY_STEP = 16;
const STORAGE_KEY = 'loopscope-pane-sizes';

/** The largest width `pane` may take in a workspace `total` pixels wide, the other pane as it is. */
export function maxWidth(sizes: PaneSizes, pane: PaneName, total: number): number {
  const other = pane === 'sidebar' ? sizes.agent : sizes.sidebar;
  return Math.max(PANE_MIN[pane], total - other - PANE_MIN.editor);
}

/** Sets one pane's width, held between its minimum and what leaves the editor its minimum. */
export function resize(sizes: PaneSizes, pane: PaneName, width: number, total: number): PaneSizes {
  const clamped = Math.round(Math.min(Math.max(width, PANE_MIN[pane]), maxWidth(sizes, pane, total)));
  return { ...sizes, [pane]: clamped };
}

/** The new width after an arrow key on the pane's separator, or null for other keys. */
export function keyedWidth(sizes: PaneSizes, pane: PaneName, key: string, shift: boolean, total: number): number | null {
  const step = shift ? KEY_STEP * 4 : KEY_STEP;
  // The sidebar's separator is on its right edge, the agent panel's on its left.
  const grows = pane === 'sidebar' ? 'ArrowRight' : 'ArrowLeft';
  const shrinks = pane === 'sidebar' ? 'ArrowLeft' : 'ArrowRight';
  if (key === grows) return sizes[pane] + step;
  if (key === shrinks) return sizes[pane] - step;
  if (key === 'Home') return PANE_MIN[pane];
  if (key === 'End') return maxWidth(sizes, pane, total);
  return null;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** The sizes kept on this device; the defaults when none (or unreadable). */
export function loadPaneSizes(storage: Storage | undefined): PaneSizes {
  try {
    const parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<PaneSizes> | null;
    const ok = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
    return {
      sidebar: ok(parsed?.sidebar) ? parsed.sidebar : DEFAULT_PANE_SIZES.sidebar,
      agent: ok(parsed?.agent) ? parsed.agent : DEFAULT_PANE_SIZES.agent,
    };
  } catch {
    return { ...DEFAULT_PANE_SIZES };
  }
}

export function savePaneSizes(storage: Storage | undefined, sizes: PaneSizes): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(sizes));
  } catch {
    // Storage off: the sizes last for this page only.
  }
}
