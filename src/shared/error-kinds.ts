/**
 * Every kind of error that crosses a boundary as a value (errors.ts `AppError`), as one union
 * the compiler checks: an error made with a kind not named here does not compile, nor does a
 * page comparing an error's kind with one that cannot occur. Grouped by the area that makes
 * them; an area's own union is defined here (shared/ imports nothing from src/) or, for the two
 * areas in shared/, reused from their module. One kind can mean the same in several areas
 * (`not-found`, `busy`, `empty`): the message says what was not found, or what was empty.
 */
import type { McpErrorKind } from './mcp';
import type { WebFetchErrorKind } from './web-page';

/** A model request's failure, classified so the agent's retry layer can pick a budget (model/types.ts `ModelFailure`; spec B1, B2, B7, A11). */
export type ModelFailureKind =
  | 'auth' // 401/403, missing or wrong key: never retried
  | 'rate-limit' // 429
  | 'server' // 5xx, 499
  | 'transport' // connection reset, fetch TypeError, idle stream, read error
  | 'bad-request' // 400 and other 4xx: never retried
  | 'context-overflow' // the prompt is larger than the model's window
  | 'aborted' // the caller's signal fired
  | 'unknown';

/** The agent loop's own (agent/). */
export type AgentErrorKind =
  /** A request arrived while the agent was working on one. */
  | 'busy'
  /** Compressing the history failed. */
  | 'compression'
  /** The history cannot be compressed fast enough to stay under the window (compression's rapid-refill guard). */
  | 'ModelContextExceeded'
  /** The session store broke its contract (threw instead of returning an error). */
  | 'store'
  /** A bug: the loop stopped on something thrown. */
  | 'internal';

/**
 * Store failures as values (store/types.ts `StoreError`).
 * - storage-full: the browser's quota is exhausted; the failed write was rolled back, earlier data is intact.
 * - conflict: another writer (usually another tab) committed this session's history first.
 * - closed: the database was closed, normally because another tab upgraded it; reload.
 * - open-failed: the database could not be opened.
 * - not-found: the session (or record) does not exist (any more).
 * - pruned: the checkpoint was pruned to save space; its files are gone (store/checkpoints.ts).
 * - storage: anything else IndexedDB reported.
 */
export type StoreErrorKind = 'storage-full' | 'storage' | 'conflict' | 'closed' | 'open-failed' | 'not-found' | 'pruned';

/** The sandbox's: a file operation or command (sandbox/types.ts `SandboxError`), WebContainer's boot. */
export type SandboxErrorKind = 'sandbox' | 'sandbox-boot';

/** A workspace path that leaves the workspace or is not a path (shared/workspace-path.ts). */
export type WorkspacePathErrorKind = 'path';

/** GitHub's API (github/client.ts `GitHubError`). */
export type GitHubErrorKind =
  /** The repository, ref or object does not exist, or is private and the token may not read it. */
  | 'not-found'
  /** The token is wrong or expired. */
  | 'unauthorized'
  /** The token lacks a permission. */
  | 'forbidden'
  | 'rate-limited'
  /** GitHub refused the request's content (a name it does not take, a ref that does not exist). */
  | 'unprocessable'
  /** No answer: offline, the address is wrong, or the server refuses this page's origin. */
  | 'network'
  | 'server';

/** A push of the workspace to GitHub (github/push.ts `PushError`): GitHub's own, and what the push itself refuses. */
export type PushErrorKind = GitHubErrorKind | 'repository-missing' | 'head-moved' | 'empty-repository' | 'deletes-most';

/** Import from GitHub, Push to GitHub and Publish to Pages, as the person asked for them (shared/github-repository.ts, github/pages.ts, worker/files/). */
export type GitHubRequestErrorKind = 'bad-repository' | 'bad-branch' | 'bad-message' | 'bad-folder' | 'no-token' | 'pages-not-allowed';

/** The person's file operations (worker/files/): an import refused whole, a tree edit refused, nothing to download or push. */
export type PersonFilesErrorKind = 'import' | 'file-tree' | 'empty';

/** A session link or file that cannot be opened (share/check-document.ts `ShareError`). */
export type ShareErrorKind =
  /** Cut short or altered: the bytes do not unpack or parse. */
  | 'share-corrupt'
  /** Larger than Loopscope opens. */
  | 'share-too-large'
  /** Not a Loopscope session at all. */
  | 'share-not-session'
  /** Made by a newer Loopscope. */
  | 'share-version'
  /** Well-formed but not a valid session (wrong types, hostile keys, bad paths or references). */
  | 'share-invalid'
  /** A link to an encrypted Gist whose key does not open it (share/gist-seal.ts). */
  | 'share-wrong-key'
  /** The Gist a link names is not there: deleted, or the id was altered. */
  | 'share-gone';

/** A shared session's replay and a fork from a step (worker/share/). */
export type ReplayForkErrorKind =
  | 'not-shared'
  | 'nothing-to-replay'
  /** A fork that changed what the model saw cannot follow the recording. */
  | 'edited'
  /** The step to fork from has no result to edit. */
  | 'no-result'
  /** The files at the step cannot be known (worker/share/fork-from-step.ts); `pruned` says the same of a pruned checkpoint. */
  | 'files-unknown';

/** The worker and the sessions it serves (worker/). */
export type WorkerErrorKind =
  /** The worker failed or could not start. */
  | 'worker'
  /** Stop was pressed before the sandbox was ready. */
  | 'cancelled'
  /** No session is open yet. */
  | 'no-session'
  /** The session a request named was deleted, or another is open now. */
  | 'session-deleted'
  | 'session-changed'
  /** Another tab has the session open. */
  | 'session-elsewhere'
  /** A shared session is read only until it is forked. */
  | 'shared-read-only'
  | 'note-refused'
  /** A steering message arrived when no run of the person's was under way to take it. */
  | 'not-running'
  /** What this worker cannot do (no MCP here). */
  | 'unsupported'
  /** Images attached to a message that cannot go with it: a type, size or count past the limits (shared/prompt-images.ts). */
  | 'bad-images';

/** Every kind of `AppError`. */
export type AppErrorKind =
  | ModelFailureKind
  | AgentErrorKind
  | StoreErrorKind
  | SandboxErrorKind
  | WorkspacePathErrorKind
  | WebFetchErrorKind
  | McpErrorKind
  | PushErrorKind
  | GitHubRequestErrorKind
  | PersonFilesErrorKind
  | ShareErrorKind
  | ReplayForkErrorKind
  | WorkerErrorKind;

/** Each kind once, at run time; the compiler checks it names every kind of the union and no other. */
const KNOWN: { readonly [Kind in AppErrorKind]: true } = {
  auth: true, 'rate-limit': true, server: true, transport: true, 'bad-request': true, 'context-overflow': true, aborted: true, unknown: true,
  busy: true, compression: true, ModelContextExceeded: true, store: true, internal: true,
  'storage-full': true, storage: true, conflict: true, closed: true, 'open-failed': true, 'not-found': true, pruned: true,
  sandbox: true, 'sandbox-boot': true,
  path: true,
  'invalid-url': true, 'local-address': true, 'redirected-to-local': true, blocked: true, offline: true, 'http-status': true, timeout: true, insecure: true, unreadable: true,
  unreachable: true, unauthorized: true, protocol: true,
  forbidden: true, 'rate-limited': true, unprocessable: true, network: true,
  'repository-missing': true, 'head-moved': true, 'empty-repository': true, 'deletes-most': true,
  'bad-repository': true, 'bad-branch': true, 'bad-message': true, 'bad-folder': true, 'no-token': true, 'pages-not-allowed': true,
  import: true, 'file-tree': true, empty: true,
  'share-corrupt': true, 'share-too-large': true, 'share-not-session': true, 'share-version': true, 'share-invalid': true, 'share-wrong-key': true, 'share-gone': true,
  'not-shared': true, 'nothing-to-replay': true, edited: true, 'no-result': true, 'files-unknown': true,
  worker: true, cancelled: true, 'no-session': true, 'session-deleted': true, 'session-changed': true, 'session-elsewhere': true, 'shared-read-only': true, 'note-refused': true, 'not-running': true, unsupported: true, 'bad-images': true,
};

/** Every kind, for a test or a list. */
export const APP_ERROR_KINDS = Object.keys(KNOWN) as readonly AppErrorKind[];

/** Whether a kind read from outside the program (a shared session's document) is one of the union. */
export function isAppErrorKind(kind: string): kind is AppErrorKind {
  return Object.hasOwn(KNOWN, kind);
}
