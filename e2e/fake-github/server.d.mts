// Types for server.mjs, so TypeScript tests can import the fake.

export interface FakeGitHubFault {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** A RegExp source matched against the request's path. */
  path?: string;
  method?: string;
  /** Requests that match and are let through before the fault starts. */
  after?: number;
  /** How many times it fails (default: every time). */
  times?: number;
  /** Closes the connection instead of answering (a network failure). */
  drop?: boolean;
  /** Answers as usual, this many ms later (a slow GitHub). */
  holdMs?: number;
}

export interface FakeGitHubRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeGist {
  id: string;
  description: string;
  public: boolean;
  /** Each file's content as stored. */
  files: Record<string, string>;
}

export interface FakeGitHub {
  url: string;
  /** Every Gist made through the API (POST /gists). */
  gists(): FakeGist[];
  /** Someone edits a Gist's file (or adds one). */
  editGist(id: string, fileName: string, content: string): void;
  /** The Gist is deleted (GET answers 404 from now on). */
  deleteGist(id: string): boolean;
  /** The one token it accepts; any other is refused with 401. */
  token: string;
  addRepository(
    fullName: string,
    files: Record<string, string | Uint8Array>,
    options?: {
      branch?: string;
      private?: boolean;
      tags?: Record<string, Record<string, string | Uint8Array>>;
      truncated?: boolean;
      /** Pages already on: served from this source, built by GitHub's branch build or an Actions workflow. */
      pages?: { source: { branch: string; path: string }; build_type?: 'legacy' | 'workflow' };
    },
  ): string;
  /** Someone else pushes: a new commit on `branch` ({ path: content, or null to delete }); returns its sha. */
  push(fullName: string, branch: string, changes: Record<string, string | Uint8Array | null>, message?: string): string;
  commit(fullName: string, sha: string): { parents: string[]; message: string } | null;
  pages(fullName: string): { source: { branch: string; path: string }; html_url: string; build_type?: string } | null;
  /** Repositories created through the API, in order. */
  created(): string[];
  exists(fullName: string): boolean;
  fault(fault: FakeGitHubFault): void;
  clearFaults(): void;
  requests(): FakeGitHubRequest[];
  head(fullName: string, branch: string): string | null;
  filesAt(fullName: string, branchOrSha: string): Record<string, Buffer> | null;
  close(): Promise<void>;
}

/** `gistTruncateAt`: the characters of a Gist file's content GET /gists/{id} gives before it says `truncated` (GitHub: 1 MB). */
export function startFakeGitHub(options?: { port?: number; host?: string; token?: string; login?: string; gistTruncateAt?: number }): Promise<FakeGitHub>;
