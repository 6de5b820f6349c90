import { describe, expect, it } from 'vitest';
import { commandNamed, focusLastRestore, helpText, PROMPT_COMMANDS } from './prompt-commands';
import type { CommandContext } from './prompt-commands';

function fakeContext(overrides: Partial<CommandContext> = {}) {
  const log: string[] = [];
  const context: CommandContext = {
    busy: false,
    notify: (message) => log.push(`notify: ${message}`),
    newSession: () => log.push('new session'),
    compress: () => log.push('compress'),
    focusLastRestore: () => null,
    openSettings: (focus) => log.push(`settings at ${focus}`),
    openShare: () => log.push('share'),
    downloadSessionFile: () => log.push('session file'),
    ...overrides,
  };
  return { context, log };
}

function run(name: string, overrides: Partial<CommandContext> = {}): string[] {
  const { context, log } = fakeContext(overrides);
  commandNamed(name)!.run(context);
  return log;
}

describe('the / commands', () => {
  it('are /help, /clear, /compress, /restore, /model, /share and /export', () => {
    expect(PROMPT_COMMANDS.map((command) => command.name)).toEqual(['/help', '/clear', '/compress', '/restore', '/model', '/share', '/export']);
  });

  it('/share opens Share session and /export downloads the session file', () => {
    expect(run('/share')).toEqual(['share']);
    expect(run('/export')).toEqual(['session file']);
  });

  it('/help lists every command in the transcript, and how to mention a file', () => {
    const [line] = run('/help');
    expect(line).toBe(`notify: ${helpText(PROMPT_COMMANDS)}`);
    for (const command of PROMPT_COMMANDS) expect(line).toContain(`${command.name} — ${command.description}`);
    expect(line).toContain('Type @ to mention');
  });

  it('/clear starts a new session, unless the agent is working', () => {
    expect(run('/clear')).toEqual(['new session']);
    expect(run('/clear', { busy: true })).toEqual(['notify: /clear: the agent is working. Stop it first, then start a new session.']);
  });

  it('/compress asks for compression, /model opens Settings at the model', () => {
    expect(run('/compress')).toEqual(['compress']);
    expect(run('/model')).toEqual(['settings at model']);
  });

  it('/restore moves to the latest Restore and says what Enter would undo, or that there is none', () => {
    expect(run('/restore', { focusLastRestore: () => 'write_file a.txt' })).toEqual([
      'notify: /restore: press Enter on the focused Restore to put the files back as they were before write_file a.txt.',
    ]);
    expect(run('/restore')[0]).toContain('there is nothing to restore yet');
  });

  it('a message that is exactly a command names it; other text does not', () => {
    expect(commandNamed(' /HELP ')?.name).toBe('/help');
    expect(commandNamed('/help me')).toBeUndefined();
    expect(commandNamed('/etc/hosts')).toBeUndefined();
  });
});

describe('focusLastRestore', () => {
  function button(text: string, owner: string | null, disabled = false) {
    const focused: string[] = [];
    return {
      focused,
      element: {
        textContent: text,
        getAttribute: (name: string) => (name === 'aria-disabled' && disabled ? 'true' : null),
        focus: () => focused.push(text),
        scrollIntoView: () => undefined,
        closest: () => (owner === null ? null : { getAttribute: () => owner }),
      },
    };
  }

  it('focuses the last enabled Restore and names what it restores', () => {
    const first = button('Restore', 'You');
    const last = button('Restore', 'write_file b.txt');
    const pruned = button('Restore', 'edit c.txt', true);
    const other = button('Allow once', null);
    const root = { querySelectorAll: () => [first.element, last.element, pruned.element, other.element] } as unknown as ParentNode;
    expect(focusLastRestore(root)).toBe('write_file b.txt');
    expect(last.focused).toEqual(['Restore']);
    expect(first.focused).toEqual([]);
  });

  it('finds none in an empty transcript', () => {
    expect(focusLastRestore({ querySelectorAll: () => [] } as unknown as ParentNode)).toBeNull();
    expect(focusLastRestore(null)).toBeNull();
  });
});
