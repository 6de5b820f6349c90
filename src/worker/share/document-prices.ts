/**
 * The prices a session's document (link, session file) carries: those its round-trips' models
 * were counted at in the Loop inspector, the session's own recorded ones first (a shared session
 * shared again keeps its sender's), then the person's (Settings → Model), then the defaults
 * (shared/model-prices.ts). Only prices: the settings they come from hold keys, never read here.
 */
import type { ModelPrices } from '../../shared/model-prices';
import { pricesUsed } from '../../shared/model-prices';
import type { LoopscopeDb } from '../../store/db';
import { getSettings } from '../../store/settings';
import type { SessionRecord } from '../../store/types';

export async function documentPrices(db: LoopscopeDb, session: Pick<SessionRecord, 'prices'>, roundTrips: readonly { request: { model: string } }[]): Promise<ModelPrices> {
  const settings = await getSettings(db);
  // The settings could not be read (the store failing): the document still goes, at the recorded prices and the defaults.
  const own = settings.ok ? settings.value.modelPrices : undefined;
  return pricesUsed(
    roundTrips.map((roundTrip) => roundTrip.request.model),
    session.prices,
    own,
  );
}
