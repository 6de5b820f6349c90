/**
 * The prompt: Enter sends, Shift+Enter is a new line. The box empties on send; if the
 * message is not accepted after all, its text comes back (unless the person typed anew).
 */
import { useState } from 'react';

export interface PromptBoxProps {
  running: boolean;
  /** A message was sent before the sandbox is ready and waits for it. */
  waiting?: boolean;
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
}

export function PromptBox({ running, waiting = false, onSend, onStop }: PromptBoxProps) {
  const [text, setText] = useState('');
  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || running) return;
    setText('');
    void onSend(trimmed).then((accepted) => {
      if (!accepted) setText((current) => current || trimmed);
    });
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
        placeholder={
          waiting
            ? 'Waiting for the sandbox… your message runs as soon as it is ready'
            : running
              ? 'The agent is working… (Escape stops it)'
              : 'Message the agent (Enter sends, Shift+Enter for a new line)'
        }
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
