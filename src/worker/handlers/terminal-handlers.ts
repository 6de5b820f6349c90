/** The person's terminal in the open session's sandbox. */
import type { HandlerTable } from './context';

type TerminalRequest = 'terminal-start' | 'terminal-input' | 'terminal-resize';

export const terminalHandlers: HandlerTable<TerminalRequest> = {
  async 'terminal-start'(request, context) {
    const admitted = await context.admit('terminal-start', request.sessionId, (runtime) => context.terminal.start(runtime.workspace, request.columns, request.rows));
    if ('error' in admitted) return admitted;
    await admitted.started;
    return {};
  },
  async 'terminal-input'(request, context) {
    context.terminal.input(request.text);
    return {};
  },
  async 'terminal-resize'(request, context) {
    context.terminal.resize(request.columns, request.rows);
    return {};
  },
};
