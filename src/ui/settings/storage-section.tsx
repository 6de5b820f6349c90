/**
 * Settings → Storage: what the site stores (navigator.storage, where the browser has it) and
 * Free space, which prunes old checkpoints now.
 */
import { useCallback, useEffect, useState } from 'react';
import { formatBytes } from '../../shared/format-bytes';
import type { WorkerResponse } from '../../worker/client';

/** The part of StorageManager the storage line reads; either method may be missing. */
export type StorageProbe = Partial<Pick<StorageManager, 'estimate' | 'persisted'>>;

/** One line about the site's storage; says so where the browser does not tell (no navigator.storage, a failing call). */
export async function describeStorage(storage: StorageProbe | undefined): Promise<string> {
  const estimate = await storage?.estimate?.().catch(() => undefined);
  const persisted = await storage?.persisted?.().catch(() => undefined);
  const usage =
    estimate?.usage !== undefined && estimate.quota !== undefined
      ? `${formatBytes(estimate.usage)} used of ${formatBytes(estimate.quota)} this site may use`
      : 'This browser does not report how much this site stores';
  const persistence =
    persisted === true
      ? 'kept until you delete it (persistent)'
      : persisted === false
        ? 'not persistent: the browser may clear it when the disk runs low'
        : 'whether the browser may clear it is unknown';
  return `${usage}; ${persistence}.`;
}

function freedText(answer: WorkerResponse<'free-space'>): string {
  if (!answer.ok) return answer.error.message;
  const report = answer.value;
  if (!report.pruned) return 'Nothing to free: the checkpoints already fit the smaller budget.';
  return `Pruned ${report.pruned} old checkpoint(s), freeing ${formatBytes(report.freedBytes)}; their Restore now says so.`;
}

export function StorageSection({ freeSpace }: { freeSpace?: (() => Promise<WorkerResponse<'free-space'>>) | undefined }) {
  const [line, setLine] = useState('Reading storage use…');
  const [freeing, setFreeing] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const refresh = useCallback(() => {
    const storage = typeof navigator !== 'undefined' ? (navigator.storage as StorageProbe | undefined) : undefined;
    void describeStorage(storage).then(setLine);
  }, []);
  useEffect(refresh, [refresh]);
  const free = () => {
    if (!freeSpace || freeing) return;
    setFreeing(true);
    void freeSpace()
      .then((answer) => setResult(freedText(answer)))
      .finally(() => {
        setFreeing(false);
        refresh();
      });
  };
  return (
    <>
      <p className="field-hint">{line}</p>
      {freeSpace ? (
        <button type="button" onClick={free} disabled={freeing} aria-busy={freeing}>
          Free space
        </button>
      ) : null}
      <p className="field-hint">Free space prunes old checkpoints now (Restore then says they were pruned); your sessions and files stay.</p>
      {result ? <p role="status">{result}</p> : null}
    </>
  );
}
