/**
 * A modal dialog: focus moves in (to `initialFocus`, else the first control), Tab stays
 * inside, Escape closes, and the focus goes back to what opened it. Escape closes it also when
 * the focus fell out of it (a pressed button that became disabled leaves it on the page's body),
 * and nothing behind the dialog (Stop) hears that Escape.
 */
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

const FOCUSABLE = 'select, input, textarea, button:not([disabled]), [href]';

/** The open dialogs, the topmost last: an Escape from outside every dialog closes that one. */
const openDialogs: object[] = [];

export function ModalDialog({ title, onClose, initialFocus, children }: { title: string; onClose: () => void; initialFocus?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>(initialFocus ?? FOCUSABLE)?.focus();
    return () => opener?.focus();
    // Only on opening: the focus is the person's from then on.
  }, []);
  useEffect(() => {
    const self = {};
    openDialogs.push(self);
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || openDialogs.at(-1) !== self) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => {
      document.removeEventListener('keydown', onDocumentKey);
      openDialogs.splice(openDialogs.indexOf(self), 1);
    };
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
  return (
    <div className="dialog-backdrop">
      <div ref={ref} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
