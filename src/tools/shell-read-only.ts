/**
 * A fail-closed, synchronous read-only checker for shell commands (D2: only a command known to be read-only may run beside others).
 * `true` only when the command is a list of allow-listed, read-only commands joined by
 * `|`, `&&`, `||` or `;`. Redirections, command or process substitution, `${…}`,
 * background `&`, subshells, assignments, unknown commands and anything the lexer is
 * unsure of give `false`. Quoted text is literal: `grep '>' file` is read-only.
 */

type ArgumentCheck = (args: string[]) => boolean;

const ANY: ArgumentCheck = () => true;
const NO_ARGS: ArgumentCheck = (args) => args.length === 0;

/**
 * Does `arg` use the option `flag`, in any spelling the command's option parser accepts?
 * - a one-letter flag (`-o`) anywhere in a group of short flags (`-ro`, `-oout.txt`);
 * - a GNU long option (`--output`) by any abbreviation (`--outp`), with or without `=value`;
 * - a single-dash word (find's `-exec`) exactly, or with `=value`.
 * Fail-closed: a short group whose attached value merely contains the letter also matches.
 */
function usesFlag(arg: string, flag: string): boolean {
  if (/^-[^-]$/.test(flag)) return /^-[^-]/.test(arg) && arg.includes(flag[1]!);
  const name = arg.split('=', 1)[0]!;
  if (flag.startsWith('--')) return name.startsWith('--') && name.length > 2 && flag.startsWith(name);
  return name === flag;
}

function without(...forbidden: string[]): ArgumentCheck {
  return (args) => !args.some((arg) => forbidden.some((flag) => usesFlag(arg, flag)));
}

function positional(args: string[]): string[] {
  return args.filter((arg) => !arg.startsWith('-'));
}

const SED_PRINT = /^[0-9]+(,([0-9]+|\$))?p$/;
const FIND_WRITES = ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'];
const GIT_GLOBAL_FLAGS = new Set(['--no-pager', '--no-optional-locks', '--literal-pathspecs']);
const GIT_WRITING_FLAGS = ['--output', '-o', '--ext-diff', '--textconv', '--exec', '--upload-pack'];

const GIT_SUBCOMMANDS: Record<string, ArgumentCheck> = {
  status: without(...GIT_WRITING_FLAGS),
  log: without(...GIT_WRITING_FLAGS),
  diff: without(...GIT_WRITING_FLAGS),
  show: without(...GIT_WRITING_FLAGS),
  blame: without(...GIT_WRITING_FLAGS),
  shortlog: without(...GIT_WRITING_FLAGS),
  describe: without(...GIT_WRITING_FLAGS),
  'rev-parse': without(...GIT_WRITING_FLAGS),
  'ls-files': without(...GIT_WRITING_FLAGS),
  grep: without(...GIT_WRITING_FLAGS, '-O', '--open-files-in-pager'),
  branch: (args) => positional(args).length === 0 && args.every((arg) => ['-a', '-r', '-v', '-vv', '--list', '--all', '--remotes', '--show-current'].includes(arg)),
  remote: (args) => args.every((arg) => arg === '-v' || arg === '--verbose'),
  tag: (args) => args.every((arg) => arg === '-l' || arg === '--list'),
};

const COMMANDS: Record<string, ArgumentCheck> = {
  ls: ANY, cat: ANY, head: ANY, tail: ANY, wc: ANY, pwd: ANY, echo: ANY, true: ANY, false: ANY,
  grep: ANY, egrep: ANY, fgrep: ANY, rg: without('--pre', '--pre-glob'), tree: without('-o'),
  file: ANY, stat: ANY, du: ANY, df: ANY, which: ANY, basename: ANY, dirname: ANY, realpath: ANY, readlink: ANY,
  cut: ANY, tr: ANY, nl: ANY, diff: without('--output'), cmp: ANY, comm: ANY, tac: ANY, rev: ANY, paste: ANY,
  fold: ANY, expand: ANY, column: ANY, seq: ANY, date: without('-s', '--set'), whoami: ANY, uname: ANY, id: ANY, hostname: NO_ARGS,
  printenv: ANY, env: NO_ARGS, md5sum: without('-c', '--check'), sha1sum: without('-c', '--check'), sha256sum: without('-c', '--check'),
  od: ANY, hexdump: ANY, strings: ANY, cd: ANY, test: ANY, '[': ANY,
  printf: without('-v'),
  sort: without('-o', '--output', '-T', '--temporary-directory', '--compress-program'),
  uniq: (args) => positional(args).length <= 1,
  xxd: (args) => !args.includes('-r') && positional(args).length <= 1,
  jq: without('--rawfile', '--slurpfile'),
  find: without(...FIND_WRITES),
  // Only printing line ranges: `sed -n '1,20p' file`.
  sed: (args) => args[0] === '-n' && SED_PRINT.test(args[1] ?? '') && positional(args.slice(2)).length === args.length - 2,
  git: (args) => {
    let index = 0;
    while (index < args.length && GIT_GLOBAL_FLAGS.has(args[index] ?? '')) index++;
    const check = GIT_SUBCOMMANDS[args[index] ?? ''];
    return check !== undefined && check(args.slice(index + 1));
  },
};

export function isReadOnlyShellCommand(command: string): boolean {
  try {
    const segments = splitCommands(command);
    return segments !== null && segments.length > 0 && segments.every(isReadOnlySimpleCommand);
  } catch {
    return false;
  }
}

function isReadOnlySimpleCommand(words: string[]): boolean {
  const [name, ...args] = words;
  if (name === undefined || /^[A-Za-z_][A-Za-z0-9_]*=/.test(name)) return false;
  if (!Object.hasOwn(COMMANDS, name)) return false;
  const check = COMMANDS[name];
  return check !== undefined && check(args);
}

/**
 * Splits a command line into simple commands (arrays of words, quotes removed) at
 * `|`, `||`, `&&`, `;` and newlines. Null when it holds anything not allowed.
 */
export function splitCommands(command: string): string[][] | null {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | null = null;
  const endWord = (): void => {
    if (word !== null) words.push(word);
    word = null;
  };
  const endCommand = (): boolean => {
    endWord();
    if (words.length === 0) return false;
    commands.push(words);
    words = [];
    return true;
  };
  for (let index = 0; index < command.length; index++) {
    const char = command[index] ?? '';
    const next = command[index + 1] ?? '';
    if (char === "'") {
      const close = command.indexOf("'", index + 1);
      if (close === -1) return null;
      word = (word ?? '') + command.slice(index + 1, close);
      index = close;
    } else if (char === '"') {
      const parsed = readDoubleQuoted(command, index + 1);
      if (parsed === null) return null;
      word = (word ?? '') + parsed.text;
      index = parsed.end;
    } else if (char === '\\') {
      if (next === '' || next === '\n') return null;
      word = (word ?? '') + next;
      index++;
    } else if (char === ' ' || char === '\t') {
      endWord();
    } else if (char === '|' || char === ';' || char === '\n' || (char === '&' && next === '&')) {
      if (char === '|' && next === '&') return null;
      if (!endCommand()) return null;
      if ((char === '|' && next === '|') || char === '&') index++;
    } else if ('&<>()`{}'.includes(char) || (char === '$' && (next === '(' || next === '{' || next === "'")) || (char === '#' && word === null)) {
      return null;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (!endCommand()) return null;
  return commands;
}

/** Text of a double-quoted string starting at `start`, or null for substitutions or no closing quote. */
function readDoubleQuoted(command: string, start: number): { text: string; end: number } | null {
  let text = '';
  for (let index = start; index < command.length; index++) {
    const char = command[index] ?? '';
    const next = command[index + 1] ?? '';
    if (char === '"') return { text, end: index };
    if (char === '`' || (char === '$' && (next === '(' || next === '{'))) return null;
    if (char === '\\' && '"\\$`'.includes(next) && next !== '') {
      text += next;
      index++;
    } else {
      text += char;
    }
  }
  return null;
}
