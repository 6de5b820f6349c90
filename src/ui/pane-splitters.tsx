/**
 * The two separators of the workspace (sidebar | editor | agent panel): dragged with the
 * pointer or moved with the arrow keys (Shift: bigger steps, Home/End: smallest/largest).
 * The widths are CSS variables on `main.workspace` (styles.css) and are kept per device.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, PointerEvent, RefObject } from 'react';
import { PANE_MIN, keyedWidth, loadPaneSizes, maxWidth, resize, savePaneSizes } from './pane-sizes';
import type { PaneName, PaneSizes } from './pane-sizes';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The sizes, and the style that gives them to the workspace's grid. */
export function usePaneSizes(): { sizes: PaneSizes; setSize: (pane: PaneName, width: number, total: number) => void; style: CSSProperties } {
  const [sizes, setSizes] = useState<PaneSizes>(() => loadPaneSizes(storage()));
  const setSize = useCallback((pane: PaneName, width: number, total: number) => {
    setSizes((current) => {
      const next = resize(current, pane, width, total);
      if (next.sidebar === current.sidebar && next.agent === current.agent) return current;
      savePaneSizes(storage(), next);
      return next;
    });
  }, []);
  const style = { '--sidebar-width': `${sizes.sidebar}px`, '--agent-width': `${sizes.agent}px` } as CSSProperties;
  return { sizes, setSize, style };
}

const LABELS: Record<PaneName, string> = { sidebar: 'Resize the sidebar', agent: 'Resize the agent panel' };

interface SplitterProps {
  pane: PaneName;
  sizes: PaneSizes;
  setSize: ReturnType<typeof usePaneSizes>['setSize'];
  workspace: RefObject<HTMLElement | null>;
  /** The workspace's width as last observed: read in render, never measured there (a forced layout on every render). */
  width: number;
}

const Splitter = memo(function Splitter({ pane, sizes, setSize, workspace, width }: SplitterProps) {
  const dragging = useRef(false);
  const total = () => workspace.current?.getBoundingClientRect().width ?? window.innerWidth;
  const onKeyDown = (event: KeyboardEvent) => {
    const width = keyedWidth(sizes, pane, event.key, event.shiftKey, total());
    if (width === null) return;
    event.preventDefault();
    setSize(pane, width, total());
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent) => {
    const box = workspace.current?.getBoundingClientRect();
    if (!dragging.current || !box) return;
    setSize(pane, pane === 'sidebar' ? event.clientX - box.left : box.right - event.clientX, box.width);
  };
  const stop = () => (dragging.current = false);
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={LABELS[pane]}
      aria-valuenow={sizes[pane]}
      aria-valuemin={PANE_MIN[pane]}
      aria-valuemax={maxWidth(sizes, pane, width)}
      tabIndex={0}
      className={`pane-splitter pane-splitter-${pane}`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
    />
  );
});

/** Both separators; they lie over the panes' edges, so the grid keeps its three columns. */
export function PaneSplitters({ workspace, sizes, setSize }: { workspace: RefObject<HTMLElement | null>; sizes: PaneSizes; setSize: ReturnType<typeof usePaneSizes>['setSize'] }) {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 0 : window.innerWidth));
  // The workspace's width, observed (no layout is forced to read it).
  useEffect(() => {
    const element = workspace.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.borderBoxSize[0]?.inlineSize ?? entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [workspace]);
  // A narrower window may leave stored sizes too wide for the editor: shrink them to fit.
  useEffect(() => {
    if (!width) return;
    setSize('sidebar', sizes.sidebar, width);
    setSize('agent', sizes.agent, width);
  }, [width, sizes, setSize]);
  return (
    <>
      <Splitter pane="sidebar" sizes={sizes} setSize={setSize} workspace={workspace} width={width} />
      <Splitter pane="agent" sizes={sizes} setSize={setSize} workspace={workspace} width={width} />
    </>
  );
}
