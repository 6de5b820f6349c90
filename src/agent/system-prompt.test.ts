import { describe, expect, it } from 'vitest';
import { BASE_SYSTEM_PROMPT, buildSystemPrompt, functionDeclarations, promptFootprintBytes, SYSTEM_PROMPT_BUDGET_BYTES } from './system-prompt';
import { FIXTURE_TOOL_DECLARATIONS } from './testing/tool-declarations';
import { reply } from './testing/fake-model';
import { createHarness } from './testing/harness';

describe('system prompt', () => {
  it('with all 8 tool declarations it stays under 12 KiB', () => {
    const declarations = functionDeclarations(FIXTURE_TOOL_DECLARATIONS);
    expect(declarations.map((declaration) => declaration.name)).toEqual([
      'read_file', 'write_file', 'edit', 'list_directory', 'glob', 'grep_search', 'run_shell_command', 'write_todos',
    ]);
    const bytes = promptFootprintBytes(buildSystemPrompt(), declarations);
    expect(bytes).toBeLessThan(SYSTEM_PROMPT_BUDGET_BYTES);
  });

  it('names the rules a coding agent needs', () => {
    for (const rule of [/read .*before editing/i, /old_string must match/i, /keep going until the task is done/i, /brief/i, /sandboxed workspace/i]) {
      expect(BASE_SYSTEM_PROMPT).toMatch(rule);
    }
  });

  it('is sent with every request, with the extra instructions and the declarations', async () => {
    const h = createHarness({ script: [reply('ok', 'STOP')], settings: { systemPromptExtra: 'Use tabs.' } });
    await h.run('q');
    const request = h.model.requests[0]!;
    expect(request.systemInstruction).toBe(buildSystemPrompt('Use tabs.'));
    expect(request.systemInstruction).toContain('Use tabs.');
    expect(request.tools!.map((tool) => tool.name)).toEqual(h.tools.names());
    expect(request.tools![0]).not.toHaveProperty('kind');
  });
});
