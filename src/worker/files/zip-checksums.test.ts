/** The checksums a ZIP declares, and CRC-32 as ZIP computes it. */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32, declaredChecksums } from './zip-checksums';

describe('zip checksums', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(strToU8('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
    // Lengths around the four-byte steps agree with a byte-at-a-time reference.
    const bytes = Uint8Array.from({ length: 67 }, (_, index) => (index * 151 + 7) & 0xff);
    for (let length = 0; length <= bytes.length; length += 1) expect(crc32(bytes.subarray(0, length))).toBe(bytewise(bytes.subarray(0, length)));
  });

  it('lists each entry’s declared checksum in directory order, folders included, behind a comment', () => {
    const archive = zipSync({ 'a.txt': strToU8('alpha'), 'dir/': new Uint8Array(), 'dir/b.bin': new Uint8Array([0, 255, 7]) }, { comment: 'made by a test' } as never);
    expect(declaredChecksums(archive)).toEqual([crc32(strToU8('alpha')), 0, crc32(new Uint8Array([0, 255, 7]))]);
  });

  it('gives up on what has no central directory', () => {
    expect(declaredChecksums(strToU8('not a zip at all, only words that go on for a while'))).toBeNull();
    const archive = zipSync({ 'a.txt': strToU8('alpha') });
    expect(declaredChecksums(archive.subarray(0, archive.length - 30))).toBeNull();
  });
});

/** CRC-32 one bit at a time, as the ZIP format defines it. */
function bytewise(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
