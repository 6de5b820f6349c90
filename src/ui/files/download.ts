/**
 * Downloads made by the page: text saved as a file, and the session file (the worker makes
 * the document; share/document.ts). Kept apart from the dialogs so the prompt's `/export`
 * needs no dialog's code.
 */
import type { WorkerClient } from '../../worker/client';

/** Saves text as a file through the browser's download. */
export function downloadText(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Asks the worker for the session file and downloads it; resolves with an error message, if any. */
export async function downloadSessionFile(client: WorkerClient): Promise<string | null> {
  const answer = await client.request({ type: 'export-session', as: 'file' });
  if (!answer.ok) return answer.error.message;
  const exported = answer.value;
  if (exported.fileText === undefined) return 'The session file could not be made.';
  downloadText(exported.fileName, exported.fileText);
  return null;
}
