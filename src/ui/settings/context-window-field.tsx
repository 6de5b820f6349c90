/**
 * Settings' number field for the context window of a model that neither the provider nor
 * Loopscope's table knows (a local model, a proxy's name). Empty: the provider's default.
 * The window sets when compression starts and the context meter's maximum.
 */
import { useId } from 'react';

export const MIN_CONTEXT_WINDOW = 1024;
export const MAX_CONTEXT_WINDOW = 100_000_000;

/** Why the value cannot be a window, or null when it can (absent included). */
export function contextWindowProblem(value: number | undefined): string | null {
  if (value === undefined) return null;
  if (!Number.isInteger(value)) return 'The context window is a whole number of tokens.';
  if (value < MIN_CONTEXT_WINDOW || value > MAX_CONTEXT_WINDOW) {
    return `The context window must be between ${MIN_CONTEXT_WINDOW.toLocaleString('en')} and ${MAX_CONTEXT_WINDOW.toLocaleString('en')} tokens.`;
  }
  return null;
}

export function ContextWindowField({ value, onChange }: { value: number | undefined; onChange: (value: number | undefined) => void }) {
  const hintId = useId();
  const problem = contextWindowProblem(value);
  return (
    <>
      <label>
        Context window of an unknown model (tokens)
        <input
          type="number"
          inputMode="numeric"
          min={MIN_CONTEXT_WINDOW}
          max={MAX_CONTEXT_WINDOW}
          step={1}
          aria-label="Context window of an unknown model (tokens)"
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          placeholder="Empty: 131072 (Gemini), 32768 (OpenAI-compatible)"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value.trim() === '' ? undefined : Number(event.target.value))}
        />
      </label>
      <p className="field-hint" id={hintId}>
        For a model that neither the provider nor Loopscope&apos;s table knows (e.g. a local server&apos;s): when compression starts, and the
        Context used meter&apos;s maximum.
      </p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
