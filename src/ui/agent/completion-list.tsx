/**
 * The listbox the prompt box opens for `/` commands and `@` mentions. The focus stays in the
 * prompt (it names the active option with aria-activedescendant); a pointer picks with a click
 * and never takes the focus away.
 */
import { useEffect, useRef } from 'react';

export interface CompletionOption {
  key: string;
  label: string;
  detail?: string;
}

export interface CompletionListProps {
  id: string;
  /** `Commands` or `Mention a file`. */
  label: string;
  options: readonly CompletionOption[];
  active: number;
  onPick(index: number): void;
  onActivate(index: number): void;
}

export function optionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

export function CompletionList({ id, label, options, active, onPick, onActivate }: CompletionListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(optionId(id, active))}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active]);
  return (
    <ul ref={listRef} id={id} role="listbox" aria-label={label} className="completion-list">
      {options.map((option, index) => (
        <li
          key={option.key}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          className={index === active ? 'active' : undefined}
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => index !== active && onActivate(index)}
          onClick={() => onPick(index)}
        >
          <span className="completion-label">{option.label}</span>
          {option.detail ? <span className="completion-detail">{option.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}
