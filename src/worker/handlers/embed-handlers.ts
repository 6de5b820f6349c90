/**
 * The embedded player's reading of the session it shows (ui/embed/): it opens no database of its
 * own (its worker's is in memory, store/memory-database.ts), so the title, the notes beside the
 * steps and the round-trips its Diagram counts come from here.
 */
import { listRoundTrips } from '../../store/round-trips';
import { getSession } from '../../store/sessions';
import type { HandlerTable } from './context';

export const embedHandlers: HandlerTable<'embed-session'> = {
  async 'embed-session'(request, context) {
    const [session, roundTrips] = await Promise.all([getSession(context.db, request.sessionId), listRoundTrips(context.db, request.sessionId)]);
    if (!session.ok) return { error: session.error };
    if (!roundTrips.ok) return { error: roundTrips.error };
    if (!session.value) return { error: { kind: 'session-deleted', message: 'This session is no longer there.' } };
    return { value: { title: session.value.title, notes: session.value.notes ?? {}, roundTrips: roundTrips.value } };
  },
};
