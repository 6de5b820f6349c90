/**
 * Reads of the workspace context (AgentDependencies.workspaceContext) for one request or one
 * message. A failing read is worth less than the request: it counts as nothing to add.
 */
import type { Part } from '../shared/content';
import type { ProjectInstructions } from '../shared/project-instructions';
import type { Run } from './session';

/** AGENTS.md (else GEMINI.md) as it is now: read for every request, so an edit counts from the next one. */
export async function currentProjectInstructions(run: Run): Promise<ProjectInstructions | null> {
  const context = run.services.deps.workspaceContext;
  return context ? context.projectInstructions().catch(() => null) : null;
}

/** The part carrying the files a person's message mentions, if it mentions any. */
export async function mentionedFilesPart(run: Run, text: string): Promise<Part | null> {
  const context = run.services.deps.workspaceContext;
  return context ? context.mentionedFiles(text).catch(() => null) : null;
}
