/**
 * In the Loop inspector: which part of a request's system instruction is the project's own
 * instructions file (AGENTS.md or GEMINI.md), labelled and shown on its own.
 */
import { findProjectInstructions } from '../../shared/project-instructions';

export function ProjectInstructionsNote({ systemInstruction }: { systemInstruction: string | undefined }) {
  const found = findProjectInstructions(systemInstruction);
  if (!found) return null;
  const label = `Project instructions from ${found.path}`;
  return (
    <details className="project-instructions">
      <summary>
        {label} in the system instruction ({found.section.length.toLocaleString('en')} characters{found.cut ? ', cut to fit' : ''})
      </summary>
      <pre aria-label={label} tabIndex={0}>{found.section}</pre>
    </details>
  );
}
