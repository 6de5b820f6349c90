/**
 * The transcript region: user messages, model text (streaming as plain text, markdown once
 * complete), thoughts, tool-call cards, notices and alerts, in order.
 *
 * Cost stays flat on long sessions: items are memoized (the reducer keeps unchanged items
 * identical), callbacks are stable, off-screen items skip layout (`content-visibility`), and
 * long text is laid out in blocks so a streaming message only re-renders its last block.
 *
 * A session opens with its last EARLIER_STEP items on the page and a "Show earlier" button
 * above them that adds EARLIER_STEP more each press. What is on the page is real DOM, so
 * find-in-page and screen readers read it as usual; what is not is said by the button (the
 * Loop inspector keeps every round-trip). Rendering every item of a 2,000-round-trip session
 * at once cost seconds; a window that grows by list virtualization instead would hide text
 * from find-in-page and screen readers, which a boundary the person moves does not.
 */
import { Suspense, lazy, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { TranscriptItem, WaitingSteer } from '../agent/session-reducer';
import { editableReply } from '../../shared/fork-point';
import type { EditedReply } from '../../shared/fork-point';
import type { ForkEditRequest } from './fork-edit-dialog';
import { StepNote } from './step-note';
import { ActionButton, FINAL, ForkButton, RestoreControl } from './step-actions';
import type { ForkAt } from './step-actions';
import { checkpointsByItem, noteAnchors, repliesByEntry } from './transcript-steps';
import type { SaveNote } from './step-note';
import { ToolCallCard } from './tool-call-card';
import { ThoughtsDisclosure } from './thoughts-disclosure';
import { MessageImages } from './message-images';

// Markdown rendering loads after the shell; until then, or if its code cannot be downloaded
// (offline before the service worker holds the build), a message shows as plain text.
const MarkdownText = lazy(() => import('./markdown').catch(() => ({ default: PlainText })));

/** Longer texts are shown as plain text: parsing them as markdown would freeze the page. */
const MARKDOWN_LIMIT = 50_000;
const BLOCK_SIZE = 8_000;

/** Splits text into blocks at line ends near BLOCK_SIZE; earlier blocks never change while it grows. */
export function textBlocks(text: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  while (text.length - start > BLOCK_SIZE) {
    // Searched within this block only: lastIndexOf from an offset scans back to the text's
    // start, so a long text without line ends cost time quadratic in its length.
    const newline = text.slice(start, start + BLOCK_SIZE + 1).lastIndexOf('\n');
    const end = newline > 0 ? start + newline + 1 : start + BLOCK_SIZE;
    blocks.push(text.slice(start, end));
    start = end;
  }
  blocks.push(text.slice(start));
  return blocks;
}

const Block = memo(function Block({ text }: { text: string }) {
  return <span className="text-block">{text}</span>;
});

export interface BlockCache {
  /** Blocks that will not change: they cover text[0, consumed). */
  complete: string[];
  consumed: number;
  /** The character before `consumed`, a cheap check that the text still extends the cached one. */
  lastChar: number;
}

/**
 * textBlocks for a text that grows at its end (a streaming answer): only the part after the
 * last complete block is split again, so a render costs the new text, not the whole message.
 * A text that does not extend the cached one is split from scratch.
 */
export const EMPTY_BLOCKS: BlockCache = { complete: [], consumed: 0, lastChar: -1 };

export function extendTextBlocks(cache: BlockCache, text: string): { cache: BlockCache; blocks: string[] } {
  let current = cache;
  if (text.length < current.consumed || (current.consumed > 0 && text.charCodeAt(current.consumed - 1) !== current.lastChar)) {
    current = EMPTY_BLOCKS;
  }
  const tail = textBlocks(text.slice(current.consumed));
  const finished = tail.slice(0, -1);
  if (finished.length > 0) {
    const consumed = current.consumed + finished.reduce((sum, block) => sum + block.length, 0);
    current = { complete: [...current.complete, ...finished], consumed, lastChar: text.charCodeAt(consumed - 1) };
  }
  return { cache: current, blocks: [...current.complete, tail.at(-1) ?? ''] };
}

function PlainText({ text }: { text: string }) {
  // A pure cache of the last split (same text, same blocks), so writing it while rendering is safe.
  const cache = useRef(EMPTY_BLOCKS);
  const { cache: next, blocks } = extendTextBlocks(cache.current, text);
  cache.current = next;
  return (
    <p className="text">
      {blocks.map((block, index) => (
        <Block key={index} text={block} />
      ))}
    </p>
  );
}

interface ItemProps {
  item: TranscriptItem;
  /** Null once detection is off for this session: the offer is gone. */
  onDisableLoopDetection: (() => void) | null;
  /** Checkpoints to restore to put files back as they were before this item, if any. */
  restore: string[] | undefined;
  onRestore: ((checkpointIds: string[]) => void) | null;
  /** A replayed call whose result differs from the recording: the recorded result. */
  recorded: string | undefined;
  /** Fork from here, at this item (null: not offered now, e.g. while the agent works). */
  onFork: ForkAt | null;
  /** Edit result and fork, Edit reply and fork: opens the dialog (null: not offered now). */
  onEditFork: ((request: ForkEditRequest) => void) | null;
  /** For a reply: the calls that followed its text (the reply as the Edit reply dialog shows it). */
  /** For a stored reply: all of it (its texts and calls), which Edit reply and fork starts from. */
  reply: EditedReply | undefined;
  /** This call's result was edited in this fork. */
  edited: boolean;
  /** The step's note key (shared/notes.ts); null when it cannot be known yet (the earlier history is loading). */
  anchor: string | null;
  note: string | undefined;
  /** Add note was pressed on this step: its editor shows. */
  noting: boolean;
  /** Opens (a key) or closes (null) a step's note editor; null: notes cannot be written here. */
  onNoting: ((anchor: string | null) => void) | null;
  onSaveNote: SaveNote | null;
}

const Item = memo(function Item(props: ItemProps) {
  const { item, anchor, note, noting, onNoting, onSaveNote } = props;
  const noteButton =
    anchor !== null && onNoting && onSaveNote ? (
      <ActionButton label={note ? 'Edit note' : 'Add note'} title="A note beside this step, shown to whoever opens the link when the replay reaches it" onClick={() => onNoting(anchor)} />
    ) : null;
  const body = <ItemBody {...props} noteButton={noteButton} />;
  if (item.type !== 'user' && item.type !== 'agent' && item.type !== 'tool') return body;
  return (
    <>
      {body}
      <StepNote anchor={anchor} text={note} editing={noting} onSave={onSaveNote} onDone={() => onNoting?.(null)} />
    </>
  );
});

function ItemBody({ item, onDisableLoopDetection, restore, onRestore, recorded, onFork, onEditFork, reply, edited, noteButton }: ItemProps & { noteButton: ReactNode }) {
  const restoreControl = (before: string) => (restore && onRestore ? <RestoreControl checkpointIds={restore} onRestore={onRestore} before={before} /> : null);
  switch (item.type) {
    case 'user': {
      // Offered once the message is stored: a fork names it by its entry's id.
      const fork = onFork && item.entryId ? <ForkButton point={{ kind: 'message', entryId: item.entryId }} prompt={item.text} images={item.images} onFork={onFork} what="before this message" /> : null;
      return (
        <article className={item.steering ? 'message user steering' : 'message user'} aria-label="You">
          {item.steering ? <p className="steering-mark">Steering</p> : null}
          <p className="text">{item.text}</p>
          {item.images ? <MessageImages images={item.images} /> : null}
          {(restore && onRestore) || fork || noteButton ? (
            <div className="message-actions">
              {noteButton}
              {fork}
              {restoreControl('this message')}
            </div>
          ) : null}
        </article>
      );
    }
    case 'agent': {
      // Offered once the reply is stored: the dialog starts from all of it (its texts and calls), which the fork replaces.
      const { entryId } = item;
      const editFork = onEditFork && entryId ? () => onEditFork({ kind: 'reply', point: { kind: 'reply', entryId }, initial: editableReply(reply ?? { text: item.text, calls: [] }) }) : null;
      return (
        <article className="message agent" aria-label="Agent" aria-busy={item.streaming}>
          {item.streaming || item.text.length > MARKDOWN_LIMIT ? (
            <PlainText text={item.text} />
          ) : (
            <Suspense fallback={<PlainText text={item.text} />}>
              <MarkdownText text={item.text} />
            </Suspense>
          )}
          {(editFork || noteButton) && !item.streaming ? (
            <div className="message-actions">
              {noteButton}
              {editFork ? <ActionButton label="Edit reply and fork" title="A new session where the model had replied as you write it" onClick={editFork} /> : null}
            </div>
          ) : null}
        </article>
      );
    }
    case 'thought':
      return (
        <ThoughtsDisclosure className="thought">
          <p>
            <strong>{item.subject}</strong> {item.description}
          </p>
        </ThoughtsDisclosure>
      );
    case 'tool': {
      const final = FINAL.has(item.call.status);
      const fork = onFork && final ? <ForkButton point={{ kind: 'call', callId: item.call.callId }} onFork={onFork} what="right after this call's batch" /> : null;
      const editResult =
        onEditFork && final ? (
          <ActionButton
            label="Edit result and fork"
            title="A new session where this call had returned what you write"
            onClick={() => onEditFork({ kind: 'result', point: { kind: 'call', callId: item.call.callId }, initial: item.call.resultText ?? '' })}
          />
        ) : null;
      const restoreHere = restoreControl('this call');
      return (
        <ToolCallCard
          call={item.call}
          edited={edited}
          restore={
            fork || editResult || restoreHere || noteButton ? (
              <div className="message-actions">
                {noteButton}
                {fork}
                {editResult}
                {restoreHere}
              </div>
            ) : null
          }
          recorded={recorded}
        />
      );
    }
    case 'alert':
      return (
        <div role="alert" className="alert">
          <p>{item.message}</p>
          {item.action === 'disable-loop-detection' && onDisableLoopDetection ? (
            <button type="button" onClick={onDisableLoopDetection}>
              Disable loop detection for this session
            </button>
          ) : null}
        </div>
      );
    case 'notice':
      return <p className="notice">{item.message}</p>;
  }
}

export interface TranscriptProps {
  items: TranscriptItem[];
  /** Steering messages sent and not joined yet: shown after the items, as waiting. */
  steering?: readonly WaitingSteer[];
  /** Null once detection is off for this session: the offer is gone. */
  onDisableLoopDetection: (() => void) | null;
  /** Checkpoint id by tool call id (PRUNED_CHECKPOINT once pruned). */
  checkpoints: ReadonlyMap<string, string>;
  onRestore: ((checkpointIds: string[]) => void) | null;
  /** On replay: the calls whose result differs from the recording, with the recorded result. */
  differs?: readonly { callId: string; recorded: string }[] | undefined;
  /** Items put in front since the session opened (its earlier history arrived): what is shown stays. */
  prepended?: number;
  /** The earlier history is still on its way (a long session shows its tail first). */
  earlierPending?: boolean;
  /** Fork from here on tool cards and person messages; null while it cannot be offered (the agent works). */
  onFork?: ForkAt | null;
  /** Edit result and fork on tool cards, Edit reply and fork on replies; null while not offered. */
  onEditFork?: ((request: ForkEditRequest) => void) | null;
  /** The call whose result this fork changed (its card says `edited`). */
  editedCallId?: string | undefined;
  /** The session's notes by anchor key (shared/notes.ts). */
  notes?: Readonly<Record<string, string>> | undefined;
  /** Saves or deletes a note; null: notes are shown but not written (another tab has the session). */
  onSaveNote?: SaveNote | null;
}

function earlierLabel(hidden: number, pending: boolean): string {
  const above = hidden > 0 ? `${hidden.toLocaleString('en')} more above` : '';
  if (!pending) return `Show earlier (${above})`;
  return `Show earlier (${above ? `${above}; ` : ''}older ones loading)`;
}

/** Items shown when a session opens, and added by each "Show earlier" press. */
export const EARLIER_STEP = 150;

/**
 * The window's first item is counted from the items the session opened with, so items put in
 * front later (its earlier history) do not move what is on screen. At mount: the last EARLIER_STEP.
 */
export function openingWindow(length: number, prepended: number): number {
  return Math.max(0, length - EARLIER_STEP) - prepended;
}

/** How many items are above the window (behind Show earlier). */
export function hiddenItems(firstShown: number, prepended: number, length: number): number {
  return Math.max(0, Math.min(firstShown + prepended, length));
}

/**
 * Mount one per session (key it by the session): the window starts at the items the session
 * opened with; items that arrive later are always shown.
 */
export function Transcript({ items, steering = [], onDisableLoopDetection, checkpoints, onRestore, differs, prepended = 0, earlierPending = false, onFork = null, onEditFork = null, editedCallId, notes, onSaveNote = null }: TranscriptProps) {
  const anchors = useMemo(() => noteAnchors(items, !earlierPending), [items, earlierPending]);
  const [noting, setNoting] = useState<string | null>(null);
  const restorable = useMemo(() => checkpointsByItem(items, checkpoints), [items, checkpoints]);
  const replies = useMemo(() => repliesByEntry(items), [items]);
  const recorded = useMemo(() => new Map(differs?.map((difference) => [difference.callId, difference.recorded])), [differs]);
  const [firstShown, setFirstShown] = useState(() => openingWindow(items.length, prepended));
  const hidden = hiddenItems(firstShown, prepended, items.length);
  const regionRef = useRef<HTMLElement>(null);
  const last = items.at(-1);
  const lastLength = last?.type === 'agent' ? last.text.length : 0;
  // Follow the end only while the person is at the end (reading older items is not disturbed).
  const following = useRef(true);
  const onScroll = useCallback(() => {
    const region = regionRef.current;
    if (region) following.current = region.scrollHeight - region.scrollTop - region.clientHeight < 80;
  }, []);
  useEffect(() => {
    const region = regionRef.current;
    if (region && following.current) region.scrollTop = region.scrollHeight;
  }, [items.length, lastLength, steering.length]);
  return (
    <section className="transcript" aria-label="Transcript" ref={regionRef} onScroll={onScroll}>
      {items.length === 0 ? <p className="empty">Ask the agent to build or fix something.</p> : null}
      {hidden > 0 || earlierPending ? (
        <button type="button" className="show-earlier" onClick={() => setFirstShown(Math.max(0, hidden - EARLIER_STEP) - prepended)}>
          {earlierLabel(hidden, earlierPending)}
        </button>
      ) : null}
      {(hidden > 0 ? items.slice(hidden) : items).map((item) => (
        <Item
          key={item.id}
          item={item}
          onDisableLoopDetection={onDisableLoopDetection}
          restore={restorable.get(item.id)}
          onRestore={onRestore}
          recorded={item.type === 'tool' ? recorded.get(item.call.callId) : undefined}
          onFork={onFork}
          onEditFork={onEditFork}
          reply={item.type === 'agent' && item.entryId ? replies.get(item.entryId) : undefined}
          edited={item.type === 'tool' && item.call.callId === editedCallId}
          anchor={anchors.get(item.id) ?? null}
          note={notes?.[anchors.get(item.id) ?? '']}
          noting={noting !== null && noting === anchors.get(item.id)}
          onNoting={onSaveNote ? setNoting : null}
          onSaveNote={onSaveNote}
        />
      ))}
      {steering.map((waiting) => (
        <article key={waiting.id} className="message user steering waiting" aria-label="You">
          <p className="steering-mark">Waiting to steer</p>
          <p className="text">{waiting.text}</p>
          {waiting.images ? <MessageImages images={waiting.images} /> : null}
        </article>
      ))}
    </section>
  );
}
