/**
 * The cost rule of issue 3, on what the app really sends: the system prompt and the
 * declarations of the built-in tools (not a fixture) stay under 12 KiB together.
 */
import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, functionDeclarations, promptFootprintBytes, SYSTEM_PROMPT_BUDGET_BYTES } from '../agent/system-prompt';
import { createBuiltinTools, createToolRegistry } from '../tools/registry';

describe('prompt budget', () => {
  it('the system prompt and the built-in tool declarations together stay under 12 KiB', () => {
    const declarations = functionDeclarations(createToolRegistry(createBuiltinTools()).declarations());
    expect(declarations.length).toBeGreaterThanOrEqual(8);
    const bytes = promptFootprintBytes(buildSystemPrompt(), declarations);
    expect(bytes).toBeLessThan(SYSTEM_PROMPT_BUDGET_BYTES);
  });
});
