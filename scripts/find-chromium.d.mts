// Types for find-chromium.mjs, so TypeScript configs can import it.
export function findChromium(options?: { install?: boolean }): Promise<string>;
export const chromiumArgs: string[];
export function findChromiumOrExit(): Promise<string>;
