/**
 * The `Open files` tab strip. The tablist holds only its tabs (WAI-ARIA: a tablist owns tabs and
 * nothing else), so each file's Close button sits beside the tablist, not in it; a CSS subgrid
 * puts every Close button visually right after its tab. Keyboard (the APG tabs pattern): Tab
 * reaches the selected tab, Left/Right/Home/End move and open, Delete closes the focused file,
 * and Tab from the selected tab reaches its own Close button. After a close the focus goes to
 * the file that is then active, so it is never lost on a removed button.
 */
import { useEffect, useRef } from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';

export interface OpenFileTabsProps {
  openPaths: string[];
  activePath: string | null;
  /** Files with unsaved edits: their tab's name ends with ` •`. */
  dirty: ReadonlySet<string>;
  /** Prefix of the tabs' ids (React's useId), shared with the panel they control (tabPanelIds). */
  idPrefix: string;
  onActivate: (path: string) => void;
  onClose: (path: string) => void;
}

/** The tab that a key press moves to, or null when the key is not a tab key. */
function targetOf(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function OpenFileTabs({ openPaths, activePath, dirty, idPrefix, onActivate, onClose }: OpenFileTabsProps) {
  const strip = useRef<HTMLDivElement>(null);
  /** Set by a close made from the strip: the next render puts the focus on the active tab. */
  const refocus = useRef(false);
  const selected = activePath !== null && openPaths.includes(activePath) ? activePath : openPaths[0];

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const index = selected === undefined ? -1 : openPaths.indexOf(selected);
    strip.current?.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.focus();
  }, [openPaths, selected]);

  const close = (path: string) => {
    refocus.current = true;
    onClose(path);
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key === 'Delete') {
      event.preventDefault();
      close(openPaths[index]!);
      return;
    }
    const target = targetOf(event.key, index, openPaths.length);
    if (target === null) return;
    event.preventDefault();
    onActivate(openPaths[target]!);
    strip.current?.querySelectorAll<HTMLElement>('[role="tab"]')[target]?.focus();
  };

  // Tab i in column 2i+1 and its Close button in column 2i+2 of one grid row (styles.css `.tabs`).
  const columns: CSSProperties = { gridColumn: `1 / span ${Math.max(1, openPaths.length * 2)}` };
  return (
    <div className="tabs" ref={strip}>
      <div role="tablist" aria-label="Open files" className="tab-list" style={columns}>
        {openPaths.map((path, index) => (
          <button
            key={path}
            id={`${idPrefix}-tab-${index}`}
            role="tab"
            type="button"
            aria-selected={path === activePath}
            aria-controls={`${idPrefix}-panel`}
            aria-keyshortcuts="Delete"
            tabIndex={path === selected ? 0 : -1}
            style={{ gridColumn: index * 2 + 1 }}
            onClick={() => onActivate(path)}
            onKeyDown={(event) => onTabKeyDown(event, index)}
          >
            {path}
            {dirty.has(path) ? ' •' : ''}
          </button>
        ))}
      </div>
      {openPaths.map((path, index) => (
        <button
          key={path}
          type="button"
          className={`icon tab-close${path === activePath ? ' active' : ''}`}
          aria-label={`Close ${path}`}
          // Only the selected file's Close button is a Tab stop (right after its tab); the others are for the pointer.
          tabIndex={path === selected ? 0 : -1}
          style={{ gridColumn: index * 2 + 2 }}
          onClick={() => close(path)}
        >
          ×
        </button>
      ))}
    </div>
  );
}

/** The panel's id and the id of the tab that labels it (none while no file is open). */
export function tabPanelIds(idPrefix: string, openPaths: string[], activePath: string | null): { id: string; labelledBy: string | undefined } {
  const index = activePath === null ? -1 : openPaths.indexOf(activePath);
  return { id: `${idPrefix}-panel`, labelledBy: index < 0 ? undefined : `${idPrefix}-tab-${index}` };
}
