/** The agent's runs: the person's message, Continue, a steering message, Stop, approvals, Next step and Compress. */
import { touchSession } from '../../store/sessions';
import { compressRequest } from '../session/compression-notice';
import type { HandlerTable } from './context';
import { promptImagesProblem } from '../../shared/prompt-images';

type RunRequest = 'send' | 'continue' | 'steer' | 'stop' | 'approval-response' | 'next-step' | 'compress';

export const runHandlers: HandlerTable<RunRequest> = {
  async send(request, context) {
    const images = request.images ?? [];
    const refused = promptImagesProblem(images);
    if (refused) return { error: { kind: 'bad-images', message: refused } };
    const admitted = await context.admit('send', request.sessionId, () => context.runs.sendMessage(request.text, images));
    return 'error' in admitted ? admitted : admitted.started;
  },
  async continue(request, context) {
    const admitted = await context.admit('continue', request.sessionId, (runtime) => {
      const touched = context.runs.busy() ? Promise.resolve() : touchSession(context.db, runtime.session.id).then(() => undefined);
      return { touched, started: context.runs.start({ type: 'continue' }) };
    });
    if ('error' in admitted) return admitted;
    await admitted.started.touched;
    const { started } = admitted.started;
    return 'error' in started ? { error: started.error } : {};
  },
  async steer(request, context) {
    const images = request.images ?? [];
    const refused = promptImagesProblem(images);
    if (refused) return { error: { kind: 'bad-images', message: refused } };
    const admitted = await context.admit('steer', request.sessionId, () => context.runs.steer(request.steerId, request.text, images));
    return 'error' in admitted ? admitted : admitted.started;
  },
  async stop(_request, context) {
    await context.runs.stop();
    return {};
  },
  async 'approval-response'(request, context) {
    context.approvals.answer(request.callId, request.outcome);
    return {};
  },
  async 'next-step'(request, context) {
    context.stepGate.next(request.step);
    return {};
  },
  async compress(request, context) {
    const admitted = await context.admit('compress', request.sessionId, (runtime) => compressRequest(runtime, context.runs, context.post));
    if ('error' in admitted) return admitted;
    const answer = await admitted.started;
    return answer.error ? { error: answer.error } : { value: answer.value ?? 'NOOP' };
  },
};
