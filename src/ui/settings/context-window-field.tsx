/**
 * Settings' number field for the context window of a model that neither the provider nor
 * Loopscope's table knows (a local model, a proxy's name). Empty: the provider's default.
 * The window sets when compression starts and the context meter's maximum.
 */
import { WholeNumberField, wholeNumberProblem } from './whole-number-field';
import type { WholeNumberSpec } from './whole-number-field';

export const MIN_CONTEXT_WINDOW = 1024;
export const MAX_CONTEXT_WINDOW = 100_000_000;

const spec: WholeNumberSpec = {
  label: 'Context window of an unknown model (tokens)',
  what: 'The context window',
  unit: 'tokens',
  min: MIN_CONTEXT_WINDOW,
  max: MAX_CONTEXT_WINDOW,
};

/** Why the value cannot be a window, or null when it can (absent included). */
export function contextWindowProblem(value: number | undefined): string | null {
  return wholeNumberProblem(value, spec);
}

export function ContextWindowField({ value, onChange }: { value: number | undefined; onChange: (value: number | undefined) => void }) {
  return (
    <WholeNumberField
      spec={spec}
      value={value}
      onChange={onChange}
      placeholder="Empty: 131072 (Gemini), 32768 (OpenAI-compatible)"
      hint="For a model that neither the provider nor Loopscope's table knows (e.g. a local server's): when compression starts, and the Context used meter's maximum."
    />
  );
}
