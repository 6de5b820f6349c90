/**
 * What a person may type as `Repository` (Import from GitHub, Push, Publish): `owner/repo`,
 * `owner/repo@ref`, or a github.com address, also `…/tree/<ref>/<folder>` for one folder (and
 * `…/blob/<ref>/<path>`, taken as its folder's address). A ref may hold slashes
 * (`feature/x`), so in a `/tree/` address the split between ref and folder is not known from
 * the text: `refAndPath` keeps the segments and the reader tries the shortest ref that exists.
 * An address names github.com, or a host given (GitHub Enterprise's).
 */
import { err, ok } from './errors';
import type { AppError, Result } from './errors';

export interface RepositoryAddress {
  owner: string;
  repo: string;
  /** `owner/repo@ref`: the ref as typed. Absent: the default branch (or refAndPath decides). */
  ref?: string;
  /** From a `/tree/` address: the ref's segments followed by the folder's. */
  refAndPath?: string[];
}

// GitHub's rules: an owner is 1–39 letters, digits or single hyphens; a repository name is
// letters, digits, `.`, `-` and `_`, and never `.` or `..`.
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;

const refused = (message: string): Result<never, AppError<'bad-repository'>> => err({ kind: 'bad-repository', message });

const EXPECTED = 'Type owner/repo, owner/repo@branch, or a github.com address.';

function named(owner: string, repo: string): Result<{ owner: string; repo: string }, AppError<'bad-repository'>> {
  const name = repo.endsWith('.git') ? repo.slice(0, -4) : repo;
  if (!OWNER.test(owner)) return refused(`“${owner}” is not a GitHub account name. ${EXPECTED}`);
  if (!REPO.test(name) || name === '.' || name === '..') return refused(`“${name}” is not a repository name. ${EXPECTED}`);
  return ok({ owner, repo: name });
}

const GITHUB_HOSTS = ['github.com', 'www.github.com'];

/** `hosts`: besides github.com, the hosts whose addresses name a repository (GitHub Enterprise's). */
export function parseRepository(input: string, hosts: readonly string[] = []): Result<RepositoryAddress, AppError<'bad-repository'>> {
  const text = input.trim();
  if (!text) return refused(`Name a repository. ${EXPECTED}`);
  if (/^(https?:\/\/|github\.com\/|www\.github\.com\/)/i.test(text)) return parseAddress(/^https?:\/\//i.test(text) ? text : `https://${text}`, [...GITHUB_HOSTS, ...hosts]);
  const at = text.indexOf('@');
  const name = at >= 0 ? text.slice(0, at) : text;
  const parts = name.split('/');
  if (parts.length !== 2) return refused(`“${text}” is not owner/repo. ${EXPECTED}`);
  const address = named(parts[0]!, parts[1]!);
  if (!address.ok) return address;
  if (at < 0) return ok(address.value);
  const ref = text.slice(at + 1);
  const badRef = whyNotRef(ref);
  return badRef ? refused(badRef) : ok({ ...address.value, ref });
}

function parseAddress(text: string, hosts: readonly string[]): Result<RepositoryAddress, AppError<'bad-repository'>> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused(`“${text}” is not an address. ${EXPECTED}`);
  }
  if (!hosts.includes(url.hostname.toLowerCase())) return refused(`${url.host} is not GitHub. ${EXPECTED}`);
  const segments = url.pathname.split('/').filter(Boolean).map(decodeSegment);
  if (segments.length < 2) return refused(`${url.href} does not name a repository. ${EXPECTED}`);
  const address = named(segments[0]!, segments[1]!);
  if (!address.ok) return address;
  const [kind, ...rest] = segments.slice(2);
  if (kind === undefined) return ok(address.value);
  if ((kind === 'tree' || kind === 'blob') && rest.length > 0) {
    // A file's address imports its folder: the last segment is the file.
    const refAndPath = kind === 'blob' ? rest.slice(0, -1) : rest;
    if (refAndPath.length === 0) return refused(`${url.href} names a file at the top of the repository; use the repository's address.`);
    if (refAndPath.some((segment) => segment === '.' || segment === '..')) return refused(`${url.href} holds “.” or “..” in its path.`);
    return ok({ ...address.value, refAndPath });
  }
  return refused(`${url.href} is a GitHub page that is not a repository or one of its folders. ${EXPECTED}`);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Why `ref` cannot be a git ref name (git check-ref-format, the parts that matter here), or null. */
export function whyNotRef(ref: string): string | null {
  if (!ref) return 'Name the branch, tag or commit after @.';
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20~^:?*[\\\x7f]|\.\.|@\{|\/\/|^[/-]|\/$|\.lock$|^\.|\/\./.test(ref) || ref === '@') return `“${ref}” is not a branch, tag or commit name.`;
  return null;
}

/** A new branch beside `branch`, for a push whose branch moved: `main-loopscope-202612051130`. */
export function sideBranchName(branch: string, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return `${branch}-loopscope-${stamp}`;
}

/** `owner/repo`, and `@ref` when one was named. */
export function repositoryLabel(address: Pick<RepositoryAddress, 'owner' | 'repo'>, ref?: string, path?: string): string {
  return `${address.owner}/${address.repo}${ref ? `@${ref}` : ''}${path ? `/${path}` : ''}`;
}
