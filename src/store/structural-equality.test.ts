import { describe, expect, it } from 'vitest';
import { plainEqual } from './history-diff';

describe('plainEqual', () => {
  it('compares plain data by structure', () => {
    expect(plainEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(plainEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(plainEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(plainEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(plainEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(plainEqual(NaN, NaN)).toBe(true);
    expect(plainEqual(null, {})).toBe(false);
    expect(plainEqual([], {})).toBe(false);
  });

  it('compares byte arrays by content', () => {
    expect(plainEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(plainEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(plainEqual(new Uint8Array([1]), [1])).toBe(false);
  });

  it('compares other object kinds by reference, which only costs an extra write', () => {
    expect(plainEqual(new Date(1), new Date(1))).toBe(false);
  });
});
