// Types for server.mjs.
export const REFERENCE_MCP_PACKAGE: string;
export function installReferenceMcp(): Promise<{ ms: number }>;
export interface ReferenceMcp {
  port: number;
  url: string;
  output(): string;
  sessions(): string[];
  ended(): string[];
  stop(): Promise<void>;
  restart(): Promise<void>;
}
export function startReferenceMcp(options?: { port?: number }): Promise<ReferenceMcp>;
