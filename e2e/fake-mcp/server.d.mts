// Types for server.mjs.
export interface FakeMcp {
  url: string;
  calls(): { tool: string; args: Record<string, unknown> }[];
  refuseOrigin(): void;
  /** Registers a tool on every session's server (stateful mode), which tells its client the list changed. */
  addTool(name: string, description?: string): void;
  close(): Promise<unknown>;
  /** The JSON-RPC methods received, in order (notifications included). */
  methods(): string[];
  /** The session ids that DELETE ended. */
  deletes(): string[];
  /** Stateful mode: forgets every session; a request naming one gets `status` (404, or 400 "No valid session ID provided"). */
  forgetSessions(status?: 404 | 400): void;
  /** Answers every initialize with 503 from now on. */
  refuseNewSessions(): void;
}
export function startFakeMcp(options?: { stateful?: boolean; delayMs?: number; token?: string; extras?: boolean }): Promise<FakeMcp>;
