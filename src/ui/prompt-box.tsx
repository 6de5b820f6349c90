/** The prompt: Enter sends, Shift+Enter is a new line. Text is kept until the worker accepts it. */
import { useState } from 'react';

export function PromptBox({ running, onSend, onStop }: { running: boolean; onSend: (text: string) => boolean; onStop: () => void }) {
  const [text, setText] = useState('');
  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || running) return;
    if (onSend(trimmed)) setText('');
  };
  return (
    <form
      className="prompt"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        aria-label="Message the agent"
        // The page is for talking to the agent: typing can start as soon as it opens.
        autoFocus
        placeholder={running ? 'The agent is working… (Escape stops it)' : 'Message the agent (Enter sends, Shift+Enter for a new line)'}
        value={text}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <div className="prompt-actions">
        {running ? (
          <button type="button" className="danger" onClick={onStop}>
            Stop
          </button>
        ) : null}
        <button type="submit" disabled={running || text.trim() === ''}>
          Send
        </button>
      </div>
    </form>
  );
}
