/**
 * Which shell commands count as "git overview inspection" for the always-on stagnation
 * guard (H2). Deliberately narrow and failing open: a chain that also stages,
 * commits, runs another program or looks at a specific file's diff is progress, so it must
 * not share the stagnation bucket.
 */

const SHELL_TOOL_NAME = 'run_shell_command';

/** Segment separators: `&&`, `||`, `;`, `&`, `|` and newline. */
const SEGMENT_SEPARATOR = /&&|\|\||[;&|\n]/;

const GIT_INSPECTION = /^git(?:\s+(?:-C\s+\S+|--no-pager))*\s+(status|diff|ls-files)\b/i;

/** True when `call` is a `run_shell_command` whose every segment is an overview inspection. */
export function isShellInspectionCall(call: { name: string; args: Record<string, unknown> }): boolean {
  if (call.name !== SHELL_TOOL_NAME) return false;
  const command = call.args['command'];
  return typeof command === 'string' && isGitOverviewInspectionCommand(command);
}

/** True when every segment of `command` is `git status`, `git ls-files` or an overview `git diff`. */
export function isGitOverviewInspectionCommand(command: string): boolean {
  const segments = command
    .split(SEGMENT_SEPARATOR)
    .map((segment) => segment.trim())
    .filter((segment) => segment.length > 0);
  if (segments.length === 0) return false;
  return segments.every((segment) => {
    const match = GIT_INSPECTION.exec(segment);
    if (!match) return false;
    const subcommand = match[1]?.toLowerCase();
    return subcommand !== 'diff' || isOverviewDiff(segment.slice(match[0].length));
  });
}

/** Options and revision tokens only; a pathspec after `--` makes it a file-specific diff. */
function isOverviewDiff(rest: string): boolean {
  const trimmed = rest.trim();
  if (trimmed === '') return true;
  const tokens = trimmed.split(/\s+/);
  const separator = tokens.indexOf('--');
  if (separator !== -1 && separator < tokens.length - 1) return false;
  return tokens.every((token) => token.startsWith('-') || isRevisionToken(token));
}

function isRevisionToken(token: string): boolean {
  return (
    token === 'HEAD' ||
    token === '@' ||
    /^(?:HEAD|@)(?:[~^]\d*)+$/.test(token) ||
    /^[0-9a-f]{7,40}$/i.test(token) ||
    /^\S+\.{2,3}\S+$/.test(token)
  );
}
