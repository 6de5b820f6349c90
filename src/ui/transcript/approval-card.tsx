/**
 * The approval region: what the call will do (a diff or a command) and the three outcomes.
 * A card answers once, and only after it has been on screen for a moment: the second click
 * of a double-click, or a held Enter, must not approve the next call that takes its place.
 * It takes focus only when the person is not typing somewhere else.
 */
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ApprovalOutcome, ToolCallView } from '../../agent/types';
import { DiffView } from './diff-view';

const APPROVAL_ARMING_MS = 400;

/** Is focus in a place that takes text (the prompt, a field, the editor, the terminal)? */
function isTyping(element: Element | null): boolean {
  return !!element?.closest('input, textarea, select, [contenteditable="true"], .monaco-editor, .xterm');
}

/** A held key repeats: only its first press may answer. */
function ignoreRepeat(event: KeyboardEvent): void {
  if (event.repeat) event.preventDefault();
}

/** `subagent`: the call is a subagent's (its `task` description), and the card says so. */
export function ApprovalCard({ call, subagent, onDecide }: { call: ToolCallView; subagent?: string | undefined; onDecide: (outcome: ApprovalOutcome) => void }) {
  const allowRef = useRef<HTMLButtonElement>(null);
  const [ready, setReady] = useState<{ callId: string; answered: boolean } | null>(null);
  useEffect(() => {
    // Focus comes here for the keyboard, unless the person is typing elsewhere: a key meant
    // for the prompt or the editor must never answer the card.
    if (!isTyping(document.activeElement)) allowRef.current?.focus({ preventScroll: true });
    const timer = setTimeout(() => setReady({ callId: call.callId, answered: false }), APPROVAL_ARMING_MS);
    return () => clearTimeout(timer);
  }, [call.callId]);
  const live = ready?.callId === call.callId && !ready.answered;
  const decide = (outcome: ApprovalOutcome) => {
    if (!live) return;
    setReady({ callId: call.callId, answered: true });
    onDecide(outcome);
  };
  const buttonProps = { type: 'button' as const, 'aria-disabled': !live, onKeyDown: ignoreRepeat };
  const preview = call.preview;
  return (
    <section className="approval" aria-label="Approval required">
      {subagent !== undefined ? <p className="approval-subagent">Subagent: {subagent}</p> : null}
      <h2>
        Allow <code>{call.name}</code>
        {call.summary ? (
          <>
            {' '}
            on <code>{call.summary}</code>
          </>
        ) : null}
        ?
      </h2>
      {preview?.type === 'diff' ? <DiffView path={preview.path} before={preview.before} after={preview.after} /> : null}
      {preview?.type === 'command' ? (
        <pre className="approval-command" aria-label="Command">
          {preview.cwd ? `(in ${preview.cwd}) ` : ''}$ {preview.command}
          {preview.background ? '  [background]' : ''}
        </pre>
      ) : null}
      {preview?.type === 'text' ? <pre className="approval-command">{preview.text}</pre> : null}
      <div className="approval-actions">
        <button {...buttonProps} ref={allowRef} onClick={() => decide('proceed_once')}>
          Allow once
        </button>
        <button {...buttonProps} onClick={() => decide('proceed_always')}>
          Allow for this session
        </button>
        <button {...buttonProps} className="danger" onClick={() => decide('cancel')}>
          Deny
        </button>
      </div>
    </section>
  );
}
