/** Export → OpenTelemetry trace…: the session named, as OTLP/JSON (worker/trace/). */
import type { HandlerTable } from './context';
import { sessionTrace } from '../trace/trace-export';

export const traceHandlers: HandlerTable<'export-trace'> = {
  async 'export-trace'(request, context) {
    const admitted = await context.admit('export-trace', request.sessionId, (runtime) => runtime);
    if ('error' in admitted) return admitted;
    const runtime = admitted.started;
    // The round-trips of a run still going are written behind it: the trace holds them too.
    await runtime.flushRoundTrips();
    const trace = await sessionTrace(context.db, runtime.session, { includeMessages: request.includeMessages });
    return trace.ok ? { value: trace.value } : { error: trace.error };
  },
};
