/**
 * A long session opens with its history's tail; when the earlier history arrives its items join
 * in front, the same items a whole history gives, and the window on screen does not move.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { call, model, reply, user } from '../../agent/history/fixtures';
import type { Content } from '../../shared/content';
import type { SessionView } from '../agent/session-reducer';
import { initialSessionView, sessionReducer } from '../agent/session-reducer';
import { itemsFromHistory } from '../agent/history-items';
import { EARLIER_STEP, Transcript, hiddenItems, openingWindow } from './transcript';

function longHistory(rounds: number): Content[] {
  const history: Content[] = [user('read many files')];
  for (let index = 0; index < rounds; index++) {
    history.push(model(`Reading f${index}.txt`, call('read_file', `c${index}`, { file_path: `f${index}.txt` })), user(reply('read_file', `c${index}`, `contents ${index}`)));
  }
  history.push(model('Read them all.'));
  return history;
}

const HISTORY = longHistory(300);
const FROM = 201; // a model entry

function openedWithTail(): SessionView {
  return sessionReducer(initialSessionView, {
    type: 'session-loaded',
    session: { sessionId: 's1', approvalMode: 'ask', history: HISTORY.slice(FROM), historyFrom: FROM, interruption: { type: 'none' }, sandboxKind: 'offline' },
  });
}

const earlier = (sessionId = 's1') => ({ type: 'session-earlier' as const, sessionId, history: JSON.stringify(HISTORY.slice(0, FROM)) });

const render = (view: SessionView) =>
  renderToStaticMarkup(
    <Transcript items={view.items} onDisableLoopDetection={null} checkpoints={new Map()} onRestore={null} prepended={view.prepended} earlierPending={view.earlierPending} />,
  );

describe('a session that opens with its history tail', () => {
  it('gets, once the earlier history arrives, the items of the whole history with distinct ids', () => {
    const view = sessionReducer(openedWithTail(), earlier());
    expect(view.items).toEqual(itemsFromHistory(HISTORY));
    expect(new Set(view.items.map((item) => item.id)).size).toBe(view.items.length);
    expect(view.earlierPending).toBe(false);
    expect(view.prepended).toBe(view.items.length - openedWithTail().items.length);
  });

  it('keeps what a running answer may void where it was, and ignores another session’s earlier history', () => {
    const opened = openedWithTail();
    expect(sessionReducer(opened, earlier('s2'))).toBe(opened);
    const joined = sessionReducer(opened, earlier());
    expect(joined.attemptFrom).toBe(opened.attemptFrom + joined.prepended);
    expect(sessionReducer(joined, earlier())).toBe(joined);
  });

  it('offers Show earlier while the earlier history loads, then counts it', () => {
    const opened = openedWithTail();
    expect(opened.items.length).toBeGreaterThan(EARLIER_STEP);
    expect(render(opened)).toContain(`Show earlier (${opened.items.length - EARLIER_STEP} more above; older ones loading)`);
    const joined = sessionReducer(opened, earlier());
    const html = render(joined);
    expect(html).toContain(`Show earlier (${joined.items.length - EARLIER_STEP} more above)`);
    expect(html).toContain('f299.txt');
    expect(html).not.toContain('f100.txt');
  });

  it('keeps the same items on screen when the earlier ones join in front', () => {
    const opened = openedWithTail();
    const firstShown = openingWindow(opened.items.length, opened.prepended);
    const before = opened.items.slice(hiddenItems(firstShown, opened.prepended, opened.items.length));
    const joined = sessionReducer(opened, earlier());
    const after = joined.items.slice(hiddenItems(firstShown, joined.prepended, joined.items.length));
    expect(after).toEqual(before);
    expect(after).toHaveLength(EARLIER_STEP);
  });
});
