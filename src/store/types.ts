/**
 * What the store keeps, as plain records. The UI may import this file (types and
 * DEFAULT_SETTINGS) besides read.ts; everything else in store/ belongs to the worker.
 */
import type { AgentEvent, ApprovalMode, RoundTrip, ToolCallStatus } from '../agent/types';
import type { Content } from '../shared/content';
import type { StoreErrorKind } from '../shared/error-kinds';
import type { AppError } from '../shared/errors';
import type { ForkOrigin } from '../shared/fork-point';
import type { HookRun } from '../shared/hook-run';
import type { ModelPrices } from '../shared/model-prices';
import type { SubagentView } from '../shared/subagent-view';

export type SessionOrigin = 'local' | 'shared' | 'imported';

export interface SessionRecord {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /** Absent = use the settings' mode. Shared and imported sessions always start at 'ask' (reliability rule 5). */
  approvalMode?: ApprovalMode;
  origin: SessionOrigin;
  /** Where the session's files last came from on GitHub (Import → From GitHub…); push starts from it. */
  github?: GitHubSource;
  /** A fork from a step (Fork from here): the session and round-trip it was made from. */
  forkedFrom?: ForkOrigin;
  /** Notes beside its steps, by anchor key (shared/notes.ts). */
  notes?: Record<string, string>;
  /** The prices its round-trips were counted at where it came from (a link's or a session file's), by model; absent: the person's own. */
  prices?: ModelPrices;
}

/** A GitHub import's source: the repository, the ref named (or the default branch), the commit read, the folder. */
export interface GitHubSource {
  /** `owner/repo`. */
  repository: string;
  ref: string;
  /** The ref when it is a branch (a push goes back to it and checks its head); absent for a tag or a commit. */
  branch?: string;
  commit: string;
  /** '' for the whole repository. */
  folder: string;
  /** The GitHub API URL it was read from ('' for api.github.com). */
  apiUrl: string;
}

/**
 * A session's history revision (schema v2; v1 kept it on the session record). Bumped by every
 * history commit; a writer whose expected revision is stale gets a conflict. It lives apart
 * from the session so that a commit does not touch the table the Sessions list watches
 * (a live query re-reading it after every commit held up the next commit).
 */
export interface HeadRecord {
  sessionId: string;
  revision: number;
}

/**
 * How a tool call's card ended: its one-line summary and final status, as the person saw them
 * (schema v5). Stored in the history commit that holds the call's result, so a reopened session
 * shows the same card without reading the status out of the result's text. Sessions stored
 * before v5 have none: the page then derives the card from the history (session-reducer.ts).
 */
export interface ToolCardRecord {
  sessionId: string;
  callId: string;
  summary: string;
  status: FinalToolCallStatus;
  /** A `task` call's subagent as its card last showed it (not indexed: no schema change). */
  subagent?: SubagentView;
  /** The person's After each edit run after this call, as its card showed it (not indexed either). */
  hookRun?: HookRun;
}

export type FinalToolCallStatus = Extract<ToolCallStatus, 'success' | 'error' | 'cancelled'>;

/** A card as the page gets it. */
export type ToolCard = Pick<ToolCardRecord, 'summary' | 'status' | 'subagent' | 'hookRun'>;

/** One entry of a session's history; `seq` is its index in the history array. */
export interface HistoryRecord {
  sessionId: string;
  seq: number;
  content: Content;
}

export interface RoundTripRecord extends RoundTrip {
  sessionId: string;
  /** What the worker saw around this model call, for the Loop inspector; absent when nothing (or in older records). */
  notes?: RoundTripNotes;
}

/**
 * Kept with the round-trip record so the Loop inspector shows them after a reload: the tool
 * calls its response asked for, each with the statuses it went through and when (epoch ms,
 * as the worker saw each `tool_calls_update`), and the compression, loop-guard and hook-run
 * events that happened during the call or after it, before the next one.
 */
export interface RoundTripNotes {
  toolCalls?: ToolTimeline[];
  events?: LoopEventNote[];
}

export interface ToolTimeline {
  callId: string;
  name: string;
  summary: string;
  /** `progress`: the tool's progress in words at that moment ("3 / 5"), on the executing steps a progress notification added. */
  steps: { status: ToolCallStatus; at: number; progress?: string }[];
}

/** `hook_run`: a hook the person defined ran (shared/hook-run.ts); the person's own, so never in a session's document. */
export type LoopEventNote = Extract<AgentEvent, { type: 'steering_joined' | 'chat_compressed' | 'loop_detected' | 'hook_run' }> & { at: number };

/**
 * A round-trip as stored. Each request repeats the whole conversation, so a long session would
 * store it quadratically; instead a record may keep only the contents after a prefix it shares
 * with an earlier round-trip of the session. Reads put the full request back together.
 */
export interface StoredRoundTrip extends RoundTripRecord {
  contentsPrefix?: { roundTripId: string; length: number };
  /** The request's system instruction and tools are this earlier round-trip's (left out here). */
  preambleFrom?: string;
}

export type FileContent = string | Uint8Array;

/** A workspace file. Workspace files belong to a session. */
export interface FileRecord {
  sessionId: string;
  /** Workspace-relative, as the sandbox names it (`src/app.ts`). */
  path: string;
  content: FileContent;
  /** Bytes (UTF-8 for text). Kept so useFiles reads paths and sizes from an index, not contents. */
  size: number;
  updatedAt: number;
}

/** What the file list shows: no contents. */
export interface FileSummary {
  path: string;
  size: number;
}

export interface CheckpointFile {
  path: string;
  /** null = the file did not exist at the checkpoint (restoring deletes it). */
  content: FileContent | null;
}

interface CheckpointBase {
  id: string;
  sessionId: string;
  /** The tool call the checkpoint was taken before, if any. */
  callId?: string;
  createdAt: number;
  label: string;
  /** The files are the whole workspace (a shell command could change anything): restoring also removes files created after it. */
  wholeWorkspace?: boolean;
}

/**
 * A checkpoint as stored (schema v3): its files are named by the hash of a manifest, which
 * maps paths to content hashes, so an unchanged workspace checkpointed again adds this row only.
 */
export interface StoredCheckpoint extends CheckpointBase {
  manifest: string;
}

/** What is left of a checkpoint pruned to save space: enough for the page to say so. */
export interface PrunedCheckpoint extends CheckpointBase {
  prunedAt: number;
}

/** A session's checkpoint as listed: `pruned` ones can no longer be restored. */
export type CheckpointRecord = (StoredCheckpoint & { pruned?: never }) | (PrunedCheckpoint & { pruned: true });

/** A checkpoint with its files read back, for Restore. */
export interface CheckpointContents extends CheckpointBase {
  files: CheckpointFile[];
}

/** One file of a manifest: null = the file did not exist. */
export interface ManifestEntry {
  path: string;
  blob: string | null;
}

/** Paths → content hashes, stored once per distinct workspace state (key: hash of `files`). */
export interface ManifestRecord {
  hash: string;
  /** Sorted by path. */
  files: ManifestEntry[];
  /** The distinct non-null blob hashes of `files` (a multi-entry index: who still needs a blob). */
  blobs: string[];
  /** Approximate stored bytes of this record, for the storage budget. */
  size: number;
}

/** One file content, stored once however many checkpoints hold it (key: hash of the content). */
export interface BlobRecord {
  hash: string;
  content: FileContent;
  /** Bytes (UTF-8 for text). */
  size: number;
}

/** What a prune did (store/checkpoints.ts); the Free space request answers it. */
export interface PruneReport {
  pruned: number;
  freedBytes: number;
  /** Bytes of checkpoint contents and manifests still stored. */
  storedBytes: number;
}

/**
 * What a session opened from a share link or a session file keeps for Replay and Fork (schema
 * v4): the history as recorded (Replay rewrites the session's own history as it plays) and the
 * workspace the recording started from.
 */
export interface SharedSessionRecord {
  sessionId: string;
  /** SHA-256 of the link or file the session came from: opening it again opens this session. */
  digest: string;
  recordedHistory: Content[];
  /** Absent: the sender's starting files were not known; replay starts from the end files. */
  startFiles?: { path: string; content: FileContent }[];
  /** What the document left out, for the person. */
  notes: string[];
  /** The nested conversation of each subagent the recording ran, by its `task` call's id (share/subagent-recordings.ts); absent in sessions opened before they were kept. */
  subagents?: Record<string, Content[]>;
}

export type { SettingsRecord } from './settings-record';
export { DEFAULT_SETTINGS } from './settings-record';

/** Not "New session": that is the name of the button that creates one. */
export const DEFAULT_SESSION_TITLE = 'Untitled session';

/** Store failures as values (STYLE.md §8); their kinds, and what each means: shared/error-kinds.ts. */
export type StoreError = AppError<StoreErrorKind>;
