// Types for server.mjs, so TypeScript tests can import the fake.

/** One piece of a tool call, as a server streams it: `index` tells parallel calls apart. */
export interface FakeToolCallDelta {
  index?: number;
  id?: string;
  name?: string;
  /** A fragment of the JSON arguments; the pieces of one call concatenate to the whole. */
  arguments?: string;
}

/** One SSE event. `raw` is sent as the event's JSON; `sse` is written as is, framing included. */
export interface FakeChunk {
  text?: string;
  /** Sent as `reasoning_content`, as DeepSeek and LM Studio do. */
  reasoning?: string;
  toolCalls?: FakeToolCallDelta[];
  finishReason?: string;
  raw?: Record<string, unknown>;
  sse?: string;
}

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  completion_tokens_details?: { reasoning_tokens?: number };
}

export type FakeResponse =
  | {
      chunks: FakeChunk[];
      delayMs?: number;
      /** Sent in a final chunk unless a chunk has one; default 'tool_calls' or 'stop'; null sends none. */
      finishReason?: string | null;
      /** Sent in a chunk of its own (`choices: []`) after the finish reason, as `include_usage` asks. */
      usage?: FakeUsage;
      /** false: no `data: [DONE]` at the end. */
      done?: boolean;
    }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** A page instead of an API answer (a wrong base URL on a web server). */
  | { html: string; htmlStatus?: number }
  /** A 200 JSON answer instead of an event stream. */
  | { json: unknown }
  | { drop: 'before-first-chunk' | 'after-first-chunk'; chunks?: FakeChunk[] }
  | { hang: true; chunks?: FakeChunk[] };

export type FakeScriptEntry = FakeResponse | { repeat: number; response: FakeResponse };

export interface FakeScript {
  responses?: FakeScriptEntry[];
  /** Answers every request once `responses` is used up. */
  fallback?: FakeResponse;
}

export interface ChatRequestBody {
  model: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages: Array<{ role: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }> }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** From `Authorization: Bearer …`; null when none was sent. */
  apiKey: string | null;
  headers: Record<string, string | string[] | undefined>;
  body: ChatRequestBody;
  /** Date.now() when the request arrived. */
  receivedAt: number;
}

export interface FakeOpenAi {
  /** The server's origin. */
  url: string;
  /** What goes into Settings' API base URL: `<url>/v1`. */
  baseUrl: string;
  port: number;
  setScript(script: FakeScript): void;
  reset(): void;
  requests(): RecordedRequest[];
  close(): Promise<void>;
}

export function errorBody(status: number, message?: string): { error: { message: string; type: string; param: null; code: string | null } };

export function startFakeOpenAi(options?: { port?: number; host?: string; requireApiKey?: string }): Promise<FakeOpenAi>;
