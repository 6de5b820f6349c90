/** The spans a trace is made of, in our terms before the OTLP encoding (otlp-json.ts). */
import type { Attributes, SpanKind, SpanStatus } from '@opentelemetry/api';
import type { Content } from '../shared/content';
import type { PriceTables } from '../shared/model-prices';
import type { RoundTripRecord } from '../store/types';
import type { ModelReplies } from './model-replies';

export interface TraceSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: SpanKind;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  attributes: Attributes;
  events: TraceEvent[];
  status: SpanStatus;
}

export interface TraceEvent {
  name: string;
  at: number;
  attributes?: Attributes;
}

export interface TraceSource {
  session: { id: string; title: string };
  /** In the order they started. */
  roundTrips: readonly RoundTripRecord[];
  /** The session's stored history (the last replies and tool results are only there). */
  history: readonly Content[];
  /** What its round-trips' costs are counted at (a shared session's prices, the person's); absent: the defaults only. */
  prices?: PriceTables;
}

export interface TraceOptions {
  includeMessages: boolean;
  /** Only these interactions (Send traces to: the ones a run just finished); absent: all. */
  interactions?: ReadonlySet<string>;
}

export interface SpanContext {
  traceId: string;
  conversationId: string;
  includeMessages: boolean;
  replies: ModelReplies;
  prices: PriceTables;
}
