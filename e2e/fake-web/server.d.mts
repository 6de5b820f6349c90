// Types for server.mjs.
export const DOCS_TEXT: string;
export interface FakeWebRequest {
  method: string;
  path: string;
  host: string;
  secure: boolean;
}
export interface FakeWeb {
  url: string;
  publicUrl: string;
  requests(): FakeWebRequest[];
  close(): Promise<unknown>;
}
export function startFakeWeb(): Promise<FakeWeb>;
