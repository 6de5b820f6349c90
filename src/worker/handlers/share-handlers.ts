/** Sharing: the session as a link or file, links and files opened, Fork and Replay (share-controller.ts). */
import type { HandlerTable } from './context';

type ShareRequest = 'export-session' | 'share-gist' | 'open-shared' | 'fork' | 'replay';

export const shareHandlers: HandlerTable<ShareRequest> = {
  'export-session': (request, context) => context.share.exportSession(request.as),
  'share-gist': (_request, context) => context.share.shareGist(),
  'open-shared': (request, context) => context.share.openShared(request.source),
  async fork(request, context) {
    // The session to copy is the one named, once it is open; the copy is opened as a switch of its own.
    const admitted = await context.admit('fork', request.sessionId, (runtime) => runtime);
    if ('error' in admitted) return admitted;
    const forked = await context.share.fork(admitted.started, context.runs.busy(), request.at, { currentFiles: request.currentFiles === true, ...(request.edit ? { edit: request.edit } : {}) });
    // An edited reply's calls run now, through the scheduler and its approvals, as if the model had just sent them.
    if (!forked.error && request.edit?.kind === 'reply' && request.edit.reply.calls.length > 0) context.runs.start({ type: 'run_calls' });
    return forked;
  },
  'replay': (request, context) => context.share.replay(request.command),
};
