/**
 * The person's own file operations on the open session: import (Open folder, Open ZIP, a drop
 * on the tree), export (Download ZIP), and the tree's New file, New folder, Rename and Delete.
 *
 * They run one at a time in the order they arrived, together with the editor's saves
 * (`inOrder`): a save sent just before a rename or a delete lands first. Each change is all or
 * nothing (SyncedWorkspace.applyAsPerson). Import, rename and delete first save a checkpoint of
 * what they replace, so Restore (the page's Undo) puts it back; an existing file at an imported
 * path is overwritten, its earlier content kept in that checkpoint. While the agent runs they
 * are refused, as Restore is: the agent's own checkpoints assume it alone changes files then.
 */
import type { AppError, Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import type { GitHubConnection } from '../../github/client';
import { createCheckpoint } from '../../store/checkpoints';
import { setSessionGitHubSource } from '../../store/sessions';
import type { LoopscopeDb } from '../../store/db';
import type { ClientRequest, ExportedZip, ImportReport, TreeEditReport, WholeImportSource, WorkerEvent } from '../protocol';
import type { SessionRuntime } from '../session/session-runtime';
import { undoOf } from './workspace-content';
import { importFiles } from './import-files';
import { createImportParts } from './import-parts';
import type { ImportParts } from './import-parts';
import { createPath, deletePath, renamePath } from './tree-edits';
import type { PersonFileTarget } from './target';
import { zipName, zipWorkspace } from './zip-workspace';
import { pushDefaults, pushToGitHub } from './push-github';
import { publishPages } from './publish-pages';
import type { PublishReport, PushDefaults, PushReport } from '../../shared/github-reports';
import type { GitHubSource } from '../../store/types';

export type PersonFileRequest = Extract<ClientRequest, { type: 'import-files' | 'import-part' | 'create-path' | 'rename-path' | 'delete-path' | 'export-zip' | 'push-defaults' | 'push-github' | 'publish-pages' }>;
type ImportRequest = Extract<PersonFileRequest, { type: 'import-files' }>;
/** What waits its turn: an import with its parts together. */
type QueuedRequest = Exclude<PersonFileRequest, { type: 'import-part' | 'import-files' }> | (Omit<ImportRequest, 'source'> & { source: WholeImportSource });

type Answer = { error?: AppError; value?: ImportReport | TreeEditReport | ExportedZip | PushDefaults | PushReport | PublishReport };

export interface PersonFilesContext {
  db: LoopscopeDb;
  post(event: WorkerEvent): void;
  runtime(): SessionRuntime | null;
  /** The agent is running (or compressing) in the open session. */
  running(): boolean;
  /** The settings' GitHub API URL and token. */
  github(): GitHubConnection;
}

const PROGRESS_EVERY_MS = 100;

function withWholeSource(message: Exclude<PersonFileRequest, { type: 'import-part' }>, parts: ImportParts): Result<QueuedRequest, AppError> {
  if (message.type !== 'import-files') return ok(message);
  const source = parts.take(message.source);
  return source.ok ? ok({ ...message, source: source.value }) : source;
}

export function createPersonFiles(context: PersonFilesContext) {
  let queue: Promise<unknown> = Promise.resolve();
  const parts = createImportParts();
  function inOrder<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  }

  /** The session's GitHub source, in memory and stored (a failure to store is said, not fatal). */
  async function rememberGitHub(runtime: SessionRuntime, origin: GitHubSource): Promise<void> {
    runtime.session = { ...runtime.session, github: origin };
    const saved = await setSessionGitHubSource(context.db, runtime.session.id, origin);
    if (!saved.ok) context.post({ type: 'notice', level: 'warning', message: `Where the files came from could not be saved (${saved.error.message}); after a reload, Push to GitHub will not know it.` });
  }

  function targetOf(runtime: SessionRuntime): PersonFileTarget {
    let last = { stage: '', at: 0 };
    return {
      runtime,
      async apply(label, changes, progress) {
        const files = undoOf(changes, runtime.workspace.snapshot());
        const saved = label === null ? null : await createCheckpoint(context.db, { sessionId: runtime.session.id, label, files });
        if (saved && !saved.ok) {
          context.post({ type: 'notice', level: 'warning', message: `No checkpoint could be saved before “${label}”, so it cannot be undone: ${saved.error.message}` });
        }
        const applied = await runtime.workspace.applyAsPerson(changes, progress);
        if (!applied.ok) return applied;
        return ok(saved?.ok ? { paths: applied.value, checkpointId: saved.value.id } : { paths: applied.value });
      },
      github: context.github,
      rememberGitHub: (origin) => rememberGitHub(runtime, origin),
      progress(stage, done, total) {
        const now = performance.now();
        if (stage === last.stage && done < total && now - last.at < PROGRESS_EVERY_MS) return;
        last = { stage, at: now };
        context.post({ type: 'import-progress', stage, done, total });
      },
    };
  }

  async function run(message: QueuedRequest, runtime: SessionRuntime | null): Promise<Result<ImportReport | TreeEditReport | ExportedZip | PushDefaults | PushReport | PublishReport, AppError>> {
    if (!runtime) return err({ kind: 'no-session', message: 'No session is open yet.' });
    if (message.type === 'push-defaults') return ok(pushDefaults(runtime));
    if (message.type === 'export-zip') {
      const files = runtime.workspace.snapshot();
      if (files.size === 0) return err({ kind: 'empty', message: 'The workspace has no files yet, so there is nothing to download.' });
      return ok({ name: zipName(runtime.session.title), bytes: zipWorkspace(files), files: files.size });
    }
    if (context.running()) return err({ kind: 'busy', message: 'The agent is working: stop it or wait for it to finish, then change files.' });
    const target = targetOf(runtime);
    switch (message.type) {
      case 'publish-pages':
        return publishPages(runtime, context.github(), message, (done, total) => target.progress('uploading', done, total));
      case 'push-github':
        return pushToGitHub(runtime, context.github(), message, (done, total) => target.progress('uploading', done, total), (source) => rememberGitHub(runtime, source));
      case 'import-files':
        return importFiles(target, message.source, message.into ?? '');
      case 'create-path':
        return createPath(target, message.path, message.kind);
      case 'rename-path':
        return renamePath(target, message.from, message.to);
      case 'delete-path':
        return deletePath(target, message.path);
    }
  }

  return {
    /** Runs `work` after every file operation and save that arrived before it. */
    inOrder,
    /** Resolves once every file operation and save that arrived so far has ended. */
    idle: (): Promise<void> => queue.then(() => undefined),
    handle(message: PersonFileRequest): Promise<Answer> {
      if (message.type === 'import-part') {
        parts.add(message.partsId, message.files);
        return Promise.resolve({});
      }
      // The session the request named, admitted into it (handlers/context.ts): a switch asked for after it waits for it (idle).
      const runtime = context.runtime();
      // An import's parts are taken as it arrives, so parts sent for a later one cannot replace them.
      const request = withWholeSource(message, parts);
      return inOrder(async () => {
        if (!request.ok) return { error: request.error };
        const result = await run(request.value, runtime);
        if (!result.ok) return { error: result.error };
        // A change says which session it was applied in (the page's note follows it there).
        const applied = runtime && request.value.type !== 'export-zip' && request.value.type !== 'push-defaults';
        return { value: applied ? { ...result.value, sessionId: runtime.session.id } : result.value };
      });
    },
  };
}
