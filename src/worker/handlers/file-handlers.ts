/** The person's files: saves, imports, the tree's edits, Download ZIP, Restore and Free space. */
import type { AppError, Result } from '../../shared/errors';
import { freeSpaceRequest, restoreRequest } from '../files/checkpoint-restore';
import { savePersonEdit } from '../files/person-save';
import { singleTabLocks } from '../session/session-lock';
import type { SessionRuntime } from '../session/session-runtime';
import type { RequestType, SessionTarget } from '../protocol';
import type { ControllerContext, HandlerTable } from './context';

type FileRequest = 'write-file' | 'import-files' | 'import-part' | 'create-path' | 'rename-path' | 'delete-path' | 'export-zip' | 'push-defaults' | 'push-github' | 'publish-pages' | 'restore-checkpoints' | 'free-space';

/** A person's file operation (person-files.ts), started in the session the request names; answered once it ends. */
async function personFile<T>(
  context: ControllerContext,
  request: { type: RequestType; sessionId: SessionTarget },
  start: (runtime: SessionRuntime) => Promise<Result<T, AppError>>,
): Promise<{ error: AppError } | { value: T }> {
  const admitted = await context.admit(request.type, request.sessionId, start);
  if ('error' in admitted) return admitted;
  const result = await admitted.started;
  return result.ok ? { value: result.value } : { error: result.error };
}

export const fileHandlers: HandlerTable<FileRequest> = {
  // A save goes to the session its editor showed, open or not (person-save.ts): a late save after a switch lands there.
  async 'write-file'(request, context) {
    const saved = await context.lane.admit(async () => {
      const runtime = context.runtime();
      const refused = request.sessionId === null || request.sessionId === runtime?.session.id ? context.refusal('write-file', runtime) : undefined;
      if (refused) return { done: Promise.resolve({ error: refused }) };
      const { sessionId, path, content } = request;
      return { done: context.personFiles.inOrder(() => savePersonEdit(context.db, context.options.locks ?? singleTabLocks, runtime, sessionId === null ? { path, content } : { sessionId, path, content })) };
    });
    const answer = await saved.done;
    return answer.error ? { error: answer.error } : {};
  },
  'import-files': (request, context) => personFile(context, request, (runtime) => context.personFiles.importFiles(runtime, request)),
  // Not admitted: parts are kept as they arrive, before the import that names them.
  async 'import-part'(request, context) {
    context.personFiles.addImportPart(request);
    return {};
  },
  'create-path': (request, context) => personFile(context, request, (runtime) => context.personFiles.createPath(runtime, request)),
  'rename-path': (request, context) => personFile(context, request, (runtime) => context.personFiles.renamePath(runtime, request)),
  'delete-path': (request, context) => personFile(context, request, (runtime) => context.personFiles.deletePath(runtime, request)),
  'export-zip': (request, context) => personFile(context, request, (runtime) => context.personFiles.exportZip(runtime)),
  'push-defaults': (request, context) => personFile(context, request, (runtime) => context.personFiles.pushDefaults(runtime)),
  'push-github': (request, context) => personFile(context, request, (runtime) => context.personFiles.pushGitHub(runtime, request)),
  'publish-pages': (request, context) => personFile(context, request, (runtime) => context.personFiles.publishPages(runtime, request)),
  async 'restore-checkpoints'(request, context) {
    // In order with saves and the tree's edits, so a switch after it waits for it (personFiles.idle).
    const admitted = await context.admit('restore-checkpoints', request.sessionId, (runtime) => {
      const running = context.runs.busy();
      return context.personFiles.inOrder(() => restoreRequest(context.db, runtime, running, request.checkpointIds, context.post));
    });
    if ('error' in admitted) return admitted;
    const answer = await admitted.started;
    return answer.error ? { error: answer.error } : { value: answer.value };
  },
  async 'free-space'(_request, context) {
    const answer = await freeSpaceRequest(context.db);
    return answer.error ? { error: answer.error } : { value: answer.value };
  },
};
