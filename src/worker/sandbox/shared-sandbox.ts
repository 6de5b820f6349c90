/**
 * WebContainer is one sandbox per page, shared by every session in turn: before the next
 * session takes it, its workspace is emptied (the session's own files are restored from
 * IndexedDB next) and so is its temporary folder, so nothing the last session left in /tmp
 * reaches the next one. The shell is not confined to these two places: see
 * sandbox/decisions.md ("WebContainer's shell is not confined").
 */
import type { Sandbox } from '../../sandbox/types';

export async function clearForNextSession(sandbox: Sandbox): Promise<Sandbox> {
  const entries = await sandbox.readDir('').catch(() => []);
  for (const entry of entries) await sandbox.remove(entry.name, { recursive: true }).catch(() => undefined);
  await sandbox.clearTemporaryFiles?.();
  return sandbox;
}
