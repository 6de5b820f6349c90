/**
 * The prompt box's `/` commands, as data: each is a name, a line of help and a handler over
 * the CommandContext the agent panel gives it. A new command is one entry here (and, when it
 * needs a new ability of the page, one more member of CommandContext).
 *
 * What each does:
 * - `/help` lists the commands in the transcript (a notice, never sent to the model).
 * - `/clear` starts a new session, as the New session button does: the model starts with an
 *   empty history and the view is empty. The session left stays in the Sessions list, whole.
 * - `/compress` compresses the history now (the Compress button).
 * - `/restore` moves the focus to the Restore of the latest checkpoint in the transcript, so
 *   Enter puts the files back; it restores nothing by itself.
 * - `/model` opens Settings with the focus in Model.
 * - `/share` opens Share session; `/export` downloads the session file (the same document).
 */

export interface CommandContext {
  /** The agent is working (or a message waits to be taken). */
  busy: boolean;
  /** Adds a notice to the transcript: shown, never sent to the model. */
  notify(message: string): void;
  newSession(): void;
  compress(): void;
  /** Focuses the latest Restore in the transcript; returns what it restores, or null when there is none. */
  focusLastRestore(): string | null;
  openSettings(focus: 'model'): void;
  /** Opens Share session (the link and the session file). */
  openShare(): void;
  /** Downloads the session file. */
  downloadSessionFile(): void;
}

export interface PromptCommand {
  /** With its slash: `/help`. */
  name: string;
  description: string;
  run(context: CommandContext): void;
}

export function helpText(commands: readonly PromptCommand[]): string {
  const lines = commands.map((command) => `${command.name} — ${command.description}`);
  return [
    'Commands (type / at the start of a message):',
    ...lines,
    'Type @ to mention a workspace file: its content goes with your message.',
  ].join('\n');
}

export const PROMPT_COMMANDS: readonly PromptCommand[] = [
  {
    name: '/help',
    description: 'list these commands',
    run: (context) => context.notify(helpText(PROMPT_COMMANDS)),
  },
  {
    name: '/clear',
    description: 'start a new session (this one stays in Sessions)',
    run(context) {
      if (context.busy) return context.notify('/clear: the agent is working. Stop it first, then start a new session.');
      context.newSession();
    },
  },
  {
    name: '/compress',
    description: "compress the conversation's history now",
    run: (context) => context.compress(),
  },
  {
    name: '/restore',
    description: 'go to the Restore of the latest checkpoint',
    run(context) {
      const target = context.focusLastRestore();
      context.notify(
        target
          ? `/restore: press Enter on the focused Restore to put the files back as they were before ${target}.`
          : '/restore: there is nothing to restore yet. Checkpoints are taken before each file change the agent makes.',
      );
    },
  },
  {
    name: '/model',
    description: 'open Settings at the model',
    run: (context) => context.openSettings('model'),
  },
  {
    name: '/share',
    description: 'share this session as a link or a file',
    run: (context) => context.openShare(),
  },
  {
    name: '/export',
    description: 'download this session as a session file',
    run: (context) => context.downloadSessionFile(),
  },
];

/** The command the whole message names (`/help`, with or without spaces around), if any. */
export function commandNamed(text: string, commands: readonly PromptCommand[] = PROMPT_COMMANDS): PromptCommand | undefined {
  const name = text.trim().toLowerCase();
  return commands.find((command) => command.name === name);
}

/**
 * The latest enabled Restore button inside `transcript`, focused, and what it restores ("this
 * call" in the tool card `write_file a.txt`, or "your message"); null when there is none.
 */
export function focusLastRestore(transcript: ParentNode | null): string | null {
  const buttons = [...(transcript?.querySelectorAll<HTMLButtonElement>('button') ?? [])].filter(
    (button) => button.textContent === 'Restore' && button.getAttribute('aria-disabled') !== 'true',
  );
  const last = buttons.at(-1);
  if (!last) return null;
  last.scrollIntoView?.({ block: 'center' });
  last.focus();
  const owner = last.closest('[aria-label]');
  const name = owner?.getAttribute('aria-label');
  return name === 'You' ? 'your message' : name ? `${name}` : 'that change';
}
