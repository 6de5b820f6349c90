/**
 * A parsed value → a session document, or the first thing wrong with it in words. The schema
 * (document.ts) checks shapes; this adds what a schema cannot say: workspace paths that stay in
 * the workspace and appear once, binary contents that are base64, and round-trip references
 * that point at something that exists.
 */
import type { ShareErrorKind } from '../shared/error-kinds';
import type { AppError, Result } from '../shared/errors';
import { err, ok } from '../shared/errors';
import { resolveWorkspacePath } from '../shared/workspace-path';
import { fromBase64 } from './base64';
import { sessionDocumentSchema } from './document';
import type { DocumentFile, SessionDocument } from './document';

export type ShareError = AppError<ShareErrorKind>;

const invalid = (message: string): Result<never, ShareError> => err({ kind: 'share-invalid', message: `This session is not valid: ${message}. It was not opened.` });

function checkFiles(files: readonly DocumentFile[], where: string): string | null {
  const seen = new Set<string>();
  for (const file of files) {
    const resolved = resolveWorkspacePath(file.path);
    if (!resolved.ok || resolved.path !== file.path || file.path === '') return `${where} names a path outside the workspace or not in plain form (${JSON.stringify(file.path.slice(0, 80))})`;
    if (seen.has(file.path)) return `${where} names ${JSON.stringify(file.path)} twice`;
    seen.add(file.path);
    if ('base64' in file && fromBase64(file.base64) === null) return `${where}: the bytes of ${JSON.stringify(file.path)} are not base64`;
  }
  return null;
}

function checkRoundTrips(document: SessionDocument): string | null {
  let previousLength = 0;
  for (const [index, roundTrip] of document.roundTrips.entries()) {
    if (roundTrip.prefix > previousLength) return `round-trip ${index + 1} refers to more of the previous request than it has`;
    for (const content of roundTrip.tail) {
      if (typeof content === 'number' && content >= document.history.length) return `round-trip ${index + 1} refers to a history entry that does not exist`;
    }
    previousLength = roundTrip.prefix + roundTrip.tail.length;
  }
  return null;
}

export function checkDocument(value: unknown): Result<SessionDocument, ShareError> {
  const parsed = sessionDocumentSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the document';
    return invalid(`${where}: ${issue?.message ?? 'unexpected content'}`);
  }
  const document = parsed.data;
  const problem =
    checkFiles(document.files, 'its files') ?? (document.startFiles ? checkFiles(document.startFiles, 'its starting files') : null) ?? checkRoundTrips(document);
  return problem ? invalid(problem) : ok(document);
}
