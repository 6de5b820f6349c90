// Types for server.mjs.
export interface FakeMcp {
  url: string;
  calls(): { tool: string; args: Record<string, unknown> }[];
  refuseOrigin(): void;
  close(): Promise<unknown>;
}
export function startFakeMcp(): Promise<FakeMcp>;
