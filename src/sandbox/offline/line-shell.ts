/**
 * A minimal interactive shell for the Terminal pane, on top of any "run one line" function:
 * echoes what is typed, runs a line on Enter, prints a prompt, handles Backspace, Ctrl+C
 * (clears the line, or stops the running command) and Ctrl+D (exits on an empty line).
 * Arrow keys and other escape sequences are ignored (no history or cursor movement).
 * Output uses "\r\n" line ends, as a terminal expects.
 */
import type { SandboxProcess } from '../types';

export interface LineShellOptions {
  id: string;
  prompt(): string;
  /** Runs one line; `signal` aborts on Ctrl+C or kill. Must not reject. */
  run(line: string, signal: AbortSignal): Promise<{ stdout: string; stderr: string; exitCode: number }>;
  onOutput(text: string): void;
}

// eslint-disable-next-line no-control-regex -- terminal escape sequences are what we strip
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-9;?]*[ -/]*[@-~]|O.|.)/g;
const EXIT_LINE = /^\s*(?:exit|logout)(?:\s+(\d+))?\s*$/;

export function startLineShell(options: LineShellOptions): SandboxProcess {
  let line = '';
  let queued = '';
  let running: AbortController | null = null;
  let closed = false;
  let lastWasCarriageReturn = false;
  let resolveExit: (code: number) => void = () => {};
  const exit = new Promise<number>((resolve) => {
    resolveExit = resolve;
  });
  const out = (text: string): void => {
    if (!closed && text !== '') options.onOutput(text);
  };

  function close(code: number): void {
    if (closed) return;
    closed = true;
    running?.abort();
    resolveExit(code);
  }

  async function execute(command: string): Promise<void> {
    const controller = new AbortController();
    running = controller;
    const result = await options.run(command, controller.signal);
    running = null;
    const text = toTerminal(result.stdout) + toTerminal(result.stderr);
    out(text);
    if (text !== '' && !text.endsWith('\n')) out('\r\n');
    if (controller.signal.aborted && !closed) out('^C\r\n');
    out(options.prompt());
    const rest = queued;
    queued = '';
    feed(rest);
  }

  function onEnter(rest: string): void {
    out('\r\n');
    const command = line;
    line = '';
    const exitMatch = EXIT_LINE.exec(command);
    if (exitMatch) {
      close(Number(exitMatch[1] ?? 0));
      return;
    }
    if (command.trim() === '') {
      out(options.prompt());
      feed(rest);
      return;
    }
    queued = rest + queued;
    void execute(command);
  }

  function feed(data: string): void {
    const characters = Array.from(data.replace(ESCAPE_SEQUENCE, ''));
    for (const [index, character] of characters.entries()) {
      if (closed) return;
      if (running) {
        if (character === '\u0003') {
          queued = '';
          running.abort();
        } else {
          queued += character;
        }
        continue;
      }
      const afterCarriageReturn = lastWasCarriageReturn;
      lastWasCarriageReturn = character === '\r';
      if (character === '\r' || character === '\n') {
        if (character === '\n' && afterCarriageReturn) continue;
        onEnter(characters.slice(index + 1).join(''));
        return;
      }
      if (character === '\u0003') {
        out('^C\r\n');
        line = '';
        out(options.prompt());
      } else if (character === '\u0004') {
        if (line === '') {
          out('exit\r\n');
          close(0);
        }
      } else if (character === '\u007f' || character === '\b') {
        if (line !== '') {
          line = Array.from(line).slice(0, -1).join('');
          out('\b \b');
        }
      } else if (character >= ' ') {
        line += character;
        out(character);
      }
    }
  }

  out(options.prompt());
  return {
    id: options.id,
    write: feed,
    resize: () => {},
    kill: () => close(143),
    exit,
  };
}

export function toTerminal(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}
