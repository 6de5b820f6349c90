/**
 * The Sandbox interface over a MessagePort: WebContainer needs `document`, so it lives on
 * the UI thread and the agent worker reaches it through this typed RPC. Every call is a
 * correlated request/response; live output and process events stream as plain messages.
 * Rejections cross as SandboxError values.
 */
import { messageOf } from '../../shared/errors';
import type { ExecOptions, ExecResult, Sandbox, SandboxKind, SandboxProcess, SpawnOptions } from '../../sandbox/types';
import { isSandboxError, sandboxError } from '../../sandbox/types';

export interface PortLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
}

type FsMethod = 'readFile' | 'readTextFile' | 'writeFile' | 'readDir' | 'stat' | 'mkdir' | 'remove' | 'clearTemporaryFiles';

type Request =
  | { rpc: 'call'; id: number; method: FsMethod; args: unknown[] }
  | { rpc: 'exec'; id: number; command: string; cwd?: string; timeoutMs?: number }
  | { rpc: 'abort'; id: number }
  | { rpc: 'spawn'; id: number; command: string; cwd?: string; terminal?: { columns: number; rows: number } }
  | { rpc: 'process-input'; id: number; text: string }
  | { rpc: 'process-resize'; id: number; columns: number; rows: number }
  | { rpc: 'process-kill'; id: number };

type Reply =
  | { rpc: 'result'; id: number; value?: unknown; error?: unknown }
  | { rpc: 'output'; id: number; stream: 'stdout' | 'stderr'; text: string }
  | { rpc: 'process-exit'; id: number; code: number }
  | { rpc: 'server-ready'; port: number; url: string };

function asSandboxError(thrown: unknown) {
  return isSandboxError(thrown) ? thrown : sandboxError('EIO', messageOf(thrown));
}

/** UI-thread side: answers requests from the worker with `sandbox`. Returns a disposer. */
export function serveSandbox(port: PortLike, sandbox: Sandbox): () => void {
  const aborts = new Map<number, AbortController>();
  const processes = new Map<number, SandboxProcess>();
  const reply = (message: Reply) => port.postMessage(message);
  const stopServerReady = sandbox.onServerReady((serverPort, url) => reply({ rpc: 'server-ready', port: serverPort, url }));

  async function handle(request: Request): Promise<void> {
    switch (request.rpc) {
      case 'call': {
        try {
          const method = sandbox[request.method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
          const value = await method?.apply(sandbox, request.args);
          reply({ rpc: 'result', id: request.id, value });
        } catch (thrown) {
          reply({ rpc: 'result', id: request.id, error: asSandboxError(thrown) });
        }
        return;
      }
      case 'exec': {
        const controller = new AbortController();
        aborts.set(request.id, controller);
        const options: ExecOptions = {
          signal: controller.signal,
          onOutput: (chunk) => reply({ rpc: 'output', id: request.id, ...chunk }),
        };
        if (request.cwd !== undefined) options.cwd = request.cwd;
        if (request.timeoutMs !== undefined) options.timeoutMs = request.timeoutMs;
        const value = await sandbox.exec(request.command, options);
        aborts.delete(request.id);
        reply({ rpc: 'result', id: request.id, value });
        return;
      }
      case 'abort':
        aborts.get(request.id)?.abort();
        return;
      case 'spawn': {
        try {
          const options: SpawnOptions = { onOutput: (text) => reply({ rpc: 'output', id: request.id, stream: 'stdout', text }) };
          if (request.cwd !== undefined) options.cwd = request.cwd;
          if (request.terminal) options.terminal = request.terminal;
          const process = await sandbox.spawn(request.command, options);
          processes.set(request.id, process);
          void process.exit.then((code) => {
            processes.delete(request.id);
            reply({ rpc: 'process-exit', id: request.id, code });
          });
          reply({ rpc: 'result', id: request.id, value: process.id });
        } catch (thrown) {
          reply({ rpc: 'result', id: request.id, error: asSandboxError(thrown) });
        }
        return;
      }
      case 'process-input':
        processes.get(request.id)?.write(request.text);
        return;
      case 'process-resize':
        processes.get(request.id)?.resize?.(request.columns, request.rows);
        return;
      case 'process-kill':
        processes.get(request.id)?.kill();
        return;
    }
  }

  const listener = (event: MessageEvent) => void handle(event.data as Request);
  port.addEventListener('message', listener);
  port.start?.();
  return () => {
    port.removeEventListener('message', listener);
    stopServerReady();
    for (const process of processes.values()) process.kill();
  };
}

/** Worker side: a Sandbox whose every call goes to `serveSandbox` on the other end. */
export function connectSandbox(port: PortLike, kind: SandboxKind): Sandbox {
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  const outputs = new Map<number, (stream: 'stdout' | 'stderr', text: string) => void>();
  const exits = new Map<number, (code: number) => void>();
  const serverReady = new Set<(port: number, url: string) => void>();

  port.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as Reply;
    switch (message.rpc) {
      case 'result': {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error !== undefined) waiter?.reject(message.error);
        else waiter?.resolve(message.value);
        return;
      }
      case 'output':
        outputs.get(message.id)?.(message.stream, message.text);
        return;
      case 'process-exit':
        exits.get(message.id)?.(message.code);
        exits.delete(message.id);
        outputs.delete(message.id);
        return;
      case 'server-ready':
        for (const listener of serverReady) listener(message.port, message.url);
        return;
    }
  });
  port.start?.();

  function send<T>(request: Request): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      pending.set(request.id, { resolve: resolve as (value: unknown) => void, reject });
      port.postMessage(request);
    });
  }
  const call = <T>(method: FsMethod, ...args: unknown[]) => send<T>({ rpc: 'call', id: nextId++, method, args });

  return {
    kind,
    readFile: (path) => call('readFile', path),
    readTextFile: (path) => call('readTextFile', path),
    writeFile: (path, content) => call('writeFile', path, content),
    readDir: (path) => call('readDir', path),
    stat: (path) => call('stat', path),
    mkdir: (path) => call('mkdir', path),
    remove: (path, options) => call('remove', path, options),
    clearTemporaryFiles: () => call('clearTemporaryFiles'),
    async exec(command, options = {}): Promise<ExecResult> {
      const id = nextId++;
      if (options.onOutput) {
        const onOutput = options.onOutput;
        outputs.set(id, (stream, text) => onOutput({ stream, text }));
      }
      const onAbort = () => port.postMessage({ rpc: 'abort', id } satisfies Request);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const request: Request = { rpc: 'exec', id, command };
        if (options.cwd !== undefined) request.cwd = options.cwd;
        if (options.timeoutMs !== undefined) request.timeoutMs = options.timeoutMs;
        if (options.signal?.aborted) return { exitCode: 130, stdout: '', stderr: '', aborted: true };
        return await send<ExecResult>(request);
      } finally {
        outputs.delete(id);
        options.signal?.removeEventListener('abort', onAbort);
      }
    },
    async spawn(command, options): Promise<SandboxProcess> {
      const id = nextId++;
      outputs.set(id, (_stream, text) => options.onOutput(text));
      const exit = new Promise<number>((resolve) => exits.set(id, resolve));
      const request: Request = { rpc: 'spawn', id, command };
      if (options.cwd !== undefined) request.cwd = options.cwd;
      if (options.terminal) request.terminal = options.terminal;
      const processId = await send<string>(request);
      return {
        id: processId,
        exit,
        write: (text) => port.postMessage({ rpc: 'process-input', id, text } satisfies Request),
        resize: (columns, rows) => port.postMessage({ rpc: 'process-resize', id, columns, rows } satisfies Request),
        kill: () => port.postMessage({ rpc: 'process-kill', id } satisfies Request),
      };
    },
    onServerReady(listener) {
      serverReady.add(listener);
      return () => serverReady.delete(listener);
    },
    async dispose() {
      for (const waiter of pending.values()) waiter.reject(sandboxError('EIO', 'The sandbox was closed.'));
      pending.clear();
    },
  };
}
