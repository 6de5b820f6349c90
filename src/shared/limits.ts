/**
 * Every size and count limit a person can meet, in one module that every layer reads: the
 * workspace, imports, share links and session files, mentions, project instructions and
 * checkpoints. Two limits of one kind have two names (a workspace file may be 5 MB, a file in a
 * shared session 2 MB), never one name with two values.
 */
const KB = 1024;
const MB = 1024 * KB;

/** The largest file the workspace keeps (the sandbox scan and the store): larger ones are left out, with a note. */
export const WORKSPACE_FILE_MAX_BYTES = 5 * MB;
/** The files a session's workspace keeps (the workspace scan reads no more). */
export const WORKSPACE_MAX_FILES = 5000;

/** One import holds at most this much, in at most WORKSPACE_MAX_FILES files. */
export const IMPORT_MAX_BYTES = 50 * MB;
/** A ZIP larger than this is not read at all. */
export const IMPORT_MAX_ARCHIVE_BYTES = 200 * MB;
/** A folder's files cross to the worker in parts of this many (ui/files/import-in-parts.ts says why). */
export const IMPORT_FILES_PER_PART = 50;

/** A file larger than this is left out of a shared session's document (named in its notes). */
export const SHARED_FILE_MAX_BYTES = 2 * MB;
/** All files of a shared session's document together (end and start states counted once per distinct content). */
export const SHARED_FILES_MAX_BYTES = 16 * MB;
/** The longest share-link fragment read (Chrome's URL limit is 2 MB). */
export const SHARE_LINK_MAX_CHARS = 2 * MB;
/**
 * Links up to this length are offered; a longer one is not practical to paste or send (chat and
 * mail tools cut long links, and some browsers' address bars stop near 64 K), so the page offers
 * the session file instead.
 */
export const SHARE_LINK_PRACTICAL_CHARS = 64 * KB;
/** A link's document may unpack to at most this many bytes (a decompression bomb stops here). */
export const SHARE_UNPACKED_MAX_BYTES = 32 * MB;
/**
 * A document's JSON up to which a link is also packed with the dictionary and its repeats
 * written once (share/repeats.ts keeps each long value's JSON while it packs): past it the link
 * is far over SHARE_LINK_PRACTICAL_CHARS anyway, and the plain packing is enough.
 */
export const SHARE_REPEATS_MAX_CHARS = 4 * MB;
/**
 * A session shared as an encrypted Gist (share/gist-seal.ts): its sealed text at most this long.
 * GitHub serves a Gist file's raw text up to 10 MB (past it only a git clone reads it); nothing
 * larger is stored or read back.
 */
export const SHARE_GIST_MAX_CHARS = 10 * MB;
/** A session file may be at most this large. */
export const SESSION_FILE_MAX_CHARS = 64 * MB;

/** One mentioned file's characters beyond this are cut (with a note saying so). */
export const MENTIONED_FILE_MAX_CHARS = 32_000;
/** The contents of all mentioned files together; files past it are named but not included. */
export const MENTIONED_FILES_MAX_CHARS = 96_000;
/**
 * Project instructions (AGENTS.md) past this are cut (about 4,000 tokens): the file is resent
 * with every request, so a large one would cost its size on every round-trip.
 */
export const PROJECT_INSTRUCTIONS_MAX_CHARS = 16_000;

/** Checkpoints kept per session, newest first. */
export const CHECKPOINTS_PER_SESSION = 50;
/** All sessions' checkpoints together are pruned, oldest first, to this. */
export const CHECKPOINT_BUDGET_BYTES = 64 * MB;
/** Settings → Free space prunes them to this. */
export const FREE_SPACE_BUDGET_BYTES = 8 * MB;

/** web_fetch: the most of a page's body read from the network (the rest is cancelled). */
export const WEB_FETCH_MAX_BYTES = 5 * MB;
/** web_fetch: the most of a page's readable text given to the model (with a note saying so). */
export const WEB_FETCH_MAX_CHARS = 64_000;
/** web_fetch: one page's request and body, in all. */
export const WEB_FETCH_TIMEOUT_MS = 30_000;
/** An MCP tool's text result: the most given to the model (with a note saying so). */
export const MCP_RESULT_MAX_CHARS = 64_000;
/** An MCP tool's images: each at most this many bytes decoded; larger ones are left out, with a note. */
export const MCP_IMAGE_MAX_BYTES = 5 * MB;
/** An MCP tool's images: at most this many per result; the rest are left out, with a note. */
export const MCP_IMAGES_MAX = 8;
/** An image attached to a message: at most this many bytes after any downscale; a larger one is refused. */
export const PROMPT_IMAGE_MAX_BYTES = 5 * MB;
/** An image attached to a message is downscaled so that neither side is longer than this. */
export const PROMPT_IMAGE_MAX_SIDE = 2048;
/** Images attached to one message. */
export const PROMPT_IMAGES_MAX = 8;
/** A running tool's progress in words (an MCP server's message included), as the worker keeps it. */
export const PROGRESS_TEXT_MAX_CHARS = 200;

/** A note beside a step (issue 26): a few paragraphs, so a link of a noted lesson stays short. */
export const NOTE_MAX_CHARS = 2_000;
/** Notes in one session. */
export const NOTES_MAX = 500;

/** run_shell_command stops a foreground command after this long, unless Settings say otherwise. */
export const COMMAND_TIME_LIMIT_DEFAULT_SECONDS = 120;
/** Settings → Command time limit may be set between these (seconds). */
export const COMMAND_TIME_LIMIT_MIN_SECONDS = 5;
export const COMMAND_TIME_LIMIT_MAX_SECONDS = 3600;

/** The time limit Settings give, in ms: the default when absent or out of range. */
export function commandTimeLimitMs(seconds: number | undefined): number {
  const usable = seconds !== undefined && Number.isInteger(seconds) && seconds >= COMMAND_TIME_LIMIT_MIN_SECONDS && seconds <= COMMAND_TIME_LIMIT_MAX_SECONDS;
  return (usable ? seconds : COMMAND_TIME_LIMIT_DEFAULT_SECONDS) * 1000;
}
