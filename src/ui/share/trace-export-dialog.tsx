/**
 * Export → OpenTelemetry trace…: the session's loop as an OTLP/JSON file that Jaeger, Langfuse
 * and Phoenix read (the worker builds it: worker/trace/). Messages stay out unless the person
 * ticks Include messages; no key is ever in it.
 */
import { useRef, useState } from 'react';
import { downloadText } from '../files/download';
import { ModalDialog } from '../modal-dialog';
import type { ShareActions } from './use-share-actions';

type State = { kind: 'choosing' } | { kind: 'exporting' } | { kind: 'failed'; message: string } | { kind: 'done'; message: string };

/** `exportTrace`: the share actions' (use-share-actions.ts), for the session on screen. */
export function TraceExportDialog({ exportTrace, onClose }: { exportTrace: ShareActions['exportTrace']; onClose: () => void }) {
  const [includeMessages, setIncludeMessages] = useState(false);
  const [state, setState] = useState<State>({ kind: 'choosing' });
  const open = useRef(true);

  const download = async () => {
    if (state.kind === 'exporting') return;
    setState({ kind: 'exporting' });
    const answer = await exportTrace(includeMessages);
    if (!open.current) return;
    if (!answer.ok) return setState({ kind: 'failed', message: `The trace could not be made: ${answer.error.message}` });
    const trace = answer.value;
    downloadText(trace.fileName, trace.text);
    setState({ kind: 'done', message: `Downloaded ${trace.fileName}: ${trace.interactions} interaction(s), ${trace.spans} spans${includeMessages ? ', messages included' : ''}.` });
  };
  const close = () => {
    open.current = false;
    onClose();
  };

  const exporting = state.kind === 'exporting';
  return (
    <ModalDialog title="Export trace" onClose={close}>
      <form
        className="github-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <p className="field-hint">
          The session as an OpenTelemetry trace (OTLP/JSON, GenAI semantic conventions): one trace per message you sent, a span per model request and per tool call.
          Jaeger, Langfuse and Phoenix open it.
        </p>
        <label className="checkbox">
          <input type="checkbox" checked={includeMessages} onChange={(event) => setIncludeMessages(event.target.checked)} />
          Include messages
        </label>
        <p className="field-hint">Off: times, models, tokens, tool names and errors only. On: also your messages, the model&apos;s replies, tool arguments and results. Never a key.</p>
        {exporting ? <p role="status">Making the trace…</p> : null}
        {state.kind === 'done' ? <p role="status">{state.message}</p> : null}
        {state.kind === 'failed' ? (
          <p role="alert" className="field-error">
            {state.message}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="submit" disabled={exporting} aria-busy={exporting}>
            Download
          </button>
          <button type="button" onClick={close}>
            {state.kind === 'done' ? 'Close' : 'Cancel'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
