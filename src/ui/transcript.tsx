/**
 * The transcript region: user messages, model text (streaming as plain text, markdown once
 * complete), thoughts, tool-call cards, notices and alerts, in order.
 */
import { memo, useEffect, useRef } from 'react';
import type { TranscriptItem } from './session-reducer';
import { MarkdownText } from './markdown';
import { ToolCallCard } from './tool-call-card';

const Item = memo(function Item({ item, onDisableLoopDetection }: { item: TranscriptItem; onDisableLoopDetection: () => void }) {
  switch (item.type) {
    case 'user':
      return (
        <article className="message user" aria-label="You">
          <p className="text">{item.text}</p>
        </article>
      );
    case 'agent':
      return (
        <article className="message agent" aria-label="Agent" aria-busy={item.streaming}>
          {item.streaming ? <p className="text streaming">{item.text}</p> : <MarkdownText text={item.text} />}
        </article>
      );
    case 'thought':
      return (
        <p className="thought">
          Thinking: <strong>{item.subject}</strong> {item.description}
        </p>
      );
    case 'tool':
      return <ToolCallCard call={item.call} />;
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

export function Transcript({ items, onDisableLoopDetection }: { items: TranscriptItem[]; onDisableLoopDetection: () => void }) {
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
        <Item key={item.id} item={item} onDisableLoopDetection={onDisableLoopDetection} />
      ))}
      <div ref={endRef} />
    </section>
  );
}
