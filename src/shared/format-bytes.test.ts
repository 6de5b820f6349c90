import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('byte counts in words', () => {
  it('counts bytes below a kilobyte, singular for one', () => {
    expect([formatBytes(0), formatBytes(1), formatBytes(900), formatBytes(1023)]).toEqual(['0 bytes', '1 byte', '900 bytes', '1023 bytes']);
  });

  it('shows larger counts in KB, MB, GB with one decimal, none when it is zero', () => {
    expect([formatBytes(1024), formatBytes(1536), formatBytes(2048), formatBytes(820 * 1024)]).toEqual(['1 KB', '1.5 KB', '2 KB', '820 KB']);
    expect([formatBytes(12.5 * 1024 ** 2), formatBytes(63.25 * 1024 ** 2), formatBytes(2 * 1024 ** 3)]).toEqual(['12.5 MB', '63.3 MB', '2 GB']);
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(1023.9 * 1024)).toBe('1023.9 KB');
  });

  it('never shows a negative or meaningless count', () => {
    expect([formatBytes(-5), formatBytes(Number.NaN), formatBytes(2.6)]).toEqual(['0 bytes', '0 bytes', '3 bytes']);
  });
});
