// Types for wire-format.mjs.
import type { FakeChunk, FakeResponse, FakeScriptEntry } from './server.mjs';

export function errorBody(status: number, message?: string): { error: { code: number; message: string; status: string } };
export function responseOf(chunk: FakeChunk, model: string): Record<string, unknown>;
export function sseEvent(chunk: FakeChunk, model: string, lineEnd?: 'crlf' | 'lf' | 'cr'): string;
export function unaryResponse(chunks: FakeChunk[], model: string): Record<string, unknown>;
export const exhaustedResponse: FakeResponse;
export function expandScript(responses: FakeScriptEntry[] | undefined): FakeResponse[];
