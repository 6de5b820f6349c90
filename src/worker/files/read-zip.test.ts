/** Reading ZIPs for an import: byte-exact binaries, skipped folders, limits, hostile and damaged archives. */
import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../shared/imported-paths';
import type { ImportLimits } from '../../shared/imported-paths';
import { readZip } from './read-zip';

/** Every byte value, a PNG signature and NULs: nothing a text decoding would survive. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, ...Array.from({ length: 256 }, (_, index) => index)]);

function zip(files: Record<string, Uint8Array | string>, level = 6): Uint8Array {
  const tree: Zippable = Object.create(null) as Zippable;
  for (const [name, content] of Object.entries(files)) tree[name] = [typeof content === 'string' ? strToU8(content) : content, { level: level as 6 }];
  return zipSync(tree);
}

const small = (overrides: Partial<ImportLimits>): ImportLimits => ({ ...IMPORT_LIMITS, ...overrides });

describe('readZip', () => {
  it('reads a PNG and a nested folder byte for byte, stored or deflated', () => {
    for (const level of [0, 6]) {
      const read = readZip('project.zip', zip({ 'logo.png': PNG_BYTES, 'src/deep/nested/app.ts': 'export const a = 1;\r\n', 'src/deep/': new Uint8Array() }, level), IMPORT_LIMITS);
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      const byPath = new Map(read.value.files.map((file) => [file.path, file.content]));
      expect([...byPath.keys()].sort()).toEqual(['logo.png', 'src/deep/nested/app.ts']);
      expect(byPath.get('logo.png')).toEqual(PNG_BYTES);
      expect(new TextDecoder().decode(byPath.get('src/deep/nested/app.ts'))).toBe('export const a = 1;\r\n');
    }
  });

  it('puts the files under the folder named, when one is', () => {
    const read = readZip('a.zip', zip({ 'x.txt': 'x' }), IMPORT_LIMITS, 'assets/in');
    expect(read.ok && read.value.files.map((file) => file.path)).toEqual(['assets/in/x.txt']);
  });

  it('skips node_modules, .git and macOS litter, and counts what it skipped', () => {
    const read = readZip(
      'repo.zip',
      zip({ 'index.js': 'x', 'node_modules/a/index.js': 'a', 'node_modules/b/index.js': 'b', 'pkg/node_modules/c.js': 'c', '.git/HEAD': 'ref', '__MACOSX/._index.js': 'm', '.DS_Store': 'd' }),
      IMPORT_LIMITS,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.files.map((file) => file.path)).toEqual(['index.js']);
    expect(read.value.skipped).toEqual(
      expect.arrayContaining([
        { name: 'node_modules/', files: 3 },
        { name: '.git/', files: 1 },
        { name: '__MACOSX/', files: 1 },
        { name: '.DS_Store', files: 1 },
      ]),
    );
  });

  it.each(['../evil.txt', 'a/../../evil.txt', '/etc/passwd', 'C:/evil.txt', '..\\evil.txt', 'a\u0000.txt', 'a/./b.txt'])('refuses the whole archive for an entry named %j', (name) => {
    const read = readZip('evil.zip', zip({ 'fine.txt': 'fine', [name]: 'evil' }), IMPORT_LIMITS);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.message).toMatch(/^evil\.zip was not imported: .* Nothing was imported\.$/);
  });

  it('refuses an archive over the file-count or size limit, before inflating anything', () => {
    const many = Object.fromEntries(Array.from({ length: 4 }, (_, index) => [`f${index}.txt`, 'x']));
    const count = readZip('many.zip', zip(many), small({ maxFiles: 3 }));
    expect(!count.ok && count.error.message).toContain('holds 4 files (after skipping), more than the 3 one import may hold');
    const big = readZip('big.zip', zip({ 'a.bin': new Uint8Array(3000), 'node_modules/huge.bin': new Uint8Array(100_000) }), small({ maxBytes: 2048 }));
    expect(!big.ok && big.error.message).toContain('its files come to 2.9 KB (after skipping), more than the 2 KB one import may hold');
    // Skipped folders do not count against the limit.
    expect(readZip('ok.zip', zip({ 'a.bin': new Uint8Array(1000), 'node_modules/huge.bin': new Uint8Array(100_000) }), small({ maxBytes: 2048 })).ok).toBe(true);
    const archive = readZip('huge.zip', zip({ 'a.txt': 'a' }), small({ maxArchiveBytes: 10 }));
    expect(!archive.ok && archive.error.message).toContain('more than the 10 bytes Loopscope reads');
  });

  it('inflates no more than the directory declares (a ZIP bomb is cut off, then refused as damaged; its declared size is what the limit checked)', () => {
    const archive = zip({ 'bomb.bin': new Uint8Array(1_000_000) });
    // Declare 100 bytes in the central directory (uncompressed size at offset 24 of its header).
    const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
    let central = archive.byteLength - 22;
    while (view.getUint32(central, true) !== 0x02014b50) central--;
    view.setUint32(central + 24, 100, true);
    const read = readZip('bomb.zip', archive, small({ maxBytes: 1000 }));
    // The 100 bytes read are not the file its checksum describes: nothing is imported.
    expect(!read.ok && read.error.message).toContain('"bomb.bin" does not match its checksum');
    view.setUint32(central + 24, 0x7fffffff, true);
    const declaredHuge = readZip('bomb.zip', archive, small({ maxBytes: 1000 }));
    expect(!declaredHuge.ok && declaredHuge.error.message).toContain('more than the 1000 bytes one import may hold');
  });

  it('refuses duplicate entries, a file that is also a folder, and what is not a ZIP', () => {
    const twice = zipSync({ 'a.txt': strToU8('1') });
    const doubled = concatenateEntries(twice);
    const duplicate = readZip('dup.zip', doubled, IMPORT_LIMITS);
    expect(!duplicate.ok && duplicate.error.message).toContain('holds "a.txt" twice');
    const clash = readZip('clash.zip', zip({ a: 'file', 'a/b.txt': 'under it' }), IMPORT_LIMITS);
    expect(!clash.ok && clash.error.message).toContain('"a" is both a file and a folder');
    const junk = readZip('junk.zip', strToU8('this is not a zip file at all, just text'), IMPORT_LIMITS);
    expect(!junk.ok && junk.error.message).toContain('could not be read as a ZIP file');
    expect(readZip('empty.zip', zipSync({}), IMPORT_LIMITS)).toEqual({ ok: true, value: { files: [], skipped: [] } });
  });

  it('refuses an archive whose file was damaged where the sizes still agree, and imports nothing', () => {
    const archive = zip({ 'a.txt': 'fine', 'notes/b.txt': 'the quick brown fox' }, 0);
    // A stored entry's bytes sit in the archive as they are: flip one of them. Found by the
    // whole text: a lone 'q' byte can also sit in a header's DOS time, which made this test
    // fail at some times of day (14:15 did).
    const text = strToU8('the quick brown fox');
    const start = archive.findIndex((_, index) => text.every((byte, offset) => archive[index + offset] === byte));
    expect(start).toBeGreaterThan(0);
    const at = start + 'the '.length;
    const damaged = archive.slice();
    damaged[at] = 'Q'.charCodeAt(0);
    const read = readZip('damaged.zip', damaged, IMPORT_LIMITS);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.message).toBe('damaged.zip was not imported: its entry "notes/b.txt" does not match its checksum (the file is damaged). Nothing was imported.');
  });
});

/** The same ZIP with its one central-directory entry listed twice (a crafted archive). */
function concatenateEntries(archive: Uint8Array): Uint8Array {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = archive.byteLength - 22;
  const centralSize = view.getUint32(end + 12, true);
  const centralStart = view.getUint32(end + 16, true);
  const central = archive.slice(centralStart, centralStart + centralSize);
  const out = new Uint8Array(archive.byteLength + centralSize);
  out.set(archive.subarray(0, centralStart + centralSize));
  out.set(central, centralStart + centralSize);
  out.set(archive.subarray(end), centralStart + 2 * centralSize);
  const outView = new DataView(out.buffer);
  const outEnd = out.byteLength - 22;
  outView.setUint16(outEnd + 8, 2, true);
  outView.setUint16(outEnd + 10, 2, true);
  outView.setUint32(outEnd + 12, centralSize * 2, true);
  return out;
}
