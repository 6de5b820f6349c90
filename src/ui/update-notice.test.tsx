import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createUpdateOffers } from '../pwa/update-offers';
import { UpdateNotice, UpdateNoticeView, updateOfferShown } from './update-notice';

describe('the offer of a new version', () => {
  it('shows while a version waits, until the person puts it off', () => {
    expect(updateOfferShown({ waiting: true, dismissed: false, busy: false })).toBe(true);
    expect(updateOfferShown({ waiting: true, dismissed: true, busy: false })).toBe(false);
    expect(updateOfferShown({ waiting: false, dismissed: false, busy: false })).toBe(false);
  });

  it('waits while the agent runs, so an update never cuts a run short', () => {
    expect(updateOfferShown({ waiting: true, dismissed: false, busy: true })).toBe(false);
  });

  it('is a status line with Update Loopscope and Later; an empty live region otherwise', () => {
    const noop = () => undefined;
    const shown = renderToStaticMarkup(<UpdateNoticeView shown updating={false} onUpdate={noop} onLater={noop} />);
    expect(shown).toContain('role="status"');
    expect(shown).toContain('A new version of Loopscope is ready.');
    expect(shown).toMatch(/<button type="button">Update Loopscope<\/button>/);
    expect(shown).toMatch(/<button type="button">Later<\/button>/);
    expect(renderToStaticMarkup(<UpdateNoticeView shown={false} updating={false} onUpdate={noop} onLater={noop} />)).toBe('<div role="status" class="update-notice-idle"></div>');
  });

  it('reads the offers: nothing before a version waits, the offer once one does, and Update lets it take over', () => {
    const offers = createUpdateOffers();
    expect(renderToStaticMarkup(<UpdateNotice offers={offers} busy={false} />)).not.toContain('Update Loopscope');
    let activated = 0;
    offers.offer(() => activated++);
    expect(renderToStaticMarkup(<UpdateNotice offers={offers} busy={false} />)).toContain('Update Loopscope');
    expect(renderToStaticMarkup(<UpdateNotice offers={offers} busy />)).not.toContain('Update Loopscope');
    offers.accept();
    expect(activated).toBe(1);
    offers.withdraw();
    expect(offers.waiting()).toBe(false);
  });
});
