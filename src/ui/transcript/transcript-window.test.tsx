import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TranscriptItem } from '../agent/session-reducer';
import { EARLIER_STEP, Transcript } from './transcript';

const messages = (count: number): TranscriptItem[] => Array.from({ length: count }, (_, index) => ({ type: 'user', id: `u${index}`, text: `message ${index}` }));

const render = (items: TranscriptItem[]) =>
  renderToStaticMarkup(<Transcript items={items} onDisableLoopDetection={null} checkpoints={new Map()} onRestore={null} />);

describe('a long transcript opens with its latest items', () => {
  it('shows the last items and says how many are above', () => {
    const html = render(messages(EARLIER_STEP + 250));
    expect(html.match(/aria-label="You"/g)).toHaveLength(EARLIER_STEP);
    expect(html).toContain('Show earlier (250 more above)');
    expect(html).toContain(`message ${EARLIER_STEP + 249}`);
    expect(html).not.toContain('>message 249<');
    expect(html).toContain('>message 250<');
  });

  it('a session that fits shows everything, with no button', () => {
    const html = render(messages(EARLIER_STEP));
    expect(html.match(/aria-label="You"/g)).toHaveLength(EARLIER_STEP);
    expect(html).not.toContain('Show earlier');
  });
});
