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
import type { AppliedIn, ExportedZip, ImportReport, RequestOf, TreeEditReport, WorkerEvent } from '../protocol';
import type { SessionRuntime } from '../session/session-runtime';
import { undoOf } from './workspace-content';
import { importFiles } from './import-files';
import { createImportParts } from './import-parts';
import { createPath, deletePath, renamePath } from './tree-edits';
import type { PersonFileTarget } from './target';
import { zipName, zipWorkspace } from './zip-workspace';
import { pushDefaults, pushToGitHub } from './push-github';
import { publishPages } from './publish-pages';
import type { PublishReport, PushDefaults, PushReport } from '../../shared/github-reports';
import type { GitHubSource } from '../../store/types';

export interface PersonFilesContext {
  db: LoopscopeDb;
  post(event: WorkerEvent): void;
  /** The agent is running (or compressing) in the open session. */
  running(): boolean;
  /** The settings' GitHub API URL and token. */
  github(): GitHubConnection;
}

/** A change that is answered says the session it was applied in (the page's note follows it there). */
type Applied<T> = Promise<Result<T & AppliedIn, AppError>>;

const PROGRESS_EVERY_MS = 100;

const BUSY: AppError = { kind: 'busy', message: 'The agent is working: stop it or wait for it to finish, then change files.' };

/**
 * Each operation takes the session its request was admitted into (handlers/context.ts `admit`)
 * and returns at once a promise of its result: it waits its turn behind every operation and save
 * that arrived before it, so a switch asked for after it waits for it (`idle`).
 */
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

  /** A change to the session's files or its GitHub repository, in its turn; refused while the agent runs (checked when its turn comes). */
  function change<T>(runtime: SessionRuntime, work: (target: PersonFileTarget) => Promise<Result<T, AppError>>): Applied<T> {
    return inOrder(async () => {
      if (context.running()) return err(BUSY);
      const result = await work(targetOf(runtime));
      return result.ok ? ok({ ...result.value, sessionId: runtime.session.id }) : result;
    });
  }

  /** Something read from the session in its turn (after the saves before it), while the agent runs too. */
  function read<T>(work: () => Result<T, AppError>): Promise<Result<T, AppError>> {
    return inOrder(() => Promise.resolve(work()));
  }

  return {
    /** Runs `work` after every file operation and save that arrived before it. */
    inOrder,
    /** Resolves once every file operation and save that arrived so far has ended. */
    idle: (): Promise<void> => queue.then(() => undefined),
    /** Keeps part of a folder's files for the import that will name them; not queued, so it is there when that import arrives. */
    addImportPart(request: RequestOf<'import-part'>): void {
      parts.add(request.partsId, request.files);
    },
    importFiles(runtime: SessionRuntime, request: RequestOf<'import-files'>): Applied<ImportReport> {
      // An import's parts are taken as it arrives, so parts sent for a later one cannot replace them.
      const source = parts.take(request.source);
      if (!source.ok) return inOrder(() => Promise.resolve(source));
      return change(runtime, (target) => importFiles(target, source.value, request.into ?? ''));
    },
    createPath(runtime: SessionRuntime, request: RequestOf<'create-path'>): Applied<TreeEditReport> {
      return change(runtime, (target) => createPath(target, request.path, request.kind));
    },
    renamePath(runtime: SessionRuntime, request: RequestOf<'rename-path'>): Applied<TreeEditReport> {
      return change(runtime, (target) => renamePath(target, request.from, request.to));
    },
    deletePath(runtime: SessionRuntime, request: RequestOf<'delete-path'>): Applied<TreeEditReport> {
      return change(runtime, (target) => deletePath(target, request.path));
    },
    pushGitHub(runtime: SessionRuntime, request: RequestOf<'push-github'>): Applied<PushReport> {
      return change(runtime, (target) =>
        pushToGitHub(runtime, context.github(), request, (done, total) => target.progress('uploading', done, total), (source) => rememberGitHub(runtime, source)),
      );
    },
    publishPages(runtime: SessionRuntime, request: RequestOf<'publish-pages'>): Applied<PublishReport> {
      return change(runtime, (target) => publishPages(runtime, context.github(), request, (done, total) => target.progress('uploading', done, total)));
    },
    exportZip(runtime: SessionRuntime): Promise<Result<ExportedZip, AppError>> {
      return read(() => {
        const files = runtime.workspace.snapshot();
        if (files.size === 0) return err({ kind: 'empty', message: 'The workspace has no files yet, so there is nothing to download.' });
        return ok({ name: zipName(runtime.session.title), bytes: zipWorkspace(files), files: files.size });
      });
    },
    pushDefaults(runtime: SessionRuntime): Promise<Result<PushDefaults, AppError>> {
      return read(() => ok(pushDefaults(runtime)));
    },
  };
}
