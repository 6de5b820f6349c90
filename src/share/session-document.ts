/**
 * A stored session ⇄ its document. Building takes exactly the parts a document holds, so
 * nothing else of the sender (settings, keys, grants) can slip in; files over the caps are
 * left out and named in `notes`.
 */
import type { Content } from '../shared/content';
import { withEntryIds } from '../shared/content';
import { newId } from '../shared/ids';
import { fromBase64, toBase64 } from './base64';
import { DOCUMENT_FORMAT, DOCUMENT_VERSION } from './document';
import type { DocumentFile, SessionDocument } from './document';
import { packRoundTrips, unpackRoundTrips } from './pack-round-trips';
import type { RecordedRoundTrip } from './pack-round-trips';
import { SHARED_FILES_MAX_BYTES, SHARED_FILE_MAX_BYTES } from '../shared/limits';
import { keptNotes } from '../shared/notes';
import type { ModelPrices } from '../shared/model-prices';

export interface PlainFile {
  path: string;
  content: string | Uint8Array;
}

export interface SessionParts {
  title: string;
  createdAt: number;
  history: readonly Content[];
  roundTrips: readonly RecordedRoundTrip[];
  files: readonly PlainFile[];
  /** The workspace before the first message; undefined when it is not known. */
  startFiles?: readonly PlainFile[];
  /** Notes beside steps, by anchor key (shared/notes.ts). */
  annotations?: Readonly<Record<string, string>>;
  /** The prices the round-trips' costs are counted at, by model (shared/model-prices.ts pricesUsed). */
  prices?: Readonly<ModelPrices>;
}

const encoder = new TextEncoder();
const sizeOf = (content: string | Uint8Array) => (typeof content === 'string' ? encoder.encode(content).length : content.length);

function kib(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function toDocumentFiles(files: readonly PlainFile[], budget: { left: number }, notes: string[], where: string): DocumentFile[] {
  const kept: DocumentFile[] = [];
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const size = sizeOf(file.content);
    if (size > SHARED_FILE_MAX_BYTES) {
      notes.push(`${where}${file.path} (${kib(size)}) was left out: files over ${kib(SHARED_FILE_MAX_BYTES)} are not put in a session.`);
      continue;
    }
    if (size > budget.left) {
      notes.push(`${where}${file.path} (${kib(size)}) was left out: a session holds at most ${kib(SHARED_FILES_MAX_BYTES)} of files.`);
      continue;
    }
    budget.left -= size;
    kept.push(typeof file.content === 'string' ? { path: file.path, text: file.content } : { path: file.path, base64: toBase64(file.content) });
  }
  return kept;
}

export function buildDocument(parts: SessionParts): SessionDocument {
  const notes: string[] = [];
  const budget = { left: SHARED_FILES_MAX_BYTES };
  const document: SessionDocument = {
    format: DOCUMENT_FORMAT,
    version: DOCUMENT_VERSION,
    title: parts.title.slice(0, 500),
    createdAt: parts.createdAt,
    history: [...parts.history],
    roundTrips: packRoundTrips(parts.roundTrips, parts.history, parts.createdAt),
    files: toDocumentFiles(parts.files, budget, notes, ''),
  };
  if (parts.startFiles) document.startFiles = toDocumentFiles(parts.startFiles, budget, notes, 'At the start, ');
  if (notes.length > 0) document.notes = notes;
  const annotations = keptNotes(parts.annotations);
  if (Object.keys(annotations).length > 0) document.annotations = annotations;
  if (parts.prices && Object.keys(parts.prices).length > 0) document.prices = { ...parts.prices };
  return document;
}

function toPlainFiles(files: readonly DocumentFile[]): PlainFile[] {
  // A checked document's base64 decodes (check-document.ts).
  return files.map((file) => ('text' in file ? { path: file.path, content: file.text } : { path: file.path, content: fromBase64(file.base64) ?? new Uint8Array() }));
}

export interface OpenedDocument extends SessionParts {
  files: PlainFile[];
  startFiles?: PlainFile[];
  roundTrips: RecordedRoundTrip[];
  history: Content[];
  notes: string[];
}

/** The history with a distinct id on every entry: older documents have none, and a made-up one may repeat an id. */
function withDistinctEntryIds(history: readonly Content[]): Content[] {
  const seen = new Set<string>();
  const distinct = history.map((content) => {
    if (content.entryId === undefined || !seen.has(content.entryId)) {
      if (content.entryId !== undefined) seen.add(content.entryId);
      return content;
    }
    const { entryId: _repeated, ...rest } = content;
    return rest;
  });
  return withEntryIds(distinct, newId);
}

export function openDocument(document: SessionDocument): OpenedDocument {
  const history = withDistinctEntryIds(document.history as Content[]);
  const opened: OpenedDocument = {
    title: document.title,
    createdAt: document.createdAt,
    history,
    // Requests refer to history entries by index: they carry the same entries, ids and all.
    roundTrips: unpackRoundTrips(document.roundTrips, history, document.createdAt),
    files: toPlainFiles(document.files),
    notes: document.notes ?? [],
  };
  if (document.startFiles) opened.startFiles = toPlainFiles(document.startFiles);
  // Checked again: a note that holds control characters is dropped, never shown.
  const annotations = keptNotes(document.annotations);
  if (Object.keys(annotations).length > 0) opened.annotations = annotations;
  if (document.prices && Object.keys(document.prices).length > 0) opened.prices = document.prices;
  return opened;
}
