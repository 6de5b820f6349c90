import { describe, expect, it } from 'vitest';
import { findProjectInstructions, projectInstructionsSection } from './project-instructions';
import { PROJECT_INSTRUCTIONS_MAX_CHARS } from './limits';

describe('the project instructions section', () => {
  it('names the file in its heading and holds its text whole when it fits', () => {
    const section = projectInstructionsSection({ path: 'AGENTS.md', text: '# Rules\nUse tabs.\n' });
    expect(section?.split('\n')[0]).toBe('# Project instructions from AGENTS.md');
    expect(section).toContain('<project_instructions path="AGENTS.md">\n# Rules\nUse tabs.\n</project_instructions>');
    expect(section).not.toContain('was cut');
  });

  it('is left out for an empty file', () => {
    expect(projectInstructionsSection({ path: 'GEMINI.md', text: ' \n\n ' })).toBeNull();
  });

  it(`cuts a file over ${PROJECT_INSTRUCTIONS_MAX_CHARS} characters at a line end and says so in the instruction`, () => {
    const line = 'x'.repeat(99);
    const text = Array.from({ length: 400 }, () => line).join('\n'); // 39,999 characters
    const section = projectInstructionsSection({ path: 'AGENTS.md', text })!;
    const body = section.slice(section.indexOf('">\n') + 3, section.indexOf('\n\n[AGENTS.md was cut'));
    expect(body.length).toBeLessThanOrEqual(PROJECT_INSTRUCTIONS_MAX_CHARS);
    expect(body.length).toBeGreaterThan(PROJECT_INSTRUCTIONS_MAX_CHARS * 0.8);
    expect(body.endsWith(line)).toBe(true);
    expect(section).toContain('[AGENTS.md was cut here: it has 39,999 characters and only the first 15,999 are included. Read the rest with read_file');
    expect(findProjectInstructions(`base\n\n${section}`)?.cut).toBe(true);
  });

  it('cuts a file without line ends at the cap', () => {
    const section = projectInstructionsSection({ path: 'AGENTS.md', text: 'y'.repeat(50) }, 20)!;
    expect(section).toContain(`${'y'.repeat(20)}\n\n[AGENTS.md was cut here: it has 50 characters and only the first 20`);
  });
});

describe('findProjectInstructions', () => {
  it('finds the section inside a system instruction, with text after it', () => {
    const section = projectInstructionsSection({ path: 'GEMINI.md', text: 'Be terse.' })!;
    const found = findProjectInstructions(`You are Loopscope.\n\n${section}\n\n# Additional instructions\nmore`);
    expect(found).toEqual({ path: 'GEMINI.md', section, cut: false });
  });

  it('finds nothing in an instruction without one', () => {
    expect(findProjectInstructions('You are Loopscope.')).toBeNull();
    expect(findProjectInstructions(undefined)).toBeNull();
  });
});
