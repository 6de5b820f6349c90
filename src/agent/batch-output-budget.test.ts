import { describe, expect, it } from 'vitest';
import { applyBatchOutputBudget } from './batch-output-budget';
import type { Part } from '../shared/content';

const response = (id: string, output: string): Part => ({ functionResponse: { id, name: 'run_shell_command', response: { output } } });

describe('batch output budget details', () => {
  it('keeps the start of an output that is one long line, and counts bytes, not characters', async () => {
    const line = 'é'.repeat(20_000); // 40,000 bytes, 20,000 characters
    const saved = new Map<string, string>();
    const { parts, heldBack } = await applyBatchOutputBudget([response('c/1', line), { text: 'reminder' }], 30_000, async (path, text) => void saved.set(path, text));
    const output = parts[0]!.functionResponse!.response['output'] as string;
    expect(heldBack).toEqual([{ callId: 'c/1', name: 'run_shell_command', path: '.loopscope/tool-output/c_1.txt', bytes: 40_000 }]);
    expect(saved.get('.loopscope/tool-output/c_1.txt')).toBe(line);
    expect(output).toMatch(/\]\néé+…\n\[\.\.\.\]/);
    expect(parts[1]).toEqual({ text: 'reminder' });
  });

  it('holds back error texts too, and leaves results without text alone', async () => {
    const error: Part = { functionResponse: { id: 'e', name: 'run_shell_command', response: { error: 'x\n'.repeat(10_000) } } };
    const media: Part = { functionResponse: { id: 'm', name: 'read_file', response: {} } };
    const { parts } = await applyBatchOutputBudget([error, media], 5_000, async () => {});
    expect(parts[0]!.functionResponse!.response['error']).toContain('[Output held back.');
    expect(parts[1]).toBe(media);
  });
});
