/**
 * The project's own instructions file at the workspace root (AGENTS.md, else GEMINI.md), as it
 * goes into the system instruction of every request: a section under a heading that names the
 * file, its text in a tag, cut at PROJECT_INSTRUCTIONS_MAX_CHARS with a note saying so. The
 * format is written and read here only: the agent writes it, the Loop inspector finds it.
 */
import { PROJECT_INSTRUCTIONS_MAX_CHARS } from './limits';

/** Looked for at the workspace root, in this order; the first that exists is used. */
export const PROJECT_INSTRUCTION_FILES = ['AGENTS.md', 'GEMINI.md'] as const;


export interface ProjectInstructions {
  /** Workspace-relative: `AGENTS.md` or `GEMINI.md`. */
  path: string;
  text: string;
}

const HEADING = '# Project instructions from ';
const CLOSE = '</project_instructions>';
const CUT = ' was cut here: ';

/** The file's text, cut to `maxChars` (at a line end when one is near) with a note, or null when it is empty. */
export function projectInstructionsSection(project: ProjectInstructions, maxChars = PROJECT_INSTRUCTIONS_MAX_CHARS): string | null {
  const text = project.text.trim();
  if (!text) return null;
  let body = text;
  if (text.length > maxChars) {
    const lineEnd = text.lastIndexOf('\n', maxChars);
    const end = lineEnd > maxChars * 0.8 ? lineEnd : maxChars;
    body =
      `${text.slice(0, end).trimEnd()}\n\n[${project.path}${CUT}it has ${text.length.toLocaleString('en')} characters and only the first ` +
      `${end.toLocaleString('en')} are included. Read the rest with read_file when it matters.]`;
  }
  return [
    `${HEADING}${project.path}`,
    `The project's own instructions, from ${project.path} at the workspace root. Follow them unless they conflict with the rules above or with the user's request.`,
    '',
    `<project_instructions path="${project.path}">`,
    body,
    CLOSE,
  ].join('\n');
}

/** The project's section of a system instruction, where it has one: the file it came from, the section as sent, and whether the file was cut. */
export function findProjectInstructions(systemInstruction: string | undefined): { path: string; section: string; cut: boolean } | null {
  if (!systemInstruction) return null;
  const start = systemInstruction.startsWith(HEADING) ? 0 : systemInstruction.indexOf(`\n${HEADING}`) + 1;
  if (start === 0 && !systemInstruction.startsWith(HEADING)) return null;
  const lineEnd = systemInstruction.indexOf('\n', start);
  const path = systemInstruction.slice(start + HEADING.length, lineEnd < 0 ? undefined : lineEnd).trim();
  const close = systemInstruction.lastIndexOf(CLOSE);
  if (!path || close < start) return null;
  const section = systemInstruction.slice(start, close + CLOSE.length);
  return { path, section, cut: section.includes(`\n[${path}${CUT}`) };
}
