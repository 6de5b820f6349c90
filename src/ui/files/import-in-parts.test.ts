import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../worker/protocol';
import type { WorkerResponse } from '../../worker/client';
import { sendInParts } from './import-in-parts';
import { IMPORT_FILES_PER_PART } from '../../shared/limits';

const picked = (count: number) => Array.from({ length: count }, (_, index) => ({ path: `f${index}.txt`, file: new Blob([String(index)]) }));

function fakeClient(answer: (message: RequestOf<'import-part'>, index: number) => WorkerResponse<'import-part'> = () => ({ ok: true, value: undefined })) {
  const sent: RequestOf<'import-part'>[] = [];
  return { sent, request: async (message: RequestOf<'import-part'>) => answer(message, sent.push(message) - 1) };
}

describe('sendInParts', () => {
  it('sends a small folder whole, in the import itself', async () => {
    const client = fakeClient();
    const source = { kind: 'files' as const, name: 'small', files: picked(IMPORT_FILES_PER_PART) };
    const result = await sendInParts(client, source);
    expect(result.ok && result.value).toBe(source);
    expect(client.sent).toEqual([]);
  });

  it('sends a large folder in parts, one after the answer to the last, and names them in the source', async () => {
    let answered = 0;
    const client = fakeClient((_message, index) => {
      expect(index).toBe(answered++); // the next part waits for this answer
      return { ok: true, value: undefined };
    });
    const progress: string[] = [];
    const files = picked(2 * IMPORT_FILES_PER_PART + 5);
    const result = await sendInParts(client, { kind: 'files', name: 'big', files, skippedFolders: ['node_modules'] }, (done, total) => progress.push(`${done}/${total}`));
    const parts = client.sent.filter((message) => message.type === 'import-part');
    expect(parts.map((part) => part.files.length)).toEqual([IMPORT_FILES_PER_PART, IMPORT_FILES_PER_PART, 5]);
    expect(parts.flatMap((part) => part.files)).toEqual(files);
    expect(new Set(parts.map((part) => part.partsId)).size).toBe(1);
    expect(progress).toEqual([`${IMPORT_FILES_PER_PART}/${files.length}`, `${2 * IMPORT_FILES_PER_PART}/${files.length}`, `${files.length}/${files.length}`]);
    expect(result.ok && result.value).toEqual({ kind: 'parts', name: 'big', partsId: parts[0]!.partsId, count: files.length, skippedFolders: ['node_modules'] });
  });

  it('stops at a part the worker refuses and says why', async () => {
    const client = fakeClient((_message, index) => (index === 1 ? { ok: false, error: { kind: 'worker', message: 'The worker stopped.' } } : { ok: true, value: undefined }));
    const result = await sendInParts(client, { kind: 'files', name: 'big', files: picked(3 * IMPORT_FILES_PER_PART) });
    expect(client.sent).toHaveLength(2);
    expect(!result.ok && result.error.message).toBe('The worker stopped.');
  });

  it('sends a ZIP whole', async () => {
    const client = fakeClient();
    const source = { kind: 'zip' as const, name: 'a.zip', file: new Blob([]) };
    expect((await sendInParts(client, source)).ok).toBe(true);
    expect(client.sent).toEqual([]);
  });
});
