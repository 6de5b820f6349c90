/**
 * The two commits of a turn: the person's message before the request (F1, F4), the model's
 * turn after its reply arrived whole (F7).
 */
import type { Content, Part } from '../../shared/content';
import { repairOrphanedToolUseTurns } from '../history/orphan-repair';
import { closeDanglingToolResultTurn, mergeAdjacentText } from '../history/request-contents';
import { CommitRefused, commitHistory } from '../session';
import type { Run } from '../session';

/**
 * A new user message joins stored history first, after any dangling-result placeholder, then
 * repair runs (F1, F4). The person's message (the first of a user query) is said as an event
 * either way: `user_message_stored`, or `user_message_refused` with the store's error (the
 * interaction then ends without a second report of it). A hook's or a continuation's message
 * refused is an ordinary error of the run.
 */
export async function storeUserMessage(run: Pick<Run, 'services' | 'state' | 'interaction'>, parts: Part[]): Promise<void> {
  const person = run.interaction.awaitingPrompt;
  try {
    await commitHistory(run, repairOrphanedToolUseTurns([...closeDanglingToolResultTurn(run.state.history), { role: 'user', parts }]));
  } catch (thrown) {
    if (person && thrown instanceof CommitRefused) refusePrompt(run, thrown);
    throw thrown;
  }
  if (!person) return;
  run.interaction.awaitingPrompt = false;
  run.services.deps.emit({ type: 'user_message_stored' });
  // The entry that holds these parts (repair may have put entries after it).
  const stored = run.state.history.findLast((content) => content.parts === parts) ?? run.state.history.at(-1);
  if (stored?.entryId) run.services.deps.emit({ type: 'entry_stored', value: { entryId: stored.entryId, kind: 'message' } });
}

/** The person's message was not stored: said once, as data; the interaction ends without another report. */
export function refusePrompt(run: Pick<Run, 'services' | 'interaction'>, refused: CommitRefused): void {
  run.interaction.awaitingPrompt = false;
  refused.reported = true;
  run.services.deps.emit({ type: 'user_message_refused', value: { error: refused.error } });
}

/**
 * The model turn as stored once its stream succeeded (F7): thoughts dropped (signatures
 * kept on the first call), adjacent text merged; `withResults` when its calls only read
 * (onlyReads): the store may then write it with their results. A reply to a request-only prompt
 * continues the model turn before it (A17: "part1" + "part2" is stored as "part1part2"), when
 * that turn is still the last one (a reactive compression may have replaced it).
 */
export async function storeModelTurn(run: Run, parts: Part[], joinWith: string | null, withResults = false): Promise<void> {
  if (parts.length === 0) return;
  const { history } = run.state;
  const last = history.at(-1);
  const next: Content[] =
    joinWith !== null && last?.role === 'model'
      ? // The continued turn keeps its id: it is the same entry, longer.
        [...history.slice(0, -1), { ...last, parts: mergeAdjacentText([...last.parts, ...(joinWith ? [{ text: joinWith }] : []), ...parts]) }]
      : [...history, { role: 'model', parts }];
  await commitHistory(run, next, withResults ? { withNext: true } : undefined);
  const entryId = run.state.history.at(-1)?.entryId;
  if (entryId) run.services.deps.emit({ type: 'entry_stored', value: { entryId, kind: 'reply' } });
}

/**
 * Whether a reply's model turn may be written together with its results: every call reads
 * (read and search tools never ask for approval and change nothing), so if the tab dies before
 * the results are stored, nothing ran that the stored history does not account for, and
 * Continue asks the model again. One transaction per round trip instead of two.
 */
export function onlyReads(run: Pick<Run, 'services'>, calls: readonly { name: string }[]): boolean {
  const { tools } = run.services.deps;
  return (
    calls.length > 0 &&
    calls.every((call) => {
      const kind = tools.get(call.name)?.declaration.kind;
      return kind === 'read' || kind === 'search';
    })
  );
}
