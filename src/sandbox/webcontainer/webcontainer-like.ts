/**
 * The part of @webcontainer/api this adapter uses, as our own types: the real `WebContainer`
 * satisfies it (checked in boot-webcontainer.ts), and testing/node-container.ts implements
 * it on Node for tests. File-system paths are relative to `workdir`.
 */
export interface WebContainerDirEntry {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  /** Not in the real API; there, a symlink is an entry that is neither a file nor a directory. */
  isSymbolicLink?(): boolean;
}

export interface WebContainerFsLike {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  readdir(path: string, options: { withFileTypes: true }): Promise<WebContainerDirEntry[]>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void>;
}

export interface WebContainerTerminalSize {
  cols: number;
  rows: number;
}

export interface WebContainerSpawnOptions {
  /** Relative to `workdir`. */
  cwd?: string;
  env?: Record<string, string | number | boolean>;
  terminal?: WebContainerTerminalSize;
}

export interface WebContainerProcessLike {
  /** stdout and stderr together, as a terminal shows them. */
  output: ReadableStream<string>;
  input: WritableStream<string>;
  exit: Promise<number>;
  kill(): void;
  resize(dimensions: WebContainerTerminalSize): void;
}

export interface WebContainerLike {
  /** Absolute path of the workspace root, e.g. "/home/project". */
  readonly workdir: string;
  readonly fs: WebContainerFsLike;
  spawn(command: string, args: string[], options?: WebContainerSpawnOptions): Promise<WebContainerProcessLike>;
  on(event: 'server-ready', listener: (port: number, url: string) => void): () => void;
  /** A script put into every page a dev server serves, from the next load (the Preview's runtime: ui/preview/). */
  setPreviewScript?(scriptSrc: string): Promise<void>;
  teardown?(): void;
}
