/** What the worker's composition root (agent.worker.ts) gives the session controller. */
import type { LanguageModel } from '../model/types';
import type { Sandbox } from '../sandbox/types';
import type { LoopscopeDb } from '../store/db';
import type { BackgroundProcesses } from '../tools/background-processes';
import type { WorkspaceToolRegistry } from '../tools/workspace-tool';
import type { LessonInfo, WorkerEvent, WorkerSettings } from './protocol';
import type { SwitchableModel } from './session/model-factory';
import type { SessionLocks } from './session/session-lock';
import type { McpHub } from './mcp/mcp-hub';

export interface ControllerOptions {
  db: LoopscopeDb;
  post(event: WorkerEvent): void;
  model: SwitchableModel;
  makeModel(settings: WorkerSettings): LanguageModel;
  lessons: LessonInfo[];
  /** The built-in tools; each session's runtime binds them to its sandbox. */
  tools: WorkspaceToolRegistry;
  isReadOnlyCommand(command: string): boolean;
  /** A fresh, empty sandbox for a session (offline: a new one; WebContainer: cleared). */
  acquireSandbox(previous: Sandbox | null): Promise<Sandbox>;
  initialSettings: WorkerSettings;
  /** One writer per session across tabs; without it this tab assumes it is the only one. */
  locks?: SessionLocks;
  /** The tools' background processes: a session being left takes its own along. */
  backgroundProcesses?: BackgroundProcesses;
  /** The settings' MCP servers, connected (their tools are in `tools` already). */
  mcp?: McpHub;
  /**
   * The replay-only player (the embed, docs/architecture.md): every tool call answers from the
   * recording (session/recorded-tools.ts `withOnlyRecordedTools`), so no tool runs or reaches the sandbox.
   */
  replayOnly?: boolean;
  /** The page's origin (a server that should allow it, in messages about CORS). */
  origin?: string;
}
