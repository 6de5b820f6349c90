/** The person's files: saves, imports, the tree's edits, Download ZIP, Restore and Free space. */
import { freeSpaceRequest, restoreRequest } from '../files/checkpoint-restore';
import { savePersonEdit } from '../files/person-save';
import { singleTabLocks } from '../session/session-lock';
import type { PersonFileRequest } from '../files/person-files';
import type { Answer, RequestOf } from '../protocol';
import type { ControllerContext, HandlerTable } from './context';

type FileRequest = 'write-file' | 'import-files' | 'import-part' | 'create-path' | 'rename-path' | 'delete-path' | 'export-zip' | 'push-defaults' | 'push-github' | 'publish-pages' | 'restore-checkpoints' | 'free-space';
type PersonFileType = PersonFileRequest['type'];

/** An import, a tree edit or Download ZIP, in the session the request names. */
async function personFile<K extends Exclude<PersonFileType, 'import-part'>>(request: RequestOf<K>, context: ControllerContext): Promise<Answer<K>> {
  const admitted = await context.admit(request.type, request.sessionId, () => context.personFiles.handle(request as PersonFileRequest));
  if ('error' in admitted) return admitted;
  const answer = await admitted.started;
  return (answer.error ? { error: answer.error } : { value: answer.value }) as Answer<K>;
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
  'import-files': personFile,
  async 'import-part'(request, context) {
    await context.personFiles.handle(request);
    return {};
  },
  'create-path': personFile,
  'rename-path': personFile,
  'delete-path': personFile,
  'export-zip': personFile,
  'push-defaults': personFile,
  'push-github': personFile,
  'publish-pages': personFile,
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
