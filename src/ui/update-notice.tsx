/**
 * The offer of a new version (src/pwa/ installs it in the background): a status line with
 * *Update Loopscope* (the new version takes over and the page reloads) and *Later*. Nothing
 * reloads by itself, and while the agent runs (or a message waits for the sandbox) the offer
 * waits: it shows once the run ends, so an update never cuts a run short. The live region is
 * always in the page, so a screen reader announces the offer when it appears; the focus stays
 * where the person is.
 */
import { useState, useSyncExternalStore } from 'react';
import type { UpdateOffers } from '../pwa/types';

/** Whether the offer shows: a version waits, the person has not put it off, nothing runs. */
export function updateOfferShown(state: { waiting: boolean; dismissed: boolean; busy: boolean }): boolean {
  return state.waiting && !state.dismissed && !state.busy;
}

export interface UpdateNoticeProps {
  offers: UpdateOffers;
  /** The agent runs, or a message waits for the sandbox. */
  busy: boolean;
}

export function UpdateNotice({ offers, busy }: UpdateNoticeProps) {
  const waiting = useSyncExternalStore(offers.subscribe, offers.waiting, offers.waiting);
  const [dismissed, setDismissed] = useState(false);
  const [updating, setUpdating] = useState(false);
  return (
    <UpdateNoticeView
      shown={updateOfferShown({ waiting, dismissed, busy })}
      updating={updating}
      onUpdate={() => {
        setUpdating(true);
        offers.accept();
      }}
      onLater={() => setDismissed(true)}
    />
  );
}

export function UpdateNoticeView({ shown, updating, onUpdate, onLater }: { shown: boolean; updating: boolean; onUpdate: () => void; onLater: () => void }) {
  return (
    <div role="status" className={shown ? 'update-notice' : 'update-notice-idle'}>
      {shown ? (
        <>
          <span>{updating ? 'Updating Loopscope…' : 'A new version of Loopscope is ready.'}</span>
          <button type="button" disabled={updating} onClick={onUpdate}>
            Update Loopscope
          </button>
          <button type="button" disabled={updating} onClick={onLater}>
            Later
          </button>
        </>
      ) : null}
    </div>
  );
}
