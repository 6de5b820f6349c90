/**
 * The Files pane's requests to the worker: import, Download ZIP, New file, New folder, Rename,
 * Delete and Undo; what the pane tells the person about them (a note, an alert, an Undo); and an
 * import's progress. Every change first saves the editor's unsaved text (`flush`), and the
 * worker runs that save before the change (worker/files/person-files.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';
import type { WorkerClient } from '../../worker/client';
import type { AnswerOf, ExportedZip, ImportReport, ImportSource, RequestOf, RequestType, SkippedEntry } from '../../worker/protocol';
import { sendInParts } from './import-in-parts';

export interface FileNotice {
  tone: 'info' | 'error';
  message: string;
  /** Offered as Undo: the checkpoint to restore, and what to do once it is (tabs follow a rename back). */
  undo?: { checkpointId: string; after?: () => void };
}

export interface ImportProgress {
  /** finding: a folder walked; sending: its files handed to the worker (import-in-parts.ts). */
  stage: 'finding' | 'sending' | 'reading' | 'writing' | 'uploading';
  done: number;
  /** Unknown while a folder is still being walked. */
  total?: number;
}

export interface FileActionsOptions {
  client: WorkerClient;
  sessionId: string;
  flushRef: MutableRefObject<(() => void) | null>;
  /** The editor follows: tabs of renamed files move, tabs of deleted ones close, a new file opens. */
  onRenamed: (from: string, to: string) => void;
  onDeleted: (path: string) => void;
  onCreated: (path: string, kind: 'file' | 'folder') => void;
}

export type FileActions = ReturnType<typeof useFileActions>;

/** "Skipped node_modules/ (120 files), .git/: …" or null. */
export function skippedNote(skipped: readonly SkippedEntry[]): string | null {
  if (skipped.length === 0) return null;
  const listed = skipped.map((entry) => (entry.files === undefined ? entry.name : `${entry.name} (${entry.files.toLocaleString('en')} file${entry.files === 1 ? '' : 's'})`));
  return `Skipped ${listed.join(', ')}: dependency, version-control and system folders are never kept in a session.`;
}

export function importNote(name: string, report: ImportReport): string {
  if (report.github) {
    const { repository, ref, folder, commit } = report.github;
    name = `${repository}${folder ? `/${folder}` : ''} at ${ref} (${commit.slice(0, 7)})`;
  }
  const files = `${report.imported.toLocaleString('en')} file${report.imported === 1 ? '' : 's'}`;
  const replaced = report.replaced > 0 ? ` (${report.replaced.toLocaleString('en')} replaced an existing file)` : '';
  return [`Imported ${files} from ${name}${replaced}.`, skippedNote(report.skipped)].filter(Boolean).join(' ');
}

/** A note with Undo when the change left a checkpoint. */
function undoable(message: string, report: { checkpointId?: string }, after?: () => void): FileNotice {
  if (!report.checkpointId) return { tone: 'info', message };
  return { tone: 'info', message, undo: after ? { checkpointId: report.checkpointId, after } : { checkpointId: report.checkpointId } };
}

function download(exported: ExportedZip): void {
  const url = URL.createObjectURL(new Blob([exported.bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exported.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useFileActions({ client, sessionId, flushRef, onRenamed, onDeleted, onCreated }: FileActionsOptions) {
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [notice, setNotice] = useState<FileNotice | null>(null);
  /** The session the note is about: a change's answer says where it was applied; null keeps it through the next switch. */
  const noticeFor = useRef<string | null>(null);
  const shown = useRef(sessionId);
  shown.current = sessionId;

  // Another session on screen starts without the last one's note.
  useEffect(() => {
    if (noticeFor.current !== null && noticeFor.current !== sessionId) setNotice(null);
    noticeFor.current = sessionId || null;
  }, [sessionId]);
  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type === 'import-progress') setProgress({ stage: event.stage, done: event.done, total: event.total });
      }),
    [client],
  );

  /** A request that changes or sends the files: the editor's text saved first, `label` shown meanwhile (with progress). */
  const whileBusy = useCallback(
    async <K extends RequestType>(label: string, request: RequestOf<K>) => {
      flushRef.current?.();
      setBusy(label);
      setProgress(null);
      const answer = await client.request(request);
      setBusy(null);
      setProgress(null);
      return answer;
    },
    [client, flushRef],
  );

  /** One change at a time; its answer becomes the note (or the alert). */
  const change = useCallback(
    async <K extends 'import-files' | 'create-path' | 'rename-path' | 'delete-path'>(
      label: string,
      request: RequestOf<K>,
      describe: (value: AnswerOf<K>) => FileNotice | null,
    ): Promise<boolean> => {
      const answer = await whileBusy(label, request);
      // The note is about the session the change was applied in (the request may have named none).
      noticeFor.current = answer.ok ? answer.value.sessionId : request.sessionId ?? (shown.current || null);
      if (!answer.ok) {
        setNotice({ tone: 'error', message: answer.error.message });
        return false;
      }
      setNotice(describe(answer.value));
      return true;
    },
    [whileBusy],
  );

  const failed = useCallback((message: string) => {
    setBusy(null);
    setProgress(null);
    setNotice({ tone: 'error', message });
  }, []);

  return useMemo(
    () => ({
      busy,
      progress,
      notice,
      dismiss: () => setNotice(null),
      /** While a folder is walked (before the worker has it). */
      finding: (label: string, found: number) => {
        setBusy(label);
        setProgress({ stage: 'finding', done: found });
      },
      importSource: async (source: ImportSource | null, into?: string) => {
        if (!source) {
          setBusy(null);
          return false;
        }
        const label = `Importing ${source.name}`;
        setBusy(label);
        const sent = await sendInParts(client, source, (done, total) => setProgress({ stage: 'sending', done, total }));
        if (!sent.ok) {
          failed(sent.error.message);
          return false;
        }
        const request = { type: 'import-files' as const, sessionId: client.sessionTarget(sessionId || null), source: sent.value, ...(into ? { into } : {}) };
        return change(label, request, (report) => undoable(importNote(source.name, report), report));
      },
      /**
       * Import → From GitHub…: progress shows in the pane; an error is returned (for the dialog
       * to show beside what was typed) rather than noted, success is noted with Undo.
       */
      importFromGitHub: async (repository: string): Promise<string | null> => {
        const source = { kind: 'github' as const, name: repository.trim(), repository };
        const answer = await whileBusy(`Importing ${source.name}`, { type: 'import-files', sessionId: client.sessionTarget(sessionId || null), source });
        if (!answer.ok) return answer.error.message;
        noticeFor.current = answer.value.sessionId;
        setNotice(undoable(importNote(source.name, answer.value), answer.value));
        return null;
      },
      /** What Push to GitHub offers first (the repository and branch the files came from). */
      pushDefaults: () => client.request({ type: 'push-defaults', sessionId: client.sessionTarget(sessionId || null) }),
      /** Push to GitHub, after the editor's unsaved text is saved; the answer is the dialog's to show. */
      pushToGitHub: (input: { repository: string; branch: string; message: string; create?: boolean; allowDeletes?: boolean }) =>
        whileBusy(`Pushing to ${input.repository.trim()}`, { type: 'push-github', sessionId: client.sessionTarget(sessionId || null), ...input }),
      /** Publish to GitHub Pages, after the editor's unsaved text is saved. */
      publishPages: (input: { repository: string; folder: string }) =>
        whileBusy(`Publishing to ${input.repository.trim()}`, { type: 'publish-pages', sessionId: client.sessionTarget(sessionId || null), ...input }),
      /** Shows why an import could not start (a folder that could not be read). */
      failed,
      downloadZip: async () => {
        flushRef.current?.();
        setBusy('Preparing the ZIP');
        const answer = await client.request({ type: 'export-zip', sessionId: client.sessionTarget(sessionId || null) });
        setBusy(null);
        if (!answer.ok) return setNotice({ tone: 'error', message: answer.error.message });
        const exported = answer.value;
        download(exported);
        setNotice({ tone: 'info', message: `Downloaded ${exported.name} (${exported.files.toLocaleString('en')} file${exported.files === 1 ? '' : 's'}).` });
      },
      create: (path: string, kind: 'file' | 'folder') =>
        change(`Creating ${path}`, { type: 'create-path', sessionId: client.sessionTarget(sessionId || null), path, kind }, () => {
          onCreated(path, kind);
          return null;
        }),
      rename: (from: string, to: string) =>
        change(`Renaming ${from}`, { type: 'rename-path', sessionId: sessionId || null, from, to }, (report) => {
          if (report.paths.length === 0) return null;
          onRenamed(from, to);
          return undoable(`Renamed ${from} to ${to}.`, report, () => onRenamed(to, from));
        }),
      remove: (path: string) =>
        change(`Deleting ${path}`, { type: 'delete-path', sessionId: sessionId || null, path }, (report) => {
          onDeleted(path);
          return undoable(`Deleted ${path}.`, report);
        }),
      undo: async (undo: NonNullable<FileNotice['undo']>) => {
        setBusy('Undoing');
        const answer = await client.request({ type: 'restore-checkpoints', sessionId: sessionId || null, checkpointIds: [undo.checkpointId] });
        setBusy(null);
        if (!answer.ok) return setNotice({ tone: 'error', message: answer.error.message });
        undo.after?.();
        setNotice({ tone: 'info', message: 'Undone.' });
      },
    }),
    [busy, progress, notice, change, whileBusy, failed, client, flushRef, sessionId, onCreated, onRenamed, onDeleted],
  );
}
