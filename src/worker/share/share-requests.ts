/**
 * Sessions out and in: the Share link and the session file of the open session, a link or
 * file opened as a new read-only session, and Fork. The document holds only what
 * share/session-document.ts takes (no settings, keys or grants: those are never read here).
 */
import { decodeLink, documentJson, encodeLink, parseSessionFile, readDocument } from '../../share/codec';
import type { ShareError } from '../../share/codec';
import type { SessionDocument } from '../../share/document';
import type { RecordedRoundTrip } from '../../share/pack-round-trips';
import { LESSON_DOCUMENTS } from '../../share/lessons/bundled-documents';
import { buildDocument, openDocument } from '../../share/session-document';
import { fitLinkImages } from '../../share/link-images';
import { recordedSubagents } from '../../share/subagent-recordings';
import type { PlainFile } from '../../share/session-document';
import type { Content } from '../../shared/content';
import type { AppError, Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import { fileStemOf } from '../../shared/traces';
import type { GitHubConnection } from '../../github/client';
import { isGistLink } from '../../share/link-prefix';
import { readGistSession } from './gist-share';
import { listCheckpoints, readCheckpoints } from '../../store/checkpoints';
import { hashContent } from '../../store/content-hash';
import type { LoopscopeDb } from '../../store/db';
import { listFiles } from '../../store/files';
import { listRoundTrips } from '../../store/round-trips';
import { createWholeSession, findSharedSession, getSharedSession } from '../../store/shared-sessions';
import type { LoopEventNote, RoundTripRecord, SessionRecord } from '../../store/types';
import { earliestFiles } from '../files/checkpoint-restore';
import { documentPrices } from './document-prices';
import type { ExportedSession, SharedSource } from '../protocol';
import type { SessionRuntime } from '../session/session-runtime';
import { PROGRESS_TEXT_MAX_CHARS, SHARE_LINK_PRACTICAL_CHARS } from '../../shared/limits';

export const SHARED_TITLE_PREFIX = 'Shared: ';
export const LESSON_TITLE_PREFIX = 'Lesson: ';

/** The title a session had before it was opened from a link, a file or a lesson. */
const originalTitle = (title: string) => title.replace(/^(Shared|Lesson): /, '');

/** The workspace before the session's first message: its checkpoints put back over the end files. */
async function startFilesOf(db: LoopscopeDb, sessionId: string, end: readonly PlainFile[]): Promise<Result<PlainFile[] | undefined, AppError>> {
  const shared = await getSharedSession(db, sessionId);
  if (!shared.ok) return shared;
  if (shared.value) return ok(shared.value.startFiles);
  const listed = await listCheckpoints(db, sessionId);
  if (!listed.ok) return listed;
  // A pruned checkpoint took the oldest state of some files with it: the start is not known.
  if (listed.value.some((checkpoint) => checkpoint.pruned)) return ok(undefined);
  const read = await readCheckpoints(db, sessionId, listed.value.map((checkpoint) => checkpoint.id));
  if (!read.ok) return read;
  const files = new Map(end.map((file) => [file.path, file.content]));
  for (const earlier of earliestFiles(read.value, files.keys())) {
    if (earlier.content === null) files.delete(earlier.path);
    else files.set(earlier.path, earlier.content);
  }
  return ok([...files].map(([path, content]) => ({ path, content })));
}

const fileNameOf = (title: string) => `${fileStemOf(title, 'session')}.loopscope.json`;

/** The session's document as a link and (with `as: 'file'`) a file; `history` is the agent's, as committed. */
export async function exportSession(db: LoopscopeDb, session: SessionRecord, history: readonly Content[], as: 'link' | 'file'): Promise<Result<ExportedSession, AppError>> {
  const built = await sessionDocument(db, session, history);
  if (!built.ok) return built;
  const document = built.value;
  const json = documentJson(document);
  // Images attached to messages that would push the link past its limit are left out of it, with a note (the file keeps them).
  const link = fitLinkImages(document, SHARE_LINK_PRACTICAL_CHARS, encodeLink);
  const fragment = link.fragment;
  const exported: ExportedSession = {
    fragment: fragment.length <= SHARE_LINK_PRACTICAL_CHARS ? fragment : null,
    linkChars: fragment.length,
    documentBytes: new TextEncoder().encode(json).length,
    practicalLinkChars: SHARE_LINK_PRACTICAL_CHARS,
    fileName: fileNameOf(document.title),
    notes: link.document.notes ?? [],
  };
  if (as === 'file') exported.fileText = json;
  return ok(exported);
}

/** The session's document, as a link, a file or an encrypted Gist holds it; `history` is the agent's, as committed. */
export async function sessionDocument(db: LoopscopeDb, session: SessionRecord, history: readonly Content[]): Promise<Result<SessionDocument, AppError>> {
  const sessionId = session.id;
  const [roundTrips, stored] = await Promise.all([listRoundTrips(db, sessionId), listFiles(db, sessionId)]);
  if (!roundTrips.ok) return roundTrips;
  if (!stored.ok) return stored;
  const files = stored.value.map((file) => ({ path: file.path, content: file.content }));
  const startFiles = await startFilesOf(db, sessionId, files);
  if (!startFiles.ok) return startFiles;
  const title = session.title;
  const document = buildDocument({
    title: originalTitle(title),
    createdAt: session.createdAt,
    history,
    roundTrips: roundTrips.value.map(withoutHookRuns),
    files,
    ...(startFiles.value ? { startFiles: startFiles.value } : {}),
    ...(session.notes ? { annotations: session.notes } : {}),
    prices: await documentPrices(db, session, roundTrips.value),
  });
  return ok(document);
}

/**
 * A round-trip as a document holds it: the runs of the person's hooks (Settings → Hooks) are
 * theirs alone, never in a link or file; a step's progress words at most as long as a document
 * takes (recorded before the worker capped them, they could be longer).
 */
export function withoutHookRuns(roundTrip: RoundTripRecord): RecordedRoundTrip {
  const { notes, ...rest } = roundTrip;
  if (!notes) return rest;
  const { events, toolCalls } = notes;
  const calls = toolCalls
    ? { toolCalls: toolCalls.map((call) => ({ ...call, steps: call.steps.map((step) => (step.progress !== undefined && step.progress.length > PROGRESS_TEXT_MAX_CHARS ? { ...step, progress: step.progress.slice(0, PROGRESS_TEXT_MAX_CHARS) } : step)) })) }
    : {};
  const kept = (events ?? []).filter((event): event is Exclude<LoopEventNote, { type: 'hook_run' }> => event.type !== 'hook_run');
  const documentNotes = kept.length > 0 ? { ...calls, events: kept } : calls;
  return Object.keys(documentNotes).length > 0 ? { ...rest, notes: documentNotes } : rest;
}

/**
 * The session a link or file opens: the one it opened before (same bytes), else a new
 * read-only session `Shared: <title>`. Nothing runs: no tool, no model call.
 */
export async function openSharedSource(db: LoopscopeDb, source: SharedSource, github: () => GitHubConnection = () => ({ apiUrl: '' })): Promise<Result<SessionRecord | string, AppError>> {
  if (source.kind === 'link' && isGistLink(source.fragment)) {
    // Opened (decrypted and checked) before a session it opened before is looked for: a wrong key never reaches one.
    const read = await readGistSession(source.fragment, github());
    if (!read.ok) return read;
    return openOrCreate(db, `gist:${read.value.sealed}`, SHARED_TITLE_PREFIX, () => ok(read.value.document));
  }
  const lesson = source.kind === 'lesson' ? await lessonDocument(source.id) : null;
  const raw = source.kind === 'link' ? source.fragment.replace(/^#/, '') : source.kind === 'file' ? source.text : `lesson:${source.id}:${JSON.stringify(lesson)}`;
  const prefix = source.kind === 'lesson' ? LESSON_TITLE_PREFIX : SHARED_TITLE_PREFIX;
  return openOrCreate(db, raw, prefix, () => lesson ?? (source.kind === 'link' ? decodeLink(raw) : parseSessionFile(raw)));
}

/** The session `raw` opened before (same bytes), else a new one of the document `decode` reads from it. */
async function openOrCreate(db: LoopscopeDb, raw: string, prefix: string, decode: () => Result<SessionDocument, AppError>): Promise<Result<SessionRecord | string, AppError>> {
  const digest = await hashContent(raw);
  const found = await findSharedSession(db, digest);
  if (!found.ok) return found;
  if (found.value) return ok(found.value);
  const decoded = decode();
  if (!decoded.ok) return err(decoded.error);
  const opened = openDocument(decoded.value);
  const created = await createWholeSession(db, {
    title: `${prefix}${opened.title}`,
    origin: 'shared',
    history: opened.history,
    roundTrips: opened.roundTrips,
    files: opened.files,
    ...(opened.annotations ? { notes: { ...opened.annotations } } : {}),
    ...(opened.prices ? { prices: opened.prices } : {}),
    shared: {
      digest,
      recordedHistory: opened.history,
      notes: opened.notes,
      subagents: recordedSubagents(opened.roundTrips),
      ...(opened.startFiles ? { startFiles: opened.startFiles } : {}),
    },
  });
  return created.ok ? ok(created.value) : err(created.error);
}

/** A bundled lesson's document, checked like any other. */
async function lessonDocument(id: string): Promise<Result<SessionDocument, ShareError>> {
  const load = Object.hasOwn(LESSON_DOCUMENTS, id) ? LESSON_DOCUMENTS[id] : undefined;
  if (!load) return err({ kind: 'share-not-session', message: `There is no bundled lesson "${id}".` });
  return readDocument(await load());
}

/** An ordinary, writable copy of the open session as it is now. */
export async function forkSession(db: LoopscopeDb, runtime: SessionRuntime): Promise<Result<SessionRecord, AppError>> {
  const sessionId = runtime.session.id;
  const [roundTrips, stored] = await Promise.all([listRoundTrips(db, sessionId), listFiles(db, sessionId)]);
  if (!roundTrips.ok) return roundTrips;
  if (!stored.ok) return stored;
  const title = originalTitle(runtime.session.title);
  const created = await createWholeSession(db, {
    title: `${title} (fork)`,
    origin: 'local',
    history: runtime.agent.history(),
    roundTrips: roundTrips.value,
    files: stored.value.map((file) => ({ path: file.path, content: file.content })),
    ...(runtime.session.notes ? { notes: { ...runtime.session.notes } } : {}),
  });
  return created.ok ? ok(created.value) : err(created.error);
}
