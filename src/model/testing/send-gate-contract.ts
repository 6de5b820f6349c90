/**
 * The contract of `gatesSend` for an adapter driven against its fake server: nothing reaches
 * the server until `beforeSend` resolves, and a refusal sends nothing and ends with an error part.
 */
import { expect } from 'vitest';
import type { LanguageModel, ModelRequest } from '../types';
import { collectStream } from './collect-stream';

interface GateCase {
  model: () => LanguageModel;
  request: ModelRequest;
  /** Requests the fake server has received so far. */
  received: () => number;
}

export async function expectSendWaitsForTheGate({ model, request, received }: GateCase): Promise<void> {
  const adapter = model();
  expect(adapter.gatesSend).toBe(true);
  let open!: () => void;
  let asked = false;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const streaming = collectStream(adapter.stream(request, new AbortController().signal, { beforeSend: () => ((asked = true), gate) }));
  for (let tick = 0; tick < 50 && !asked; tick++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(asked).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(received()).toBe(0);
  open();
  const stream = await streaming;
  expect(stream.some((part) => part.type === 'error')).toBe(false);
  expect(received()).toBe(1);
}

export async function expectRefusedGateSendsNothing({ model, request, received }: GateCase): Promise<void> {
  const stream = await collectStream(model().stream(request, new AbortController().signal, { beforeSend: () => Promise.reject(new Error('storage is full')) }));
  expect(stream.at(-1)?.type).toBe('error');
  expect(received()).toBe(0);
}
