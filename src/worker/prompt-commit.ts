/**
 * A message counts as sent once it is stored, as a file counts as saved once it is stored:
 * the worker answers `send` when the history commit that holds the prompt succeeded. A commit
 * refused before that (a full disk, another tab's change) means the prompt was not stored:
 * the answer is the store's error, and the page takes the message back into the prompt box
 * with that error as its alert. The agent's own report of the same failure ("stopped
 * unexpectedly") is then not shown as well.
 */
import type { AgentEvent } from '../agent/types';
import type { Content } from '../shared/content';
import type { AppError } from '../shared/errors';
import type { SessionRuntime } from './session-runtime';

export interface PromptCommit {
  /**
   * The prompt stored (undefined), a commit before it refused (the store's error), or the run
   * ended without storing it (undefined: a hook or the context window stopped it, and said so).
   */
  readonly outcome: Promise<AppError | undefined>;
  /** Call when the run ends. */
  runEnded(): void;
  /** False for the agent's report of the refused commit, which the answer to `send` already gives. */
  shows(event: AgentEvent): boolean;
}

function holdsPrompt(history: readonly Content[], text: string): boolean {
  const last = history.at(-1);
  return last?.role === 'user' && last.parts.some((part) => part.text === text);
}

export function watchPromptCommit(runtime: Pick<SessionRuntime, 'watchCommits'>, text: string): PromptCommit {
  let settle: (error: AppError | undefined) => void = () => undefined;
  const outcome = new Promise<AppError | undefined>((resolve) => (settle = resolve));
  let refused: AppError | null = null;
  const unwatch = runtime.watchCommits((history, error) => {
    if (error) refused = { kind: error.kind, message: error.message };
    else if (!holdsPrompt(history, text)) return;
    unwatch();
    settle(refused ?? undefined);
  });
  return {
    outcome,
    runEnded() {
      unwatch();
      settle(undefined);
    },
    shows(event) {
      if (!refused || event.type !== 'error' || !event.value.error.message.includes(refused.message)) return true;
      refused = null; // once: a later failure of the same kind is news
      return false;
    },
  };
}
