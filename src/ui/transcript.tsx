/**
 * The transcript region: user messages, model text (streaming as plain text, markdown once
 * complete), thoughts, tool-call cards, notices and alerts, in order.
 */
import { Suspense, lazy, memo, useEffect, useRef } from 'react';
import type { TranscriptItem } from './session-reducer';
import { ToolCallCard } from './tool-call-card';

interface ItemProps {
  item: TranscriptItem;
  onDisableLoopDetection: () => void;
  /** Present when files can be put back as they were before this item. */
  onRestore?: (() => void) | undefined;
}

// Markdown rendering loads after the shell; until then a message shows as plain text.
const MarkdownText = lazy(() => import('./markdown'));

const Item = memo(function Item({ item, onDisableLoopDetection, onRestore }: ItemProps) {
  switch (item.type) {
    case 'user':
      return (
        <article className="message user" aria-label="You">
          <p className="text">{item.text}</p>
          {onRestore ? (
            <div className="message-actions">
              <button type="button" className="link-button" title="Put the files back as they were before this message" onClick={onRestore}>
                Restore
              </button>
            </div>
          ) : null}
        </article>
      );
    case 'agent':
      return (
        <article className="message agent" aria-label="Agent" aria-busy={item.streaming}>
          {item.streaming ? (
            <p className="text streaming">{item.text}</p>
          ) : (
            <Suspense fallback={<p className="text">{item.text}</p>}>
              <MarkdownText text={item.text} />
            </Suspense>
          )}
        </article>
      );
    case 'thought':
      return (
        <p className="thought">
          Thinking: <strong>{item.subject}</strong> {item.description}
        </p>
      );
    case 'tool':
      return <ToolCallCard call={item.call} onRestore={onRestore} />;
    case 'alert':
      return (
        <div role="alert" className="alert">
          <p>{item.message}</p>
          {item.action === 'disable-loop-detection' ? (
            <button type="button" onClick={onDisableLoopDetection}>
              Disable loop detection for this session
            </button>
          ) : null}
        </div>
      );
    case 'notice':
      return <p className="notice">{item.message}</p>;
  }
});

/** For each user message, the checkpoints taken by the tool calls that answered it. */
export function checkpointsByItem(items: readonly TranscriptItem[], checkpoints: ReadonlyMap<string, string>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  let owner: string | null = null;
  for (const item of items) {
    if (item.type === 'user') owner = item.id;
    if (item.type !== 'tool') continue;
    const checkpoint = checkpoints.get(item.call.callId);
    if (!checkpoint) continue;
    result.set(item.id, [checkpoint]);
    if (owner) result.set(owner, [...(result.get(owner) ?? []), checkpoint]);
  }
  return result;
}

export interface TranscriptProps {
  items: TranscriptItem[];
  onDisableLoopDetection: () => void;
  /** Checkpoint id by tool call id. */
  checkpoints: ReadonlyMap<string, string>;
  onRestore: ((checkpointIds: string[]) => void) | null;
}

export function Transcript({ items, onDisableLoopDetection, checkpoints, onRestore }: TranscriptProps) {
  const restorable = onRestore ? checkpointsByItem(items, checkpoints) : new Map<string, string[]>();
  const endRef = useRef<HTMLDivElement>(null);
  const last = items.at(-1);
  const lastLength = last?.type === 'agent' ? last.text.length : 0;
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [items.length, lastLength]);
  return (
    <section className="transcript" aria-label="Transcript">
      {items.length === 0 ? <p className="empty">Ask the agent to build or fix something.</p> : null}
      {items.map((item) => (
        <Item
          key={item.id}
          item={item}
          onDisableLoopDetection={onDisableLoopDetection}
          onRestore={onRestore && restorable.has(item.id) ? () => onRestore(restorable.get(item.id) ?? []) : undefined}
        />
      ))}
      <div ref={endRef} />
    </section>
  );
}
