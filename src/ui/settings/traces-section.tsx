/**
 * Settings → Traces: Send traces to, an OTLP/HTTP JSON traces endpoint (a local collector,
 * Jaeger, Langfuse, Phoenix) that each finished run's interactions are posted to, with the
 * headers it wants. The headers usually hold a key: stored like the model keys.
 */
import { parseTraceHeaders, traceEndpointProblem } from '../../shared/traces';
import type { SettingsRecord } from '../../store/types';
import { SecretField } from './secret-field';

/** Why the section's fields cannot be saved, or null. */
export function tracesProblem(draft: Pick<SettingsRecord, 'traceEndpoint' | 'traceHeaders'>): string | null {
  const endpoint = traceEndpointProblem(draft.traceEndpoint ?? '');
  if (endpoint) return endpoint;
  const headers = parseTraceHeaders(draft.traceHeaders ?? '');
  return 'error' in headers ? `Trace headers: ${headers.error}` : null;
}

export function TracesSection({ draft, update }: { draft: SettingsRecord; update: (patch: Partial<SettingsRecord>) => void }) {
  const problem = tracesProblem(draft);
  return (
    <>
      <label>
        Send traces to
        <input
          type="url"
          aria-label="Send traces to"
          value={draft.traceEndpoint ?? ''}
          placeholder="http://localhost:4318/v1/traces"
          spellCheck={false}
          onChange={(event) => update({ traceEndpoint: event.target.value })}
        />
      </label>
      <SecretField label="Trace headers" value={draft.traceHeaders ?? ''} onChange={(traceHeaders) => update({ traceHeaders })} placeholder="Authorization=Basic …, x-name=value" />
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <label className="checkbox">
        <input type="checkbox" checked={draft.traceMessages === true} onChange={(event) => update({ traceMessages: event.target.checked })} />
        Include messages in sent traces
      </label>
      <p className="field-hint">
        When the agent finishes, the interaction is posted there as OTLP/JSON (empty: nothing is sent). The server must allow this page&apos;s origin (CORS) and the
        Content-Type header. Headers are kept on this device only when Remember key on this device (Model) is ticked.
      </p>
    </>
  );
}
