/**
 * Databases as earlier schema versions left them, for the upgrade fault suite
 * (storage-faults.test.ts): a fast-check arbitrary of data in every table a version has,
 * written with raw table calls (not today's repositories), and a row count per table.
 *
 * v1 keeps a session's history revision on the session record; v2 moves it to `heads`.
 * Both store checkpoints with every file's content inline (`files: [{path, content}]`); from v3
 * a checkpoint names a manifest of content hashes (checkpoint-storage.ts).
 */
import fc from 'fast-check';
import type { Content } from '../../shared/content';
import { prepareSnapshot, writeSnapshot } from '../checkpoint-storage';
import type { PreparedSnapshot } from '../checkpoint-storage';
import type { LoopscopeDb } from '../db';
import { SCHEMA_VERSIONS, SETTINGS_KEY } from '../schema';
import { DEFAULT_SETTINGS } from '../types';
import type { FileContent, SettingsRecord } from '../types';

export interface LegacyFile {
  path: string;
  content: FileContent;
}

export interface LegacyCheckpoint {
  id: string;
  sessionId: string;
  callId?: string;
  createdAt: number;
  label: string;
  wholeWorkspace?: boolean;
  files: { path: string; content: FileContent | null }[];
}

export interface LegacySession {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  origin: 'local' | 'shared' | 'imported';
  revision: number;
  history: Content[];
  roundTrips: { id: string; interactionId: string; startedAt: number; endedAt: number; request: { model: string; contents: Content[] }; response: unknown[] }[];
  files: LegacyFile[];
  checkpoints: LegacyCheckpoint[];
}

export interface LegacyData {
  sessions: LegacySession[];
  settings: SettingsRecord;
}

export interface DataSize {
  sessions: number;
  turns: number;
  files: number;
  checkpoints: number;
  /** Longest text or byte content. */
  contentLength: number;
}

const text = (maxLength: number) => fc.string({ unit: 'binary', maxLength });
/** Text with the characters storage code gets wrong most: lone surrogates, NUL, CRLF, emoji. */
const awkwardText = (maxLength: number) =>
  fc.oneof(text(maxLength), fc.constantFrom('\uD800 lone', 'nul\u0000byte', 'crlf\r\nline', '🧪 emoji', ''));
/** A generated piece repeated up to `maxLength` (generating every unit of a 64 KB content one by one is slow). */
function tiled<T extends string | Uint8Array>(piece: fc.Arbitrary<T>, maxLength: number, tile: (piece: T, length: number) => T): fc.Arbitrary<T> {
  return fc.tuple(piece, fc.integer({ min: 0, max: maxLength })).map(([unit, length]) => tile(unit, length));
}
const longText = (maxLength: number) =>
  tiled(awkwardText(64), maxLength, (piece, length) => (piece.length === 0 ? '' : piece.repeat(Math.ceil(length / piece.length)).slice(0, length)));
const longBytes = (maxLength: number) =>
  tiled(fc.uint8Array({ minLength: 1, maxLength: 64 }), maxLength, (piece, length) => {
    const bytes = new Uint8Array(length);
    for (let offset = 0; offset < length; offset += piece.length) bytes.set(piece.subarray(0, Math.min(piece.length, length - offset)), offset);
    return bytes;
  });
const content = (maxLength: number): fc.Arbitrary<FileContent> => fc.oneof(longText(maxLength), longBytes(maxLength));

/** A user prompt, then either a model answer or a call with its one response. */
function turn(sessionIndex: number, turnIndex: number, size: DataSize): fc.Arbitrary<Content[]> {
  const callId = `s${sessionIndex}-call-${turnIndex}`;
  const prompt = awkwardText(size.contentLength).map((value): Content => ({ role: 'user', parts: [{ text: value }] }));
  const answer = awkwardText(size.contentLength).map((value): Content[] => [{ role: 'model', parts: [{ text: value }] }]);
  const call = fc.record({ path: awkwardText(40), output: longText(size.contentLength) }).map(({ path, output }): Content[] => [
    { role: 'model', parts: [{ functionCall: { id: callId, name: 'write_file', args: { file_path: path } }, thoughtSignature: `sig-${turnIndex}` }] },
    { role: 'user', parts: [{ functionResponse: { id: callId, name: 'write_file', response: { output } } }] },
  ]);
  return fc.tuple(prompt, fc.oneof(answer, call)).map(([user, rest]) => [user, ...rest]);
}

const uniquePaths = (max: number) => fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}(\/[a-z]{1,6})?\.(ts|md|png|bin)$/), { maxLength: max, size: 'max' });

function session(index: number, size: DataSize): fc.Arbitrary<LegacySession> {
  const id = `session-${index}`;
  return fc
    .record({
      title: awkwardText(48),
      origin: fc.constantFrom('local' as const, 'shared' as const, 'imported' as const),
      revision: fc.nat(1000),
      turns: fc.array(fc.nat(), { maxLength: size.turns, size: 'max' }).chain((turns) => fc.tuple(...turns.map((_, turnIndex) => turn(index, turnIndex, size)))),
      filePaths: uniquePaths(size.files),
      checkpointPaths: fc.array(uniquePaths(4), { maxLength: size.checkpoints, size: 'max' }),
      seeds: fc.array(content(size.contentLength), { minLength: 12, maxLength: 12 }),
      picks: fc.array(fc.nat(11), { minLength: 64, maxLength: 64 }),
      responses: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
    })
    .map(({ title, origin, revision, turns, filePaths, checkpointPaths, seeds, picks, responses }) => {
      // Contents repeat across files and checkpoints (as in a real workspace), so stored-once paths are exercised.
      let pick = 0;
      const next = () => seeds[(picks[pick++ % picks.length] ?? 0) % seeds.length] ?? '';
      const history = turns.flat();
      const roundTrips = turns.map((_, turnIndex) => ({
        id: `${id}-rt-${turnIndex}`,
        interactionId: `${id}-i-${turnIndex}`,
        startedAt: 1_000 + turnIndex,
        endedAt: 1_001 + turnIndex,
        request: { model: 'gemini-2.5-flash', contents: history.slice(0, 1 + turns.slice(0, turnIndex).flat().length) },
        response: responses,
      }));
      const checkpoints = checkpointPaths.map((paths, checkpointIndex): LegacyCheckpoint => ({
        id: `${id}-cp-${checkpointIndex}`,
        sessionId: id,
        ...(checkpointIndex % 2 === 0 ? { callId: `${id}-call-${checkpointIndex}` } : {}),
        createdAt: 2_000 + checkpointIndex,
        label: `write_file ${paths[0] ?? '(nothing)'}`,
        ...(checkpointIndex % 3 === 1 ? { wholeWorkspace: true } : {}),
        files: paths.map((path, fileIndex) => ({ path, content: fileIndex === 3 ? null : next() })),
      }));
      return {
        id,
        title,
        createdAt: index,
        updatedAt: index + 1,
        origin,
        revision,
        history,
        roundTrips,
        files: filePaths.map((path) => ({ path, content: next() })),
        checkpoints,
      };
    });
}

export function legacyData(size: DataSize): fc.Arbitrary<LegacyData> {
  return fc
    .integer({ min: 1, max: size.sessions })
    .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => session(index, size))))
    .chain((sessions) =>
      fc
        .record({ provider: fc.constantFrom('gemini' as const, 'scripted' as const), stepThrough: fc.boolean(), model: fc.constantFrom('gemini-2.5-flash', 'gemini-2.5-pro') })
        .map((changes) => ({ sessions, settings: { ...DEFAULT_SETTINGS, ...changes, lastSessionId: sessions[0]?.id } })),
    );
}

export const versionsUpTo = (version: number) => SCHEMA_VERSIONS.filter((schema) => schema.version <= version);

/** Writes `data` exactly as schema `version` (1 or 2) stored it, into a database declared at that version. */
export async function writeLegacyData(db: LoopscopeDb, version: number, data: LegacyData): Promise<void> {
  // From v3 on a checkpoint names a manifest of content hashes; hashing happens outside the transaction.
  const snapshots = new Map<LegacyCheckpoint, PreparedSnapshot>();
  if (version >= 3) {
    for (const session of data.sessions) for (const checkpoint of session.checkpoints) snapshots.set(checkpoint, await prepareSnapshot(checkpoint.files));
  }
  const checkpointRecord = (checkpoint: LegacyCheckpoint) => {
    const snapshot = snapshots.get(checkpoint);
    if (!snapshot) return checkpoint;
    const { files: _files, ...meta } = checkpoint;
    return { ...meta, manifest: snapshot.manifest.hash };
  };
  await db.transaction('rw', db.tables, async () => {
    for (const { history, roundTrips, files, checkpoints, revision, ...record } of data.sessions) {
      await db.table('sessions').add(version === 1 ? { ...record, revision } : record);
      if (version >= 2) await db.table('heads').add({ sessionId: record.id, revision });
      await db.table('history').bulkAdd(history.map((entry, seq) => ({ sessionId: record.id, seq, content: entry })));
      await db.table('roundTrips').bulkAdd(roundTrips.map((roundTrip) => ({ ...roundTrip, sessionId: record.id })));
      await db.table('files').bulkAdd(files.map((file) => ({ sessionId: record.id, ...file, size: byteLength(file.content), updatedAt: 5 })));
      for (const checkpoint of checkpoints) {
        const snapshot = snapshots.get(checkpoint);
        if (snapshot) await writeSnapshot(db, snapshot);
      }
      await db.table('checkpoints').bulkAdd(checkpoints.map(checkpointRecord));
    }
    await db.table('settings').put(data.settings, SETTINGS_KEY);
  });
}

const encoder = new TextEncoder();
export function byteLength(value: FileContent): number {
  return typeof value === 'string' ? encoder.encode(value).byteLength : value.byteLength;
}

/** Rows in every table of the database as it is declared. */
export async function rowCounts(db: LoopscopeDb): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of db.tables) counts[table.name] = await table.count();
  return counts;
}

/** What the data should amount to: rows of the tables every version shares, and file bytes. */
export function expectedCounts(data: LegacyData): { sessions: number; history: number; roundTrips: number; files: number; checkpoints: number; settings: number; fileBytes: number } {
  const sum = (pick: (session: LegacySession) => number) => data.sessions.reduce((total, session) => total + pick(session), 0);
  return {
    sessions: data.sessions.length,
    history: sum((session) => session.history.length),
    roundTrips: sum((session) => session.roundTrips.length),
    files: sum((session) => session.files.length),
    checkpoints: sum((session) => session.checkpoints.length),
    settings: 1,
    fileBytes: sum((session) => session.files.reduce((total, file) => total + byteLength(file.content), 0)),
  };
}
