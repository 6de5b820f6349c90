/**
 * A Settings number field for a whole number in a range, or empty for the default: labelled for
 * what it is, with its hint, and an alert while the value cannot be used (Save is then refused).
 */
import { useId } from 'react';

export interface WholeNumberSpec {
  /** The field's label and accessible name. */
  label: string;
  /** How the message names it: "The context window". */
  what: string;
  unit: string;
  min: number;
  max: number;
}

/** Why the value cannot be used, or null when it can (absent included: the default). */
export function wholeNumberProblem(value: number | undefined, spec: WholeNumberSpec): string | null {
  if (value === undefined) return null;
  if (!Number.isInteger(value)) return `${spec.what} is a whole number of ${spec.unit}.`;
  if (value < spec.min || value > spec.max) {
    return `${spec.what} must be between ${spec.min.toLocaleString('en')} and ${spec.max.toLocaleString('en')} ${spec.unit}.`;
  }
  return null;
}

export function WholeNumberField(props: { spec: WholeNumberSpec; value: number | undefined; onChange: (value: number | undefined) => void; placeholder: string; hint: string }) {
  const { spec, value, onChange } = props;
  const hintId = useId();
  const problem = wholeNumberProblem(value, spec);
  return (
    <>
      <label>
        {spec.label}
        <input
          type="number"
          inputMode="numeric"
          min={spec.min}
          max={spec.max}
          step={1}
          aria-label={spec.label}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          placeholder={props.placeholder}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value.trim() === '' ? undefined : Number(event.target.value))}
        />
      </label>
      <p className="field-hint" id={hintId}>
        {props.hint}
      </p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
