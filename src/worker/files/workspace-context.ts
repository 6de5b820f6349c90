/**
 * The agent's workspace context (agent/types.ts WorkspaceContext), read from the session's
 * files as the synced workspace holds them (what tools wrote, the person saved and shell
 * commands changed), so each read is current without touching the sandbox: AGENTS.md (else
 * GEMINI.md) for the system instruction, and the files a message mentions with `@path`.
 */
import type { WorkspaceContext } from '../../agent/types';
import { findMentions, referencedFilesText, resolveMention } from '../../shared/mentions';
import { PROJECT_INSTRUCTION_FILES } from '../../shared/project-instructions';

export type WorkspaceFiles = () => ReadonlyMap<string, string | Uint8Array>;

const decoder = new TextDecoder();

export function createWorkspaceContext(files: WorkspaceFiles): WorkspaceContext {
  return {
    async projectInstructions() {
      const current = files();
      for (const path of PROJECT_INSTRUCTION_FILES) {
        const content = current.get(path);
        if (content !== undefined) return { path, text: typeof content === 'string' ? content : decoder.decode(content) };
      }
      return null;
    },
    async mentionedFiles(text) {
      const current = files();
      const paths = new Set<string>();
      for (const mention of findMentions(text)) {
        const path = resolveMention(mention, (candidate) => current.has(candidate));
        if (path) paths.add(path);
      }
      if (paths.size === 0) return null;
      return { text: referencedFilesText([...paths].map((path) => ({ path, content: current.get(path) ?? '' }))) };
    },
  };
}
