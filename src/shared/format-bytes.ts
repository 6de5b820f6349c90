/**
 * A byte count in words, the same everywhere it is shown (dialogs, file views, import
 * messages, tool output): "1 byte", "900 bytes", "1.5 KB", "820 KB", "12.5 MB", "2 GB".
 * One decimal, none when it is zero; units of 1024.
 */
const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) {
    const whole = Number.isFinite(bytes) ? Math.max(0, Math.round(bytes)) : 0;
    return `${whole} byte${whole === 1 ? '' : 's'}`;
  }
  let value = bytes / 1024;
  let unit = 0;
  // Rounded first, so 1023.96 KB reads "1 MB", not "1024 KB".
  while (Number(value.toFixed(1)) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1).replace(/\.0$/, '')} ${UNITS[unit]}`;
}
