import type { ImportProgress } from './use-file-actions';

/** "Importing a/b: 12 of 40 files read…", the line under the Files pane and in the GitHub dialog. */
export function progressText(busy: string, progress: ImportProgress | null): string {
  if (!progress) return `${busy}…`;
  if (progress.stage === 'finding') return `${busy}: ${progress.done.toLocaleString('en')} files found…`;
  if (progress.stage === 'reading' && !progress.total) return `${busy}: listing the files…`;
  const verb = { sending: 'collected', reading: 'read', writing: 'written', uploading: 'uploaded' }[progress.stage];
  return `${busy}: ${progress.done.toLocaleString('en')} of ${(progress.total ?? 0).toLocaleString('en')} files ${verb}…`;
}
