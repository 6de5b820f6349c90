/**
 * Steering: what the person types while the agent works joins the run at its next boundary
 * (ZCode's inline guide, `drainInlineGuideForNextRequest`). The boundaries are two, both in
 * agent.ts: after a batch's results are stored and before the next request (never between a
 * call and its result), and after a reply without calls, before any continuation or Stop hook;
 * there the message starts the next request of the same run.
 *
 * Each message is one user entry of its own, marked `steering`, after the results or the reply.
 * Requests merge it into the results' user turn (request-contents.ts, F3: Gemini refuses two
 * user turns side by side), where it follows every functionResponse; the OpenAI adapter sends it
 * as a user message after the tool messages.
 *
 * Never lost, never sent twice: the messages are taken from the inbox in one synchronous step,
 * stored, and only then said to have joined (`steering_joined`). A refused store gives them back
 * to the inbox, in front of any newer ones. After Stop nothing is taken: what waits is the
 * worker's to give back (guide.turnInterrupted).
 */
import { CommitRefused, commitHistory } from './session';
import type { Run } from './session';
import { promptImageParts } from '../shared/prompt-images';

/** Takes and stores every waiting steering message; true when any joined. */
export async function joinSteering(run: Run): Promise<boolean> {
  const inbox = run.services.deps.steering;
  if (!inbox || run.interaction.signal.aborted) return false;
  const messages = inbox.take();
  if (messages.length === 0) return false;
  const before = run.state.history.length;
  try {
    await commitHistory(run, [...run.state.history, ...messages.map((message) => ({ role: 'user' as const, parts: [{ text: message.text }, ...promptImageParts(message.images ?? [])], steering: true as const }))]);
  } catch (thrown) {
    if (thrown instanceof CommitRefused) inbox.giveBack(messages);
    throw thrown;
  }
  const joined = run.state.history.slice(before);
  run.services.deps.emit({
    type: 'steering_joined',
    value: { messages: messages.map((message, index) => ({ id: message.id, entryId: joined[index]?.entryId ?? '', text: message.text })) },
  });
  return true;
}
