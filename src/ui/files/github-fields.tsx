/** What the GitHub dialogs (import, push, publish) share: their text fields, and the defaults they start from. */
import { useEffect, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';
import type { PushDefaults } from '../../shared/github-reports';
import type { FileActions } from './use-file-actions';

/** A labelled text field for names and paths: no spell check, no autofill. */
export function NameField({ label, value, onChange, disabled = false, placeholder }: { label: string; value: string; onChange: (value: string) => void; disabled?: boolean; placeholder?: string }) {
  return (
    <label>
      {label}
      <input type="text" aria-label={label} value={value} disabled={disabled} spellCheck={false} autoComplete="off" placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** True until the dialog closes: an answer that arrives later goes to the Files pane instead. */
export function useStillOpen(): MutableRefObject<boolean> {
  const open = useRef(true);
  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );
  return open;
}

/**
 * The dialog's fields, null until the worker says where the files came from (push-defaults);
 * `from` turns its answer (null when it could not) into the fields. Asked once, as the dialog opens.
 */
export function useFieldsFromDefaults<T>(actions: FileActions, from: (defaults: PushDefaults | null) => T) {
  const [fields, setFields] = useState<T | null>(null);
  const open = useStillOpen();
  useEffect(() => {
    void actions.pushDefaults().then((answer) => {
      if (open.current) setFields(from(answer.ok ? answer.value : null));
    });
  }, []); // once, as the dialog opens
  const update = (patch: Partial<T>) => setFields((current) => (current ? { ...current, ...patch } : current));
  return { fields, update, open };
}
