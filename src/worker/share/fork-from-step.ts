/**
 * Fork from here (issue 26): a new, writable session from a step of this one: the history up to
 * the point (fork-plan.ts), the round-trips before it, the tool cards as shown, and the files as
 * they were then: the session's files with every checkpoint taken after the point undone (the
 * earliest snapshot of each file wins, as Restore does).
 *
 * A step from before this session was forked is covered by the checkpoints of the session it was
 * forked from (and so on). When the files cannot be known, nothing is made and the answer says
 * why, so the person can choose the fork with the current files (`currentFiles`): a checkpoint it
 * needs was pruned, or the step happened before the session existed (it came from a link or a
 * file and no replay has passed the step here since).
 */
import type { AppError, Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import type { Content } from '../../shared/content';
import { editableReply, editedReplyOf } from '../../shared/fork-point';
import type { ForkEdit, ForkOrigin, ForkPoint } from '../../shared/fork-point';
import { newId } from '../../shared/ids';
import { PRUNED_MESSAGE, listCheckpoints, readCheckpoints } from '../../store/checkpoints';
import type { LoopscopeDb } from '../../store/db';
import { listFiles } from '../../store/files';
import { loadHistory } from '../../store/history';
import { listRoundTrips } from '../../store/round-trips';
import { getSession } from '../../store/sessions';
import { createWholeSession } from '../../store/shared-sessions';
import { queryToolCards } from '../../store/tool-cards';
import type { FileContent, SessionRecord } from '../../store/types';
import { earliestFiles } from '../files/checkpoint-restore';
import { planFork } from './fork-plan';
import type { ForkPlan } from './fork-plan';

type PlainFile = { path: string; content: FileContent };

export const FILES_UNKNOWN_KIND = 'files-unknown';

/**
 * The session's files as they were at `cutoff`: later checkpoints undone. A tool call's checkpoint
 * is told by its call (`kept`: the calls of the fork's history stay done), so a call that started
 * in the same millisecond as the point is placed right; the person's own (imports, tree edits)
 * by time.
 */
async function filesAt(db: LoopscopeDb, session: SessionRecord, cutoff: number, current: readonly PlainFile[], roundTrip: number, kept: ReadonlySet<string>): Promise<Result<PlainFile[], AppError>> {
  if (cutoff === Number.POSITIVE_INFINITY) return ok([...current]);
  const listed = await listCheckpoints(db, session.id);
  if (!listed.ok) return listed;
  const after = listed.value.filter((checkpoint) => (checkpoint.callId ? !kept.has(checkpoint.callId) && checkpoint.createdAt >= cutoff : checkpoint.createdAt > cutoff));
  if (after.some((checkpoint) => checkpoint.pruned)) {
    return err({ kind: 'pruned', message: `${PRUNED_MESSAGE} So the files as they were at round-trip ${roundTrip} are not known; you can fork with the current files instead.` });
  }
  const contents = await readCheckpoints(db, session.id, after.map((checkpoint) => checkpoint.id));
  if (!contents.ok) return contents;
  const files = new Map(current.map((file) => [file.path, file.content]));
  for (const file of earliestFiles(contents.value, files.keys())) {
    if (file.content === null) files.delete(file.path);
    else files.set(file.path, file.content);
  }
  return ok([...files].map(([path, content]) => ({ path, content })).sort((a, b) => (a.path < b.path ? -1 : 1)));
}

/** The call's result as the model got it: its output (or error) text. */
function resultText(response: Record<string, unknown>): string {
  const value = response.output ?? response.error;
  return typeof value === 'string' ? value : JSON.stringify(response);
}

/** The plan's history with the edit made, and what it changed; an error when the edit does not fit the point. */
function applyEdit(plan: ForkPlan, point: ForkPoint, edit: ForkEdit, newId: () => string): Result<{ history: Content[]; change: NonNullable<ForkOrigin['edit']> }, AppError> {
  const history = plan.history;
  if (edit.kind === 'result') {
    const results = history.at(-1);
    const part = point.kind === 'call' ? results?.parts.find((candidate) => candidate.functionResponse?.id === point.callId) : undefined;
    if (point.kind !== 'call' || !results || !part?.functionResponse) return err({ kind: 'bad-request', message: 'Only a tool call\'s result can be edited there.' });
    const original = resultText(part.functionResponse.response);
    const key = 'error' in part.functionResponse.response && !('output' in part.functionResponse.response) ? 'error' : 'output';
    const { parts: _media, ...response } = part.functionResponse;
    part.functionResponse = { ...response, response: { [key]: edit.text } };
    return ok({ history, change: { kind: 'result', callId: point.callId, original, edited: edit.text } });
  }
  if (point.kind !== 'reply' || !plan.reply) return err({ kind: 'bad-request', message: 'Only a model reply can be edited there.' });
  const { text, calls } = edit.reply;
  // What the provider ran on its own servers for this reply (Gemini's URL context) happened: the edited reply keeps it, first, as it came.
  const serverParts = plan.reply.parts.filter((part) => part.toolCall || part.toolResponse);
  // A reply of its own: a new entry, with an id of its own.
  const reply: Content = {
    role: 'model',
    entryId: newId(),
    parts: [
      ...serverParts,
      ...(text.trim() ? [{ text }] : []),
      ...calls.map((call) => ({ functionCall: { id: newId(), name: call.name, args: structuredClone(call.args) } })),
    ],
  };
  return ok({ history: [...history, reply], change: { kind: 'reply', original: editableReply(editedReplyOf(plan.reply)), edited: editableReply(edit.reply) } });
}

export interface ForkOptions {
  /** With the files as they are now, not as they were at the point. */
  currentFiles?: boolean;
  edit?: ForkEdit;
  newId?: () => string;
}

export async function forkFromStep(db: LoopscopeDb, session: SessionRecord, point: ForkPoint, options: ForkOptions = {}): Promise<Result<SessionRecord, AppError>> {
  const currentFiles = options.currentFiles === true;
  const [history, roundTrips, stored] = await Promise.all([loadHistory(db, session.id), listRoundTrips(db, session.id), listFiles(db, session.id)]);
  if (!history.ok) return history;
  if (!roundTrips.ok) return roundTrips;
  if (!stored.ok) return stored;
  const plan = planFork(history.value.history, roundTrips.value, point);
  if (!plan.ok) return plan;
  const { roundTrip, cutoff } = plan.value;
  let files = stored.value.map((file) => ({ path: file.path, content: file.content }));
  if (!currentFiles) {
    // A step from before a fork was made is covered by the checkpoints of the session it came from.
    let owner: SessionRecord | null = session;
    let ownerFiles = files;
    for (let depth = 0; cutoff !== null && owner && cutoff < owner.createdAt && owner.forkedFrom && depth < 20; depth++) {
      const origin = await getSession(db, owner.forkedFrom.sessionId);
      owner = origin.ok ? origin.value : null;
      const read = owner ? await listFiles(db, owner.id) : null;
      if (!read?.ok) owner = null;
      else ownerFiles = read.value.map((file) => ({ path: file.path, content: file.content }));
    }
    // Before the session existed (copied from a link or a file), no checkpoint of it covers the step.
    if (cutoff === null || !owner || cutoff < owner.createdAt) {
      return err({
        kind: FILES_UNKNOWN_KIND,
        message: `The files as they were at round-trip ${roundTrip} are not known here: that step happened before this session was made (from a link or a file, or a fork of a session since deleted)${session.origin === 'shared' ? ' and no replay has passed it here yet' : ''}. You can fork with the current files instead.`,
      });
    }
    const kept = new Set(plan.value.history.flatMap((content) => content.parts.flatMap((part) => (part.functionCall?.id ? [part.functionCall.id] : []))));
    const at = await filesAt(db, owner, cutoff, ownerFiles, roundTrip, kept);
    if (!at.ok) return at;
    files = at.value;
  }
  let forked = plan.value.history;
  let edit: ForkOrigin['edit'];
  if (options.edit) {
    const edited = applyEdit(plan.value, point, options.edit, options.newId ?? (() => newId('call')));
    if (!edited.ok) return edited;
    ({ history: forked, change: edit } = edited.value);
  }
  const cards = await queryToolCards(db, session.id, forked).catch(() => ({}));
  const title = session.title.replace(/^(Shared|Lesson): /, '').replace(/ \(fork at round-trip \d+\)$/, '');
  const created = await createWholeSession(db, {
    title: `${title} (fork at round-trip ${roundTrip})`,
    origin: 'local',
    history: forked,
    roundTrips: plan.value.roundTrips,
    files,
    cards,
    forkedFrom: { sessionId: session.id, title: session.title, roundTrip, ...(session.origin === 'shared' ? { recording: true as const } : {}), ...(edit ? { edit } : {}) },
  });
  return created.ok ? ok(created.value) : err(created.error);
}
