/**
 * Menus as WAI-ARIA describes them: `Menu` is a list of `menuitem`s that takes the focus when it
 * opens (arrows, Home and End move; Enter or Space choose; Escape or Tab close it, and so does a
 * click outside); `MenuButton` is a button that opens one below itself and gets the focus back
 * when it closes. The tree's context menu is a `Menu` placed at the pointer.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, RefObject } from 'react';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

export interface MenuProps {
  label: string;
  items: readonly MenuItem[];
  /** `refocus`: give the focus back to where the menu was opened from (not after a click elsewhere or Tab). */
  onClose: (refocus: boolean) => void;
  style?: CSSProperties;
  id?: string;
  /** A press here is not "outside" (the button that toggles the menu). */
  anchor?: RefObject<HTMLElement | null>;
}

export function Menu({ label, items, onClose, style, id, anchor }: MenuProps) {
  const list = useRef<HTMLUListElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const focusItem = (index: number) => {
    const elements = list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    if (!elements || elements.length === 0) return;
    elements[(index + elements.length) % elements.length]?.focus();
  };
  useEffect(() => {
    focusItem(0);
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !anchor?.current?.contains(target)) close.current(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [anchor]);
  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    onClose(true);
    item.onSelect();
  };
  return (
    <ul role="menu" aria-label={label} className="menu" ref={list} style={style} id={id}>
      {items.map((item, index) => (
        <li
          key={item.label}
          role="menuitem"
          tabIndex={-1}
          aria-disabled={item.disabled ? 'true' : undefined}
          onClick={() => choose(item)}
          onKeyDown={(event) => {
            const last = items.length - 1;
            if (event.key === 'ArrowDown') focusItem(index + 1);
            else if (event.key === 'ArrowUp') focusItem(index - 1);
            else if (event.key === 'Home') focusItem(0);
            else if (event.key === 'End') focusItem(last);
            else if (event.key === 'Enter' || event.key === ' ') choose(item);
            else if (event.key === 'Escape' || event.key === 'Tab') {
              // Escape closes the menu only; it must not also stop the agent.
              event.stopPropagation();
              onClose(event.key === 'Escape');
              if (event.key === 'Tab') return;
            } else return;
            event.preventDefault();
          }}
        >
          {item.label}
        </li>
      ))}
    </ul>
  );
}

export function MenuButton({ label, items, disabled = false }: { label: string; items: readonly MenuItem[]; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  return (
    <span className="menu-button">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {label}
        <span aria-hidden="true"> ▾</span>
      </button>
      {open ? (
        <Menu
          id={menuId}
          anchor={button}
          label={label}
          items={items}
          onClose={(refocus) => {
            setOpen(false);
            if (refocus) button.current?.focus();
          }}
        />
      ) : null}
    </span>
  );
}
