/**
 * The person's interactive shell in the session's sandbox (the Terminal pane). One per
 * session; output streams to the UI; the workspace is rescanned shortly after output settles,
 * so files changed from the terminal reach the tree and the editor.
 */
import type { Sandbox, SandboxProcess } from '../../sandbox/types';
import type { WorkerEvent } from '../protocol';
import type { SyncedWorkspace } from './workspace-sync';

export interface TerminalHost {
  start(columns: number, rows: number): Promise<void>;
  input(text: string): void;
  resize(columns: number, rows: number): void;
  dispose(): void;
}

const RESCAN_AFTER_MS = 300;

export function createTerminalHost(
  sandbox: Sandbox,
  events: { output(text: string): void; exit(code: number): void; settled(): void },
): TerminalHost {
  let process: SandboxProcess | null = null;
  let starting: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Disposed (the session was left): a shell still being spawned is killed as it arrives. */
  let disposed = false;
  const settle = () => {
    clearTimeout(timer);
    timer = setTimeout(events.settled, RESCAN_AFTER_MS);
  };
  return {
    start(columns, rows) {
      if (process) return Promise.resolve();
      starting ??= sandbox
        .spawn(sandbox.kind === 'webcontainer' ? 'jsh' : 'bash', {
          terminal: { columns, rows },
          onOutput: (text) => {
            if (disposed) return; // nothing of a left session reaches the next one's page
            events.output(text);
            settle();
          },
        })
        .then((started) => {
          if (disposed) return void started.kill();
          process = started;
          void started.exit.then((code) => {
            process = null;
            starting = null;
            events.exit(code);
            settle();
          });
        })
        .finally(() => {
          starting = null;
        });
      return starting;
    },
    input(text) {
      process?.write(text);
    },
    resize(columns, rows) {
      process?.resize?.(columns, rows);
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      process?.kill();
      process = null;
    },
  };
}

/** The open session's terminal: started on first use, ended with the session or when its shell exits. */
export function createTerminalSlot(post: (event: WorkerEvent) => void) {
  let host: TerminalHost | null = null;
  return {
    start(workspace: SyncedWorkspace, columns: number, rows: number): Promise<void> {
      host ??= createTerminalHost(workspace.sandbox, {
        output: (text) => post({ type: 'terminal-output', text }),
        exit: (code) => {
          host = null;
          post({ type: 'terminal-exit', code });
        },
        settled: () => void workspace.rescan('person'),
      });
      return host.start(columns, rows);
    },
    input: (text: string) => host?.input(text),
    resize: (columns: number, rows: number) => host?.resize(columns, rows),
    dispose() {
      host?.dispose();
      host = null;
    },
  };
}
