/**
 * One line where the person types a workspace path (New file, New folder, Rename). It takes the
 * focus with the last name selected, so typing replaces the name and keeps the folder. Enter
 * submits (the prompt stays, with the text, when the worker refuses it: the note says why);
 * Escape or leaving it cancels.
 */
import { useEffect, useRef, useState } from 'react';

export function PathPrompt({ label, initial, onSubmit, onCancel }: { label: string; initial: string; onSubmit: (path: string) => Promise<void>; onCancel: () => void }) {
  const [value, setValue] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  const submitting = useRef(false);
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    const nameStart = initial.lastIndexOf('/') + 1;
    const dot = initial.lastIndexOf('.');
    element.setSelectionRange(nameStart, dot > nameStart ? dot : initial.length);
  }, [initial]);
  return (
    <form
      className="path-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        const path = value.trim().replace(/\/+$/, '');
        if (!path || submitting.current) return;
        submitting.current = true;
        void onSubmit(path).finally(() => {
          submitting.current = false;
          input.current?.focus();
        });
      }}
    >
      <input
        ref={input}
        type="text"
        aria-label={label}
        placeholder={label}
        value={value}
        spellCheck={false}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => {
          if (!submitting.current) onCancel();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Cancels the prompt only; it must not also stop the agent.
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }}
      />
    </form>
  );
}
