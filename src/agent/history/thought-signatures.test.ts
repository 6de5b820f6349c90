import { describe, expect, it } from 'vitest';
import type { Part } from '../../shared/content';
import { call, deepFreeze, model, reply, user } from './fixtures';
import {
  SYNTHETIC_THOUGHT_SIGNATURE,
  buildRequestContents,
  ensureThoughtSignatures,
  stripThoughts,
} from './request-contents';

const readA = call('read_file', 'c1', { file_path: 'a' });
const signed = (part: Part, thoughtSignature: string): Part => ({ ...part, thoughtSignature });

describe('ensureThoughtSignatures (F6)', () => {
  it('gives an unsigned call the synthetic signature in the next request', () => {
    const history = deepFreeze([user('q'), model(readA), user(reply('read_file', 'c1'))]);
    const request = buildRequestContents(history);
    expect(request[1]?.parts[0]?.thoughtSignature).toBe(SYNTHETIC_THOUGHT_SIGNATURE);
    expect(SYNTHETIC_THOUGHT_SIGNATURE).toBe('skip_thought_signature_validator');
  });

  it('sends a signature the model supplied exactly as received', () => {
    const history = deepFreeze([user('q'), model(signed(readA, 'SIG')), user(reply('read_file', 'c1'))]);
    expect(buildRequestContents(history)[1]?.parts[0]?.thoughtSignature).toBe('SIG');
    expect(ensureThoughtSignatures(history)).toBe(history);
  });

  it('signs only the first functionCall part of each model turn', () => {
    const history = deepFreeze([user('q'), model('thinking aloud', readA, call('grep', 'c2'))]);
    const [, turn] = ensureThoughtSignatures(history);
    expect(turn?.parts.map((part) => part.thoughtSignature)).toEqual([undefined, SYNTHETIC_THOUGHT_SIGNATURE, undefined]);
  });

  it('signs every model turn of the active loop and none before it', () => {
    const history = deepFreeze([
      user('old question'),
      model(call('grep', 'old')),
      user(reply('grep', 'old')),
      model('old answer'),
      user('new question'),
      model(call('read_file', 'n1')),
      user(reply('read_file', 'n1')),
      model(call('read_file', 'n2')),
      user(reply('read_file', 'n2')),
    ]);
    const result = ensureThoughtSignatures(history);
    expect(result[1]).toBe(history[1]);
    expect(result[5]?.parts[0]?.thoughtSignature).toBe(SYNTHETIC_THOUGHT_SIGNATURE);
    expect(result[7]?.parts[0]?.thoughtSignature).toBe(SYNTHETIC_THOUGHT_SIGNATURE);
  });

  it('does not start the active loop at a user turn that holds a functionResponse, even with text', () => {
    const history = deepFreeze([user('q'), model(readA), user(reply('read_file', 'c1'), 'hoisted text'), model(call('grep', 'c2'))]);
    const result = ensureThoughtSignatures(history);
    expect(result[1]?.parts[0]?.thoughtSignature).toBe(SYNTHETIC_THOUGHT_SIGNATURE);
    expect(result[3]?.parts[0]?.thoughtSignature).toBe(SYNTHETIC_THOUGHT_SIGNATURE);
  });

  it('treats the whole history as the active loop when no user turn has text', () => {
    const history = deepFreeze([model(readA), user(reply('read_file', 'c1'))]);
    expect(ensureThoughtSignatures(history)[0]?.parts[0]?.thoughtSignature).toBe(SYNTHETIC_THOUGHT_SIGNATURE);
  });
});

describe('stripThoughts (A5, F6)', () => {
  it('drops thought parts from a model turn before it is stored', () => {
    const parts = deepFreeze<Part[]>([{ text: '**Plan** read', thought: true }, { text: 'Answer' }]);
    expect(stripThoughts(parts)).toEqual([{ text: 'Answer' }]);
  });

  it("moves a stripped thought's signature onto the first functionCall", () => {
    const parts = deepFreeze<Part[]>([{ text: 'plan', thought: true, thoughtSignature: 'SIG' }, { text: 'x' }, readA, call('grep', 'c2')]);
    expect(stripThoughts(parts)).toEqual([{ text: 'x' }, signed(readA, 'SIG'), call('grep', 'c2')]);
  });

  it("keeps a call's own signature rather than overwrite it", () => {
    const parts = deepFreeze<Part[]>([{ text: 'plan', thought: true, thoughtSignature: 'THOUGHT' }, signed(readA, 'OWN')]);
    expect(stripThoughts(parts)).toEqual([signed(readA, 'OWN')]);
  });

  it('returns the input itself when there is no thought', () => {
    const parts = deepFreeze<Part[]>([{ text: 'x' }, signed(readA, 'SIG')]);
    expect(stripThoughts(parts)).toBe(parts);
  });
});

describe('active loop with reminder turns', () => {
  it('a reminder stored right after a tool result does not restart the active loop', () => {
    const history = deepFreeze([
      user('q'),
      model(readA),
      user(reply('read_file', 'c1')),
      user('<system-reminder>plan mode</system-reminder>'),
    ]);
    expect(ensureThoughtSignatures(history)[1]?.parts[0]?.thoughtSignature).toBe(SYNTHETIC_THOUGHT_SIGNATURE);
  });

  it('a reminder before the prompt belongs to the prompt run that starts the loop', () => {
    const history = deepFreeze([
      model(call('grep', 'old')),
      user(reply('grep', 'old')),
      model('done'),
      user('<system-reminder>r</system-reminder>'),
      user('next'),
      model(readA),
    ]);
    const result = ensureThoughtSignatures(history);
    expect(result[0]).toBe(history[0]);
    expect(result[5]?.parts[0]?.thoughtSignature).toBe(SYNTHETIC_THOUGHT_SIGNATURE);
  });
});
