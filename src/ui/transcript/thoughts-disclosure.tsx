/**
 * The model's thoughts, folded: a disclosure button `Thoughts` (collapsed by default, UI-CONTRACT
 * "Sharing, replay and teaching"), used in the transcript and in the Loop inspector. The text
 * is rendered as text.
 */
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import '../inspector/inspector.css';

export function ThoughtsDisclosure({ children, className }: { children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={`thoughts${className ? ` ${className}` : ''}`}>
      <button type="button" className="thoughts-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="thoughts-marker">
          {open ? '▾' : '▸'}
        </span>{' '}
        Thoughts
      </button>
      <div id={id} className="thoughts-body" hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
