// Types for server.mjs, so TypeScript tests can import the fake.

export interface FakeFunctionCall {
  name: string;
  args?: Record<string, unknown>;
  /** Gemini often omits ids; include one to test that it is kept. */
  id?: string;
  /** Signature on this call's part (otherwise `FakeChunk.thoughtSignature` goes on the first call). */
  thoughtSignature?: string;
}

/** One SSE event. `raw` is sent as is: a whole GenerateContentResponse, or one candidate. */
export interface FakeChunk {
  text?: string;
  /** Thought summary text, sent as a part with `thought: true`. */
  thought?: string;
  functionCalls?: FakeFunctionCall[];
  thoughtSignature?: string;
  finishReason?: string;
  usage?: Record<string, number>;
  raw?: Record<string, unknown>;
  /** Written to the stream as is, framing included: a malformed event, a half line, odd line ends. */
  sse?: string;
}

/** How an SSE response is written: `split: 'bytes'` writes one byte per write; `lineEnd` defaults to 'crlf', as Gemini sends. */
export interface FakeStreamOptions {
  split?: 'bytes';
  lineEnd?: 'crlf' | 'lf' | 'cr';
}

export type FakeResponse =
  /** `holdBefore`: the chunks before this index are sent, then the stream waits for `release()`. */
  | ({ chunks: FakeChunk[]; delayMs?: number; holdBefore?: number } & FakeStreamOptions)
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { drop: 'before-first-chunk' | 'after-headers' | 'after-first-chunk'; chunks?: FakeChunk[] }
  | { hang: true; chunks?: FakeChunk[] };

export type FakeScriptEntry = FakeResponse | { repeat: number; response: FakeResponse };

/** What `GET models/{model}` answers: the model's info, or an HTTP error. */
export type FakeModelInfo = { inputTokenLimit?: number; outputTokenLimit?: number; displayName?: string } | { status: number };

export interface FakeScript {
  responses?: FakeScriptEntry[];
  /** Answers every request once `responses` is used up. */
  fallback?: FakeResponse;
  /** By model name; a model not named gets a 1M `inputTokenLimit`. */
  models?: Record<string, FakeModelInfo>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  apiVersion: string;
  model: string;
  stream: boolean;
  apiKey: string | null;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Date.now() when the request arrived. */
  receivedAt: number;
  /** The server's clock (epoch ms, sub-millisecond): headers parsed, body read, last byte of the answer written (NaN until then). */
  timing: { headersAt: number; bodyAt: number; endAt: number };
}

export interface FakeGemini {
  url: string;
  port: number;
  setScript(script: FakeScript): void;
  reset(): void;
  requests(): RecordedRequest[];
  /** The model names `GET models/{model}` was asked for, in order. */
  modelLookups(): string[];
  /** Lets every response held at `holdBefore` go on; returns how many were waiting. */
  release(): number;
  /** How many responses wait at their `holdBefore` now. */
  held(): number;
  close(): Promise<void>;
}

export function startFakeGemini(options?: { port?: number; host?: string; requireApiKey?: string }): Promise<FakeGemini>;
