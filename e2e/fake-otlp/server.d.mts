// Types for server.mjs.
export interface OtlpPost {
  headers: Record<string, string | string[] | undefined>;
  body: { resourceSpans: { scopeSpans: { spans: { name: string; traceId: string; spanId: string; parentSpanId?: string }[] }[] }[] };
}
export interface FakeOtlp {
  url: string;
  posts(): OtlpPost[];
  close(): Promise<unknown>;
}
export function startFakeOtlp(options?: { cors?: boolean }): Promise<FakeOtlp>;
