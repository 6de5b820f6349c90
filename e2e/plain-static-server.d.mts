// Types for plain-static-server.mjs.
export const buildFolder: string;
export interface PlainStaticServer {
  url: string;
  requests: string[];
  changeServiceWorker(tag: string): void;
  close(): Promise<void>;
}
export function startPlainStaticServer(root?: string): Promise<PlainStaticServer>;
