/** Sharing: the session as a link or file, links and files opened, Fork and Replay (share-controller.ts). */
import type { HandlerTable } from './context';

type ShareRequest = 'export-session' | 'open-shared' | 'fork' | 'replay';

export const shareHandlers: HandlerTable<ShareRequest> = {
  'export-session': (request, context) => context.share.exportSession(request.as),
  'open-shared': (request, context) => context.share.openShared(request.source),
  async fork(request, context) {
    // The session to copy is the one named, once it is open; the copy is opened as a switch of its own.
    const admitted = await context.admit('fork', request.sessionId, (runtime) => runtime);
    if ('error' in admitted) return admitted;
    return context.share.fork(admitted.started, context.runs.busy(), request.at, request.currentFiles === true);
  },
  'replay': (request, context) => context.share.replay(request.command),
};
