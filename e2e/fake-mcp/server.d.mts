// Types for server.mjs.
export interface FakeMcp {
  url: string;
  calls(): { tool: string; args: Record<string, unknown> }[];
  refuseOrigin(): void;
  /** Registers a tool on every session's server (stateful mode), which tells its client the list changed. */
  addTool(name: string, description?: string): void;
  close(): Promise<unknown>;
}
export function startFakeMcp(options?: { stateful?: boolean; delayMs?: number; token?: string }): Promise<FakeMcp>;
