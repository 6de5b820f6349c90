import { describe, expect, it } from 'vitest';
import type { ToolRegistry } from '../../tools/types';
import { intakeCall } from './validation';

const registry = (whyMissing?: (name: string) => string | undefined): ToolRegistry => ({
  get: () => undefined,
  names: () => ['read_file', 'calc__add'],
  declarations: () => [],
  ...(whyMissing ? { whyMissing } : {}),
});

describe('a call to a tool that is not here', () => {
  it('is answered with what the registry knows of it (an MCP server not connected)', () => {
    const why = 'Tool "gone__add" belongs to MCP server "gone", which is not connected.';
    const result = intakeCall({ callId: 'c1', name: 'gone__add', args: {}, index: 0 }, registry((name) => (name.startsWith('gone__') ? why : undefined)), false);
    expect(result.earlyError).toEqual({ type: 'TOOL_NOT_REGISTERED', message: why });
  });

  it('is otherwise answered "not found", with the nearest names', () => {
    const result = intakeCall({ callId: 'c1', name: 'calc__ad', args: {}, index: 0 }, registry(() => undefined), false);
    expect(result.earlyError?.message).toMatch(/^Tool "calc__ad" not found in registry\..*"calc__add"/);
  });
});
