/**
 * The workspace capability: files and a shell. Two implementations, one contract
 * (sandbox.contract.ts): webcontainer/ on StackBlitz WebContainer, offline/ on just-bash.
 *
 * Paths are workspace-relative POSIX paths ("src/app.ts"; "" or "." is the root).
 * Implementations refuse anything that resolves outside the workspace (including through
 * symlinks) with code EOUTSIDE. File-system methods reject with a SandboxError value.
 */
import type { SandboxKind } from '../shared/sandbox-kind';

/** Defined in shared/, so the UI names it without importing sandbox/. */
export type { SandboxKind };

export type SandboxErrorCode = 'ENOENT' | 'EISDIR' | 'ENOTDIR' | 'EEXIST' | 'EOUTSIDE' | 'EINVAL' | 'EIO' | 'EUNSUPPORTED';

export interface SandboxError {
  kind: 'sandbox';
  code: SandboxErrorCode;
  message: string;
  path?: string;
}

export function sandboxError(code: SandboxErrorCode, message: string, path?: string): SandboxError {
  return path === undefined ? { kind: 'sandbox', code, message } : { kind: 'sandbox', code, message, path };
}

export function isSandboxError(value: unknown): value is SandboxError {
  return !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'sandbox';
}

export interface DirEntry {
  name: string;
  kind: 'file' | 'directory' | 'symlink';
}

export interface FileStat {
  kind: 'file' | 'directory' | 'symlink';
  size: number;
}

export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface ExecOptions {
  /** Workspace-relative working directory. */
  cwd?: string;
  signal?: AbortSignal;
  /** Kill after this long; the result then has `timedOut: true`. */
  timeoutMs?: number;
  /** Live output as it is produced. */
  onOutput?: (chunk: OutputChunk) => void;
}

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  timedOut?: boolean;
  aborted?: boolean;
}

/** A long-running process: a dev server or an interactive terminal. */
export interface SandboxProcess {
  readonly id: string;
  write(input: string): void;
  resize?(columns: number, rows: number): void;
  kill(): void;
  /** Resolves with the exit code. */
  readonly exit: Promise<number>;
}

export interface SpawnOptions {
  cwd?: string;
  onOutput: (text: string) => void;
  /** Terminal size for interactive shells. */
  terminal?: { columns: number; rows: number };
}

export interface WorkspaceChange {
  /** Paths that were created, changed or deleted (deleted: `deleted: true`). */
  path: string;
  deleted?: boolean;
}

export interface Sandbox {
  readonly kind: SandboxKind;
  readFile(path: string): Promise<Uint8Array>;
  readTextFile(path: string): Promise<string>;
  /** Creates missing parent folders. */
  writeFile(path: string, content: Uint8Array | string): Promise<void>;
  readDir(path: string): Promise<DirEntry[]>;
  /** `null` when nothing is at `path`. Does not follow a final symlink. */
  stat(path: string): Promise<FileStat | null>;
  /** Recursive. */
  mkdir(path: string): Promise<void>;
  remove(path: string, options?: { recursive?: boolean }): Promise<void>;
  /** Runs a shell command to completion. Never rejects: failures are a non-zero exit code. */
  exec(command: string, options?: ExecOptions): Promise<ExecResult>;
  /** Starts a background or interactive process (dev servers, the terminal pane). */
  spawn(command: string, options: SpawnOptions): Promise<SandboxProcess>;
  /** Dev servers that started listening (WebContainer's server-ready). Returns an unsubscribe. */
  onServerReady(listener: (port: number, url: string) => void): () => void;
  /**
   * Empties the scratch folder commands use (/tmp, or wherever TMPDIR points), so the next
   * session on a long-lived sandbox (WebContainer) starts without the last one's temporary
   * files. A sandbox made fresh for each session (offline) has nothing to clear and leaves it out.
   */
  clearTemporaryFiles?(): Promise<void>;
  dispose(): Promise<void>;
}
