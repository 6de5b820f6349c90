/**
 * Spans as OTLP/JSON (an `ExportTraceServiceRequest` in the protobuf JSON mapping, with hex ids
 * as OTLP asks), written by OpenTelemetry's own serializer from SDK-shaped read-only spans: the
 * same bytes an OTLP/HTTP JSON exporter would send.
 */
import { TraceFlags } from '@opentelemetry/api';
import type { HrTime } from '@opentelemetry/api';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TraceSpan } from './trace-types';

export const SCOPE_NAME = 'loopscope';

/** Epoch milliseconds (fractions kept to the microsecond) as [seconds, nanoseconds]. */
export function hrTimeOf(ms: number): HrTime {
  const seconds = Math.floor(ms / 1000);
  return [seconds, Math.round((ms - seconds * 1000) * 1000) * 1000];
}

function durationOf(start: HrTime, end: HrTime): HrTime {
  let seconds = end[0] - start[0];
  let nanoseconds = end[1] - start[1];
  if (nanoseconds < 0) {
    seconds -= 1;
    nanoseconds += 1e9;
  }
  return [seconds, nanoseconds];
}

export function otlpJson(spans: readonly TraceSpan[]): string {
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: SCOPE_NAME });
  const readable = spans.map((span): ReadableSpan => {
    const startTime = hrTimeOf(span.start);
    const endTime = hrTimeOf(span.end);
    return {
      name: span.name,
      kind: span.kind,
      spanContext: () => ({ traceId: span.traceId, spanId: span.spanId, traceFlags: TraceFlags.SAMPLED }),
      ...(span.parentSpanId ? { parentSpanContext: { traceId: span.traceId, spanId: span.parentSpanId, traceFlags: TraceFlags.SAMPLED } } : {}),
      startTime,
      endTime,
      duration: durationOf(startTime, endTime),
      status: span.status,
      attributes: span.attributes,
      links: [],
      events: span.events.map((event) => ({ name: event.name, time: hrTimeOf(event.at), ...(event.attributes ? { attributes: event.attributes } : {}) })),
      ended: true,
      resource,
      instrumentationScope: { name: SCOPE_NAME },
      droppedAttributesCount: 0,
      droppedEventsCount: 0,
      droppedLinksCount: 0,
    };
  });
  return new TextDecoder().decode(JsonTraceSerializer.serializeRequest(readable));
}
