/**
 * A small in-memory registry of background shell processes (run_shell_command with
 * is_background) and their recent output. The model sees new output and exits in the
 * result of its next run_shell_command call; the UI and worker may list and kill them.
 * Deliberately in memory only: processes do not survive a reload of the sandbox.
 */
import type { Sandbox, SandboxProcess } from '../sandbox/types';
import { keepTail } from './output-budget';

export interface BackgroundProcessInfo {
  id: string;
  command: string;
  /** Workspace-relative working directory ("" for the root). */
  cwd: string;
  running: boolean;
  exitCode: number | null;
  /** The last `maxOutputBytes` of output. */
  recentOutput: string;
}

export interface BackgroundReport {
  info: BackgroundProcessInfo;
  /** Output since the previous report (its tail when long). */
  newOutput: string;
}

export interface BackgroundProcesses {
  /** Rejects with the sandbox's error, or when `maxRunning` processes already run. */
  start(sandbox: Sandbox, command: string, cwd: string): Promise<BackgroundProcessInfo>;
  list(): BackgroundProcessInfo[];
  get(id: string): BackgroundProcessInfo | undefined;
  /** Processes with news since the last call (new output or an exit), marking it reported. */
  takeReports(): BackgroundReport[];
  kill(id: string): boolean;
  killAll(): void;
  /** Kills every process and forgets them all: the next session's model hears nothing of them. */
  clear(): void;
}

export interface BackgroundProcessesOptions {
  /** Most processes running at once (default 8). */
  maxRunning?: number;
  /** Output kept per process (default 16 KiB). */
  maxOutputBytes?: number;
  /** Exited processes remembered (default 8). */
  maxExited?: number;
}

interface Entry {
  info: BackgroundProcessInfo;
  process: SandboxProcess;
  unreported: string;
  exitUnreported: boolean;
}

export function createBackgroundProcesses(options: BackgroundProcessesOptions = {}): BackgroundProcesses {
  const maxRunning = options.maxRunning ?? 8;
  const maxOutputBytes = options.maxOutputBytes ?? 16 * 1024;
  const maxExited = options.maxExited ?? 8;
  const entries = new Map<string, Entry>();
  const snapshot = (entry: Entry): BackgroundProcessInfo => ({ ...entry.info });

  function forgetOldExited(): void {
    const exited = [...entries.values()].filter((entry) => !entry.info.running && !entry.exitUnreported);
    for (const entry of exited.slice(0, Math.max(0, exited.length - maxExited))) entries.delete(entry.info.id);
  }

  return {
    async start(sandbox, command, cwd) {
      const running = [...entries.values()].filter((entry) => entry.info.running).length;
      if (running >= maxRunning) {
        throw new Error(`${running} background processes are already running; stop one first (kill its process).`);
      }
      // Output may arrive before spawn resolves; it is kept in `early` until the entry exists.
      const ref: { entry?: Entry } = {};
      const early: string[] = [];
      const process = await sandbox.spawn(command, {
        cwd,
        onOutput: (raw) => {
          // Terminal-style CRLF from the sandbox is plain LF for the model.
          const text = raw.replace(/\r\n/g, '\n');
          const entry = ref.entry;
          if (entry === undefined) {
            early.push(text);
            return;
          }
          entry.info.recentOutput = keepTail(entry.info.recentOutput + text, maxOutputBytes);
          entry.unreported = keepTail(entry.unreported + text, maxOutputBytes);
        },
      });
      const initial = keepTail(early.join(''), maxOutputBytes);
      const started: Entry = {
        info: { id: process.id, command, cwd, running: true, exitCode: null, recentOutput: initial },
        process,
        unreported: initial,
        exitUnreported: false,
      };
      ref.entry = started;
      entries.set(process.id, started);
      process.exit.then(
        (code) => markExited(started, code),
        () => markExited(started, null),
      );
      forgetOldExited();
      return snapshot(started);
    },
    list: () => [...entries.values()].map(snapshot),
    get: (id) => {
      const entry = entries.get(id);
      return entry && snapshot(entry);
    },
    takeReports() {
      const reports: BackgroundReport[] = [];
      for (const entry of entries.values()) {
        if (entry.unreported === '' && !entry.exitUnreported) continue;
        reports.push({ info: snapshot(entry), newOutput: entry.unreported });
        entry.unreported = '';
        entry.exitUnreported = false;
      }
      forgetOldExited();
      return reports;
    },
    kill(id) {
      const entry = entries.get(id);
      if (!entry || !entry.info.running) return false;
      entry.process.kill();
      return true;
    },
    killAll() {
      for (const entry of entries.values()) if (entry.info.running) entry.process.kill();
    },
    clear() {
      for (const entry of entries.values()) if (entry.info.running) entry.process.kill();
      entries.clear();
    },
  };
}

function markExited(entry: Entry, code: number | null): void {
  entry.info.running = false;
  entry.info.exitCode = code;
  entry.exitUnreported = true;
}
