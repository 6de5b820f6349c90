/**
 * What the GitHub actions answer, as plain data: the worker's github/ code makes them, the
 * page's dialogs show them (worker/protocol.ts names them in its requests).
 */

/** What a push did (github/push.ts). Its errors: kind `repository-missing` (offer Create it), `head-moved` (a new branch), `deletes-most` (Push anyway). */
export interface PushReport {
  repository: string;
  branch: string;
  /** The new commit, or the head when there was nothing to commit. */
  commit: string;
  /** The commit's page on GitHub. */
  url: string;
  added: number;
  changed: number;
  deleted: number;
  /** Nothing differed from the head: no commit was made. */
  unchanged: boolean;
  createdRepository: boolean;
  createdBranch: boolean;
}

/** What Push to GitHub and Publish to GitHub Pages offer first. */
export interface PushDefaults {
  /** `owner/repo` the files came from, or ''. */
  repository: string;
  branch: string;
  message: string;
  /** What Publish to GitHub Pages offers: dist when the workspace has it, else '' (the root). */
  pagesFolder: string;
}

export interface PublishReport {
  repository: string;
  /** The commit now at the head of gh-pages. */
  commit: string;
  commitUrl: string;
  files: number;
  /** The folder has an index.html (else the site's address shows GitHub's 404 page). */
  hasIndex: boolean;
  /** The site's address, when Pages serves gh-pages. */
  url?: string;
  /** Pages was switched on (or to gh-pages) by this publish. */
  switchedOn?: boolean;
  /** Pages could not be switched on: what to click on GitHub instead. */
  pagesProblem?: string;
}
