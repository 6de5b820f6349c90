/** What the person's file operations (import, tree edits) need of the session they change; person-files.ts makes it. */
import type { AppError, Result } from '../../shared/errors';
import type { GitHubConnection } from '../../github/client';
import type { FileChange } from '../../store/files';
import type { GitHubSource } from '../../store/types';
import type { TreeEditReport } from '../protocol';
import type { SessionRuntime } from '../session/session-runtime';

export interface PersonFileTarget {
  runtime: SessionRuntime;
  /** Applies the changes after a checkpoint of what they replace (labelled `label`); null `label`: no checkpoint. */
  apply(label: string | null, changes: readonly FileChange[], progress?: (written: number) => void): Promise<Result<TreeEditReport, AppError>>;
  progress(stage: 'reading' | 'writing' | 'uploading', done: number, total: number): void;
  /** The GitHub API URL and token of the settings, for an import from GitHub. */
  github(): GitHubConnection;
  /** Remembers on the session where its files came from on GitHub. */
  rememberGitHub(origin: GitHubSource): Promise<void>;
}
