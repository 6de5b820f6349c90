/**
 * Messages between the UI thread and the agent worker: versioned discriminated unions.
 * Requests that expect an answer carry an `id`; the worker answers with `response` and the
 * same id. Events (answers included) stream in ordered batches (event-batcher.ts), never one
 * awaited round trip per event.
 * Errors cross as plain `{kind, message}` values.
 */
import type { AgentEvent, ApprovalMode, ApprovalOutcome, CompressionStatus, Interruption } from '../agent/types';
import type { Content } from '../shared/content';
import type { AppError } from '../shared/errors';
import type { SandboxKind } from '../sandbox/types';
import type { PruneReport, RoundTripRecord, SettingsRecord, ToolCard } from '../store/types';
import type { PublishReport, PushDefaults, PushReport } from '../shared/github-reports';
import type { McpOpenSession, McpServerSetting, McpToolInfo } from '../shared/mcp';
import type { ExportedTrace } from '../shared/traces';
import type { ForkEdit, ForkPoint } from '../shared/fork-point';
import type { ReplayCommand, ReplayState } from '../shared/replay';
import type { ExportedZip, ImportReport, ImportSource, PickedFile, TreeEditReport } from './protocol-files';
import type { PromptImage } from '../shared/prompt-images';

export const PROTOCOL_VERSION = 3;

/**
 * What the worker needs of the settings; the keys are held in memory unless the person opts in.
 * The OpenAI-compatible ones may be absent (a worker told only of Gemini or the demo).
 */
export type WorkerSettings = Pick<
  SettingsRecord,
  'provider' | 'apiKey' | 'model' | 'baseUrl' | 'approvalMode' | 'stepThrough' | 'loopHeuristics' | 'nextSpeakerCheck'
> &
  Partial<Pick<SettingsRecord, 'openaiBaseUrl' | 'openaiModel' | 'openaiApiKey' | 'unknownModelContextWindow' | 'githubToken' | 'githubApiUrl' | 'webFetchLocalAddresses' | 'geminiUrlContext' | 'commandTimeLimitSeconds' | 'afterEditHook' | 'beforeStopHook' | 'mcpServers' | 'traceEndpoint' | 'traceHeaders' | 'traceMessages'>>;

export type SandboxChoice =
  | { kind: 'offline' }
  /** A sandbox served from the UI thread (WebContainer) over this port (sandbox-port.ts). */
  | { kind: 'remote'; sandboxKind: SandboxKind; port: MessagePort };

/**
 * The session a request is for: the one the page showed when the person acted. The worker
 * applies the request there once every switch asked for before it has ended (a session still
 * opening is waited for, never refused). `null`: the page had not been shown one yet (it was
 * starting, or a switch whose target it cannot know was under way): whichever session opens.
 */
export type SessionTarget = string | null;

/**
 * Every request the page can make: its payload, and the value its answer carries. One entry
 * per request type, so `WorkerClient.request` returns the right type and the worker's handler
 * table (worker/handlers/) must answer each with it. Names are kebab-case, as the events' are.
 */
export interface Requests {
  /**
   * `replayOnly`: the embedded player's worker (no tool runs: every call answers from the recording).
   * `preview`: where the preview tools reach the page's Preview (ui/preview/preview-service.ts); without it they are not offered.
   */
  init: { payload: { databaseName?: string; sessionId?: string; sandbox: SandboxChoice; settings: WorkerSettings; replayOnly?: true; preview?: MessagePort }; answer: void };
  /** The person's message: answered once it is stored, or with why it was not. */
  send: { payload: { sessionId: SessionTarget; text: string; images?: PromptImage[] }; answer: void };
  continue: { payload: { sessionId: SessionTarget }; answer: void };
  /**
   * A steering message (agent/steering.ts) for the run under way: it waits in the run's inbox and
   * joins at the next boundary. Refused with kind `not-running` when no run of the person's takes it
   * (the run just ended: the page sends it as a message instead).
   */
  steer: { payload: { sessionId: SessionTarget; steerId: string; text: string; images?: PromptImage[] }; answer: void };
  stop: { payload: object; answer: void };
  'approval-response': { payload: { callId: string; outcome: ApprovalOutcome }; answer: void };
  'set-approval-mode': { payload: { sessionId: SessionTarget; mode: ApprovalMode }; answer: void };
  'update-settings': { payload: { settings: WorkerSettings }; answer: void };
  /** Takes the current session from the tab that has it open (session-lock.ts) and reloads it here. */
  'take-over': { payload: object; answer: void };
  /** Sharing (share-controller.ts): the open session as a link or session file. */
  'export-session': { payload: { as: 'link' | 'file' }; answer: ExportedSession };
  /** Share as encrypted Gist (worker/share/gist-share.ts): the open session sealed in a new secret Gist with the GitHub token of Settings. */
  'share-gist': { payload: object; answer: SharedGist };
  /** The embedded player's view of a session it shows (handlers/embed-handlers.ts): it reads no database itself. */
  'embed-session': { payload: { sessionId: string }; answer: EmbedSession };
  /** Opens a share link or session file as a new read-only session (or the one it opened before); answers its id. */
  'open-shared': { payload: { source: SharedSource }; answer: string };
  /** An ordinary, writable copy of the session named, opened; answers its id. `at`: from that step (Fork from here), `edit`: with what the model saw there changed (a reply's calls then run), `currentFiles`: with the files as they are now. */
  fork: { payload: { sessionId: SessionTarget; at?: ForkPoint; edit?: ForkEdit; currentFiles?: boolean }; answer: string };
  replay: { payload: { command: ReplayCommand }; answer: void };
  /** `sessionId`: the new session's id when the sender chooses it (the page does not: it sends null targets until the switch is answered). */
  'new-session': { payload: { sessionId?: string }; answer: void };
  'open-session': { payload: { sessionId: string }; answer: void };
  'delete-session': { payload: { sessionId: string }; answer: void };
  'rename-session': { payload: { sessionId: string; title: string }; answer: void };
  /** A note beside a step (shared/notes.ts), or with null its removal; answers the session's notes. */
  'set-note': { payload: { sessionId: SessionTarget; anchor: string; text: string | null }; answer: Record<string, string> };
  /** The person's save; `sessionId`: the session the editor showed (a late save after a switch goes there). */
  'write-file': { payload: { sessionId: SessionTarget; path: string; content: string }; answer: void };
  /** `step`: the pause this press answers (PauseStage.step); a stale press is ignored. */
  'next-step': { payload: { step?: number }; answer: void };
  'disable-loop-detection': { payload: { sessionId: SessionTarget }; answer: void };
  compress: { payload: { sessionId: SessionTarget }; answer: CompressionStatus };
  /** Puts files back as they were before these checkpoints (the earliest content per file wins); answers the paths changed. */
  'restore-checkpoints': { payload: { sessionId: SessionTarget; checkpointIds: string[] }; answer: string[] };
  /** Prunes every session's checkpoints, oldest first, to the Free space budget. */
  'free-space': { payload: object; answer: PruneReport };
  'terminal-start': { payload: { sessionId: SessionTarget; columns: number; rows: number }; answer: void };
  'terminal-input': { payload: { text: string }; answer: void };
  'terminal-resize': { payload: { columns: number; rows: number }; answer: void };
  /**
   * The person's file operations on the session named: an import (Open folder, Open ZIP, a drop
   * on the tree; into `into`, the root when absent) is all of its files or none, binaries byte
   * for byte; import, rename and delete answer with a checkpoint whose Restore undoes them.
   */
  'import-files': { payload: { sessionId: SessionTarget; source: ImportSource; into?: string }; answer: ImportReport & AppliedIn };
  /** Part of a folder's files, for an import that names them as `{ kind: 'parts', partsId }` (ui/files/import-in-parts.ts says why). */
  'import-part': { payload: { partsId: string; files: PickedFile[] }; answer: void };
  'create-path': { payload: { sessionId: SessionTarget; path: string; kind: 'file' | 'folder' }; answer: TreeEditReport & AppliedIn };
  'rename-path': { payload: { sessionId: SessionTarget; from: string; to: string }; answer: TreeEditReport & AppliedIn };
  'delete-path': { payload: { sessionId: SessionTarget; path: string }; answer: TreeEditReport & AppliedIn };
  /** The session's workspace as a ZIP (binaries included). */
  'export-zip': { payload: { sessionId: SessionTarget }; answer: ExportedZip };
  /** What Push to GitHub offers first: the repository and branch the files came from, a message from the title. */
  'push-defaults': { payload: { sessionId: SessionTarget }; answer: PushDefaults };
  /** One commit of the workspace's files on `branch` (worker/files/push-github.ts); `create`: make the repository if missing. */
  'push-github': { payload: { sessionId: SessionTarget; repository: string; branch: string; message: string; create?: boolean; allowDeletes?: boolean }; answer: PushReport & AppliedIn };
  /** A workspace folder as branch gh-pages, and Pages switched on for it (worker/files/publish-pages.ts). */
  'publish-pages': { payload: { sessionId: SessionTarget; repository: string; folder: string }; answer: PublishReport & AppliedIn };
  /** Export → OpenTelemetry trace…: the session's loop as OTLP/JSON (worker/trace/). */
  'export-trace': { payload: { sessionId: SessionTarget; includeMessages: boolean }; answer: ExportedTrace };
  /** Settings' Connect: the server's tools, or why it cannot be reached (worker/mcp/mcp-hub.ts). */
  'mcp-connect': { payload: { server: McpServerSetting }; answer: McpToolInfo[] };
}

/** The session a change was applied in (a request may have named null: whichever was open). */
export interface AppliedIn {
  sessionId: string;
}

export type RequestType = keyof Requests;
/** One request of type K, as the page sends it. */
export type RequestOf<K extends RequestType> = { type: K } & Requests[K]['payload'];
/** What the answer to a request of type K carries. */
export type AnswerOf<K extends RequestType> = Requests[K]['answer'];
export type ClientRequest = { [K in RequestType]: RequestOf<K> }[RequestType];
/** The worker's answer to a request of type K: the value its type names, or why it failed (worker/handlers/). */
export type Answer<K extends RequestType> = { error: AppError } | (AnswerOf<K> extends void ? { error?: undefined } : { error?: undefined; value: AnswerOf<K> });

// The person's file transfers (imports, tree edits, ZIP export) are described in protocol-files.ts.
export type { ExportedZip, ImportReport, ImportSource, PickedFile, SkippedEntry, TreeEditReport, WholeImportSource } from './protocol-files';

export type SharedSource =
  | { kind: 'link'; fragment: string }
  | { kind: 'file'; name: string; text: string }
  /** A bundled lesson's document (share/lessons/), by the lesson's id. */
  | { kind: 'lesson'; id: string };

export interface ExportedSession {
  /** The link's fragment (without `#`); null when it is longer than practical. */
  fragment: string | null;
  linkChars: number;
  /** The document's JSON, for the ratio the link packs it by. */
  documentBytes: number;
  practicalLinkChars: number;
  fileName: string;
  /** With `as: 'file'`: the session file's text. */
  fileText?: string;
  /** What the document left out (files over the caps). */
  notes: string[];
}

/** A session shared as an encrypted Gist. */
export interface SharedGist {
  /** The link's fragment (without `#`): `gist=<id>.<key>`, the only place the key is. */
  fragment: string;
  /** The Gist's page on GitHub (where it can be deleted). */
  gistUrl: string;
  /** The sealed text's length, as stored in the Gist. */
  sealedChars: number;
}

/** What the embedded player shows of a session besides its transcript. */
export interface EmbedSession {
  title: string;
  /** Notes beside the steps, by anchor key (shared/notes.ts). */
  notes: Record<string, string>;
  /** For the Diagram's counts. */
  roundTrips: RoundTripRecord[];
}

/** A session opened from a link or a file: read-only, with Replay and Fork. */
export interface SharedInfo {
  /** Recorded model responses Replay plays. */
  roundTrips: number;
  notes: string[];
}

export type ClientMessage = ClientRequest & { v: typeof PROTOCOL_VERSION; id: string };

export interface OpenedSession {
  sessionId: string;
  /** The session's own approval mode (shared and imported sessions start at 'ask'). */
  approvalMode: ApprovalMode;
  /** The history's last entries (all of a short one); the earlier ones follow in `session-earlier`. */
  history: Content[];
  /** Index of `history[0]` in the stored history: how many entries `session-earlier` brings (absent: 0). */
  historyFrom?: number;
  /** The stored cards of the calls `history` answers, by call id (none for calls stored before cards were). */
  cards?: Record<string, ToolCard>;
  interruption: Interruption;
  sandboxKind: SandboxKind;
  /** Another tab has this session open: this one shows it and writes nothing to it. */
  elsewhere?: true;
  /** Opened from a share link or a session file. */
  shared?: SharedInfo;
}

/** `step` numbers the pauses of a session, so a Next step press names the pause it answers. */
export type PauseStage = { stage: 'before_model' | 'before_tool'; label: string; step: number };

export type WorkerEvent =
  | { type: 'response'; id: string; error?: AppError; value?: unknown }
  | { type: 'session-loaded'; session: OpenedSession }
  /** The entries before `historyFrom`, as JSON text (see worker/session/session-opening.ts), and their calls' cards. */
  | { type: 'session-earlier'; sessionId: string; history: string; cards?: Record<string, ToolCard> }
  /** Another tab took the session over: this tab stopped and writes nothing to it any more. */
  | { type: 'session-elsewhere'; sessionId: string }
  /** A replay's progress (worker/share/replay.ts); `user-message`: a prompt the replay sends. */
  | { type: 'replay'; sessionId: string; state: ReplayState }
  | { type: 'user-message'; sessionId: string; text: string; images?: PromptImage[] }
  /** `urgent`: a person waits to see it (worker/urgency.ts); it is posted and rendered at once. */
  | { type: 'agent-event'; sessionId: string; event: PageAgentEvent; urgent?: true }
  /** `interruption`, when the run ends: what Continue would resume now (a failed Continue leaves it). */
  | { type: 'running'; sessionId: string; running: boolean; interruption?: Interruption }
  /**
   * Steering messages the run ended without, oldest first, posted before the run's `running: false`.
   * `stopped`: it did not complete (Stop, an error, a hook's stop): the page gives them back to the
   * prompt; otherwise they arrived after its last boundary and the page sends them as a message.
   */
  | { type: 'steering-returned'; sessionId: string; messages: { id: string; text: string }[]; stopped: boolean }
  | { type: 'paused'; sessionId: string; pause: PauseStage | null }
  | { type: 'files-changed'; sessionId: string; paths: string[]; by: 'agent' | 'person' | 'restore' }
  /** How far an import is: its files read, then written into the sandbox. */
  | { type: 'import-progress'; stage: 'reading' | 'writing' | 'uploading'; done: number; total: number }
  | { type: 'notice'; level: 'info' | 'warning' | 'error'; message: string }
  | { type: 'terminal-output'; text: string }
  | { type: 'terminal-exit'; code: number }
  /** A dev server in the sandbox started listening (WebContainer). */
  | { type: 'server-ready'; port: number; url: string }
  /** The MCP sessions the worker holds now (worker/mcp/mcp-hub.ts): the page ends them when it closes. */
  | { type: 'mcp-sessions'; sessions: McpOpenSession[] }
  /** Which model answers; the scripted demo offers its lessons. */
  | { type: 'provider'; provider: SettingsRecord['provider']; label: string; lessons: LessonInfo[] };

/**
 * Agent events that stay in the worker. A card is drawn from `tool_calls_update`, which carries
 * each call's name, arguments, status and result, so the call's request, its response (the whole
 * result again) and its confirmation are not posted, nor the model's name, nor whether the
 * person's message was stored (the answer to `send` says it). The worker's own
 * readers (Loop inspector notes, a replay's result check) see every event before this cut.
 */
const WORKER_ONLY_AGENT_EVENTS = ['tool_call_request', 'tool_call_response', 'tool_call_confirmation', 'model_info', 'user_message_stored', 'user_message_refused'] as const;

/** The agent events the page reads. */
export type PageAgentEvent = Exclude<AgentEvent, { type: (typeof WORKER_ONLY_AGENT_EVENTS)[number] }>;

export function readByPage(event: AgentEvent): event is PageAgentEvent {
  return !(WORKER_ONLY_AGENT_EVENTS as readonly string[]).includes(event.type);
}


export interface LessonInfo {
  id: string;
  title: string;
  prompt: string;
}

/**
 * What the worker posts: the events of one task of its event loop, in order. One message per
 * batch instead of one per event (a fast stream makes thousands) keeps both threads' per-message
 * cost off the hot path; order is kept within and across batches.
 */
export interface WorkerMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'events';
  events: WorkerEvent[];
}
