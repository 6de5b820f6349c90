/** Sessions and settings: which session is open, and how the agent in it is set. */
import { removeSession, renameSession, setSessionApprovalMode } from '../../store/sessions';
import { NO_SESSION } from '../session/run-slot';
import { agentSettingsFrom } from '../session/session-runtime';
import type { HandlerTable } from './context';

type SessionRequest = 'init' | 'new-session' | 'open-session' | 'delete-session' | 'rename-session' | 'take-over' | 'update-settings' | 'set-approval-mode' | 'disable-loop-detection';

export const sessionHandlers: HandlerTable<SessionRequest> = {
  async init(request, context) {
    context.setSettings(request.settings);
    context.chooseModel(context.options.makeModel(request.settings));
    await context.lane.switch(() => context.sessions.openById(request.sessionId));
    return {};
  },
  async 'new-session'(request, context) {
    await context.lane.switch(() => context.sessions.openNew(request.sessionId));
    return {};
  },
  async 'open-session'(request, context) {
    await context.lane.switch(() => context.sessions.openById(request.sessionId));
    return {};
  },
  'delete-session': (request, context) =>
    context.lane.switch(async () => {
      const wasCurrent = context.runtime()?.session.id === request.sessionId;
      if (wasCurrent) await context.runs.stop();
      await context.personFiles.idle(); // a file change admitted before the delete ends first, not into a deleted session
      const removed = await removeSession(context.db, request.sessionId);
      if (!removed.ok) return { error: removed.error };
      if (wasCurrent) await context.sessions.openById();
      return {};
    }),
  async 'rename-session'(request, context) {
    const renamed = await renameSession(context.db, request.sessionId, request.title);
    const runtime = context.runtime();
    if (runtime?.session.id === request.sessionId) context.setRuntimeSession({ ...runtime.session, title: request.title });
    return renamed.ok ? {} : { error: renamed.error };
  },
  async 'take-over'(_request, context) {
    const current = context.runtime()?.session;
    if (!current) return { error: NO_SESSION };
    await context.lane.switch(() => context.sessions.open(current, true)); // reloads what the other tab stored
    return {};
  },
  async 'update-settings'(request, context) {
    context.setSettings(request.settings);
    context.chooseModel(context.options.makeModel(request.settings));
    const runtime = context.runtime();
    if (runtime) {
      const { approvalMode: _ignored, ...rest } = agentSettingsFrom(request.settings, runtime.session);
      runtime.agent.updateSettings(rest);
    }
    return {};
  },
  async 'set-approval-mode'(request, context) {
    context.setSettings({ ...context.settings(), approvalMode: request.mode });
    const admitted = await context.admit('set-approval-mode', request.sessionId, async (runtime) => {
      runtime.agent.setApprovalMode(request.mode);
      context.setRuntimeSession({ ...runtime.session, approvalMode: request.mode });
      return setSessionApprovalMode(context.db, runtime.session.id, request.mode);
    });
    if ('error' in admitted) return { error: admitted.error };
    await admitted.started;
    return {};
  },
  async 'disable-loop-detection'(request, context) {
    const admitted = await context.admit('disable-loop-detection', request.sessionId, (runtime) => runtime.agent.disableLoopDetection());
    if ('error' in admitted) return { error: admitted.error };
    context.post({ type: 'notice', level: 'info', message: 'Loop detection is off for this session.' });
    return {};
  },
};
