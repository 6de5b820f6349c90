/**
 * The seam is typed by request: `client.request` answers each request type with its own value
 * (protocol.ts Requests), a session request must name its session, and a handler must answer
 * with its type's value. Checked by the compiler (`npm run typecheck` covers this file): each
 * `@ts-expect-error` below fails the typecheck if the mistake under it ever compiles, and the
 * plain lines fail it if a typed answer ever needs a cast again.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppError } from '../shared/errors';
import type { WorkerClient, WorkerResponse } from './client';
import type { Handler } from './handlers/context';
import type { ExportedZip, ImportReport } from './protocol';

async function usesOfTheClient(client: WorkerClient): Promise<void> {
  const zip = await client.request({ type: 'export-zip', sessionId: null });
  if (zip.ok) {
    const exported: ExportedZip = zip.value; // no cast: the answer is typed by the request
    const name: string = zip.value.name;
    void [exported, name];
    // @ts-expect-error an ExportedZip is not an ImportReport
    const report: ImportReport = zip.value;
    void report;
  }
  // @ts-expect-error a message must name the session it was made for (or null)
  client.send({ type: 'send', text: 'hi' });
  // @ts-expect-error free-space answers a PruneReport, not an ImportReport
  const wrong: WorkerResponse<'import-files'> = await client.request({ type: 'free-space' });
  void wrong;
}

// @ts-expect-error a handler must answer with its request's value (export-zip: an ExportedZip)
const wrongHandler: Handler<'export-zip'> = async () => ({ value: { imported: 1, replaced: 0, skipped: [] } });

describe('typed requests', () => {
  it('answer each request type with its own value', () => {
    expectTypeOf<WorkerResponse<'export-zip'>>().toEqualTypeOf<{ ok: true; value: ExportedZip } | { ok: false; error: AppError }>();
    expectTypeOf(usesOfTheClient).toBeFunction();
    expect(wrongHandler).toBeTypeOf('function');
  });
});
