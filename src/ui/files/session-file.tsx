/**
 * Session files in the Files pane's menus: Import → Open session file (a `.loopscope.json`
 * document opens as a read-only shared session, as a link does) and Export → Download session
 * file, and Export → OpenTelemetry trace… (its dialog loads when first opened). A file that cannot
 * be read leaves one alert here and changes nothing.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { MenuItem } from '../menu';
import type { ShareActions } from '../share/use-share-actions';

const TraceExportDialog = lazy(() => import('../share/trace-export-dialog').then((module) => ({ default: module.TraceExportDialog })));

/** Larger than any session file Loopscope writes (share/codec.ts reads at most 64 MB). */
const MAX_SESSION_FILE_BYTES = 64 * 1024 * 1024;

/** `actions`: the share actions for the session on screen (use-share-actions.ts). */
export function useSessionFile(actions: ShareActions) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [tracing, setTracing] = useState(false);

  const opened = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > MAX_SESSION_FILE_BYTES) return setError(`${file.name} is larger than any session file (over 64 MB); it was not opened.`);
    const answer = await actions.openSessionFile(file.name, await file.text());
    if (!answer.ok) setError(`${file.name} could not be opened. ${answer.error.message}`);
  };

  const importItems: MenuItem[] = [{ label: 'Open session file', onSelect: () => input.current?.click() }];
  const exportItems: MenuItem[] = [
    {
      label: 'Download session file',
      onSelect: () =>
        void actions.downloadSessionFile().then((failed) => setError(failed ? `The session file could not be made: ${failed}` : null)),
    },
    { label: 'OpenTelemetry trace…', onSelect: () => setTracing(true) },
  ];
  const elements = (
    <>
      <input ref={input} type="file" accept=".json,application/json" hidden aria-hidden="true" tabIndex={-1} onChange={(event) => void opened(event)} />
      {error ? (
        <div role="alert" className="files-notice error">
          <p>{error}</p>
          <button type="button" className="icon" aria-label="Dismiss" onClick={() => setError(null)}>
            ×
          </button>
        </div>
      ) : null}
      {tracing ? (
        <Suspense fallback={null}>
          <TraceExportDialog exportTrace={actions.exportTrace} onClose={() => setTracing(false)} />
        </Suspense>
      ) : null}
    </>
  );
  return { importItems, exportItems, elements };
}
