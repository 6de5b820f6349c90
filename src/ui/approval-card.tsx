/** The approval region: what the call will do (a diff or a command) and the three outcomes. */
import { useEffect, useRef } from 'react';
import type { ApprovalOutcome, ToolCallView } from '../agent/types';
import { DiffView } from './diff-view';

export function ApprovalCard({ call, onDecide }: { call: ToolCallView; onDecide: (outcome: ApprovalOutcome) => void }) {
  const allowRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    allowRef.current?.focus({ preventScroll: true });
  }, [call.callId]);
  const preview = call.preview;
  return (
    <section className="approval" aria-label="Approval required">
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
        <button type="button" ref={allowRef} onClick={() => onDecide('proceed_once')}>
          Allow once
        </button>
        <button type="button" onClick={() => onDecide('proceed_always')}>
          Allow for this session
        </button>
        <button type="button" className="danger" onClick={() => onDecide('cancel')}>
          Deny
        </button>
      </div>
    </section>
  );
}
