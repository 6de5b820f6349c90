/**
 * The recorded subagents a replay runs again (replay.ts): read from the shared session, or from
 * an older one's round-trips, and planned per `task` call.
 */
import { createRecordedModel } from '../../model/scripted/recorded-model';
import type { RecordedModel } from '../../model/scripted/recorded-model';
import { replayPlan } from '../../share/replay-plan';
import type { ReplayPlan } from '../../share/replay-plan';
import { recordedSubagents } from '../../share/subagent-recordings';
import type { Content } from '../../shared/content';
import { ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import type { LoopscopeDb } from '../../store/db';
import { listRoundTrips } from '../../store/round-trips';
import { keepSharedSubagents } from '../../store/shared-sessions';

/** The shared session's recorded subagents by `task` call id, kept with it or read from its round-trips. */
export function recordedSubagentsOf(
  db: LoopscopeDb,
  shared: { subagents?: Record<string, Content[]> | undefined },
  sessionId: string,
): Promise<Result<Record<string, Content[]>, AppError>> {
  return shared.subagents ? Promise.resolve(ok(shared.subagents)) : subagentsOfOlderSession(db, sessionId);
}

/**
 * The recording's subagents of a shared session opened before they were kept with it: read from
 * its round-trips before the replay's reset removes them, and kept. Those are the recording's
 * until a replay replaced them; an earlier replay's hold no subagent of its own, so its `task`
 * calls answer from the recorded result as they did.
 */
async function subagentsOfOlderSession(db: LoopscopeDb, sessionId: string): Promise<Result<Record<string, Content[]>, AppError>> {
  const roundTrips = await listRoundTrips(db, sessionId);
  if (!roundTrips.ok) return roundTrips;
  const subagents = recordedSubagents(roundTrips.value);
  const kept = await keepSharedSubagents(db, sessionId, subagents);
  return kept.ok ? ok(subagents) : kept;
}


/** The recorded subagents, by `task` call id: what each plays (its replies in order), and its calls' recorded results. */
export function subagentPlans(subagents: Readonly<Record<string, Content[]>>): { plans: Map<string, ReplayPlan>; replies: Map<string, Content[]>; results: Map<string, Record<string, unknown>> } {
  const plans = new Map<string, ReplayPlan>();
  const replies = new Map<string, Content[]>();
  const results = new Map<string, Record<string, unknown>>();
  for (const [callId, conversation] of Object.entries(subagents)) {
    const nested = replayPlan(conversation);
    const responses = nested.steps.flatMap((step) => step.responses);
    if (responses.length === 0) continue;
    plans.set(callId, nested);
    replies.set(callId, responses);
    for (const [id, result] of nested.results) results.set(id, result);
  }
  return { plans, replies, results };
}

/** The model of each subagent that runs again, made on its first request and kept: it plays the subagent's replies in order. */
export function subagentModels(replies: ReadonlyMap<string, Content[]>, delayMs: () => number): (callId: string) => RecordedModel | undefined {
  const models = new Map<string, RecordedModel>();
  return (callId) => {
    const recorded = replies.get(callId);
    if (!recorded) return undefined;
    let model = models.get(callId);
    if (!model) {
      models.set(callId, (model = createRecordedModel({ delayMs })));
      model.load(recorded);
    }
    return model;
  };
}
