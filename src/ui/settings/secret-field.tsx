/** A key or token: typed, never shown, never offered by the browser's autofill. */
export function SecretField({ label, value, onChange, placeholder }: { label: string; value: string; onChange(value: string): void; placeholder: string }) {
  return (
    <label>
      {label}
      <input type="password" aria-label={label} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} />
    </label>
  );
}
