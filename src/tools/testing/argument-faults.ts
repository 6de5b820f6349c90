/**
 * Test support for fault suite T2 (tool arguments): fast-check arbitraries that build hostile
 * argument sets for each of the eight tools. Every field is, at random, a good value, a fault
 * (path escapes in every encoding, NUL bytes, huge strings, look-alike Unicode), a wrong type,
 * or missing; extra fields and non-object argument values are mixed in.
 *
 * Shell commands come from templates, never from free text, because on the WebContainer double
 * they run in a real `bash` on this machine: `safeCommand` is harmless anywhere, and
 * `escapeCommand` only aims at the targets the caller plants (`FaultTargets.shellTargets`).
 */
import fc from 'fast-check';

export interface FaultTargets {
  /** Absolute paths outside the workspace that hold planted files, as the sandbox sees them. */
  outsideAbsolute: string[];
  /** Planted symlinks inside the workspace that lead outside (workspace-relative names). */
  outwardLinks: string[];
  /** Outside paths a shell command may aim at (relative to the workspace root, or absolute), all planted by the caller. */
  shellTargets: string[];
  /** `cd` destinations that leave the workspace and are safe to create files in. */
  shellOutsideDirectories: string[];
}

/** Files and folders every run plants inside the workspace (the "good" values point here). */
export const INSIDE_FILES: Record<string, string> = {
  'a.txt': 'alpha\nhello world\n',
  'src/b.ts': 'export const b = 1;\n',
  'docs/readme.md': '# readme\nhello\n',
};

const MISSING = Symbol('missing');

const DOT_DOTS = ['..', '%2e%2e', '%2E%2E', '%252e%252e', '%25252e%25252e', '.%2e', '%2e.', '\u2024\u2024', '\uFF0E\uFF0E', '\u2025', '%u002e%u002e', '%c0%ae%c0%ae', '%e0%80%ae%e0%80%ae', '...', '.. ', '..\u200b', '..\u0000'];
const SEPARATORS = ['/', '\\', '%2f', '%2F', '%252f', '%5c', '%255c', '\u2215', '\uFF0F', '\u29F8', '\u2044', '//', '/./', '\\\\'];
const PREFIXES = ['', '/', './', 'src/', '/workspace/', '/home/project/', '/workspace/src/', '~', '~/', 'file://', 'file:///', 'C:\\', 'c:/', '\\\\?\\', '\\\\server\\share\\', '/proc/self/root/', '/dev/fd/', '\uFF0F'];
const TAILS = ['', 'secret.txt', 'outside/secret.txt', 'etc/passwd', 'y', 'sibling/secret.txt', 'parent-secret.txt', '.ssh/id_rsa'];

const inside = fc.constantFrom('a.txt', 'src/b.ts', 'docs/readme.md', 'src', '.', '', 'new.txt', 'new/dir/file.txt', '/workspace/a.txt', '/home/project/a.txt', 'src/../a.txt', './docs');

function encodings(path: string): string[] {
  const once = encodeURIComponent(path);
  return [path, once, encodeURIComponent(once), path.replaceAll('/', '\\'), path.replaceAll('.', '\uFF0E'), path.replaceAll('/', '\u2215'), `file://${path}`];
}

/** A string of `size` characters that is not all one letter (so it is not trivially compressible). */
export function hugeString(size: number, seed = 'x'): string {
  const unit = `${seed}0123456789abcdef\n`;
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

const hugeSizes = fc.constantFrom(5_000, 70_000, 300_000, 1_200_000);
const huge = hugeSizes.map((size) => hugeString(size));

/** NUL somewhere in an otherwise plausible string. */
function withNul(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, fc.nat(), fc.constantFrom('\u0000', '\u0000../../secret.txt', '%00', '\\0', '\u0000\u0000')).map(([text, at, nul]) => {
    const index = text.length === 0 ? 0 : at % (text.length + 1);
    return text.slice(0, index) + nul + text.slice(index);
  });
}

/** Wrong types a model can send as JSON (no BigInt, Date or cycles: see the KNOWN BUG T2-2 case). */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(2 ** 53 + 1, -0, 1e308, Number.MIN_VALUE),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constant({ toString: '../secret.txt' }),
  fc.constant(['..', 'secret.txt']),
);

export function pathFaults(targets: FaultTargets): fc.Arbitrary<string> {
  const escape = fc
    .tuple(fc.constantFrom(...PREFIXES), fc.array(fc.constantFrom(...DOT_DOTS), { minLength: 1, maxLength: 5 }), fc.constantFrom(...SEPARATORS), fc.constantFrom(...TAILS))
    .map(([prefix, dots, separator, tail]) => `${prefix}${dots.join(separator)}${tail === '' ? '' : separator + tail}`);
  const outside = fc.constantFrom(...targets.outsideAbsolute.flatMap(encodings), '/', '/etc', '/etc/passwd', '/workspace/../etc/passwd', '/home/project/../../etc/passwd', '/workspace2/x', '/workspace-sibling', '/home/projectx/a.txt');
  const links = fc.tuple(fc.constantFrom(...targets.outwardLinks), fc.constantFrom('', '/', '/secret.txt', '/new.txt', '/..', '/../secret.txt', '/sub/new.txt')).map(([link, tail]) => link + tail);
  const long = fc.oneof(
    fc.constantFrom(255, 256, 4096, 4097, 70_000).map((size) => 'n'.repeat(size)),
    fc.integer({ min: 100, max: 3000 }).map((count) => 'd/'.repeat(count) + 'f.txt'),
    fc.integer({ min: 1, max: 40 }).map((count) => `${'../'.repeat(count)}${'x'.repeat(300)}`),
  );
  const unicode = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
  return fc.oneof(
    { arbitrary: escape, weight: 6 },
    { arbitrary: outside, weight: 3 },
    { arbitrary: links, weight: 2 },
    { arbitrary: withNul(fc.oneof(inside, escape)), weight: 2 },
    { arbitrary: long, weight: 1 },
    { arbitrary: unicode, weight: 2 },
  );
}

function textFaults(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: huge, weight: 1 },
    { arbitrary: withNul(fc.string({ maxLength: 20 })), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 3 },
    { arbitrary: fc.constantFrom('', ' ', '\n', '\u202e', '\ufeff', '\ud800', 'hello', '../../secret.txt', '$(cat ../secret.txt)', '`touch ../y`'), weight: 2 },
  );
}

/** A parameter: its good values and its faults (wrong types and "missing" are added to every parameter). */
interface Parameter {
  good: fc.Arbitrary<unknown>;
  faults: fc.Arbitrary<unknown>;
}

function parameter(good: fc.Arbitrary<unknown>, faults: fc.Arbitrary<unknown>): Parameter {
  return { good, faults };
}

function faultOf(spec: Parameter): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: spec.faults, weight: 4 }, { arbitrary: wrongType, weight: 1 }, { arbitrary: fc.constant(MISSING), weight: 1 });
}

/** A field: good, a fault, a wrong type, or missing. */
function field(good: fc.Arbitrary<unknown>, faults: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: good, weight: 1 }, { arbitrary: faultOf({ good, faults }), weight: 1 });
}

const extraFields = fc.dictionary(
  fc.constantFrom('extra', 'path', 'absolute_path', 'FILE_PATH', 'file_path ', 'cwd', 'constructor', 'toString', 'hasOwnProperty', 'dir_path', 'content'),
  fc.oneof(fc.string({ maxLength: 10 }), fc.constant('../../secret.txt'), wrongType),
  { maxKeys: 3 },
);

/** The fields that are not MISSING. */
function present(values: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) if (value !== MISSING) result[name] = value;
  return result;
}

/**
 * Arguments for `parameters`: half the sets fault one parameter and keep the others good (so
 * calls reach `execute`), half draw every parameter at random; extra fields sometimes, and
 * one set in twenty is not an object at all.
 */
function argumentSet(parameters: Record<string, Parameter>): fc.Arbitrary<unknown> {
  const names = Object.keys(parameters);
  const goods = fc.record(Object.fromEntries(names.map((name) => [name, parameters[name]!.good])));
  const oneFault = fc
    .tuple(fc.constantFrom(...names), goods, fc.record(Object.fromEntries(names.map((name) => [name, faultOf(parameters[name]!)]))))
    .map(([name, good, faults]) => ({ ...good, [name]: faults[name] }));
  const allRandom = fc.record(Object.fromEntries(names.map((name) => [name, field(parameters[name]!.good, parameters[name]!.faults)])));
  const record = fc.tuple(fc.oneof(oneFault, allRandom), fc.option(extraFields, { freq: 4 }), fc.nat(9)).map(([values, extra, roll]) => {
    const args = present({ ...extra, ...values });
    // JSON from a model may carry an own "__proto__" key.
    if (roll === 0) Object.defineProperty(args, '__proto__', { value: { file_path: '../secret.txt', polluted: true }, enumerable: true, writable: true, configurable: true });
    return args;
  });
  const notAnObject = fc.oneof(fc.constant(null), fc.constant(undefined), fc.string({ maxLength: 20 }), fc.integer(), fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }), fc.constant('{"file_path":"../x"}'));
  return fc.oneof({ arbitrary: record, weight: 19 }, { arbitrary: notAnObject, weight: 1 });
}

const optional = (good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => fc.oneof(good, fc.constant(MISSING));
const lineNumber = parameter(optional(fc.integer({ min: 1, max: 50 })), fc.constantFrom(0, -1, -1e9, 1e12, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2, '3', '1e3'));
const flag = (faults: unknown[]): Parameter => parameter(optional(fc.boolean()), fc.constantFrom(...faults));

function globPatterns(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('*', '**/*', '**/*.ts', '*.txt', 'src/**', '{a,b}.txt', '[a-z]*'),
    fc.constantFrom('../*', '../**', '/**', '/etc/*', '**/../../*', '{..,x}/*', '..%2f*', '\uFF0E\uFF0E/*', '~/*', 'link-out/**', '**/secret*', '/proc/self/root/**'),
  );
}

function todoItem(): fc.Arbitrary<unknown> {
  return fc
    .record({
      description: field(fc.constantFrom('write tests', 'fix bug'), textFaults()),
      status: field(fc.constantFrom('pending', 'in_progress', 'completed', 'cancelled', 'blocked'), fc.constantFrom('done', 'PENDING', '', 'in progress')),
    })
    .map(present);
}

/** Commands that change nothing outside the workspace on any shell (quoted text only). */
export function safeCommand(): fc.Arbitrary<string> {
  const quoted = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), withNul(fc.string({ maxLength: 10 })), huge).map(singleQuote);
  return fc.oneof(
    fc.constantFrom('ls', 'pwd', 'true', 'false', 'exit 3', 'echo hi', 'cat a.txt', 'wc -c a.txt', 'ls src docs', 'cat missing.txt', ''),
    quoted.map((text) => `echo ${text}`),
    quoted.map((text) => `printf %s ${text} | wc -c`),
    fc.constantFrom('   ', '\n', 'echo a\u0000b', 'ls\u0000/etc', '\ufeffls'),
  );
}

function singleQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** Commands that try to write or read outside the workspace, aimed only at the caller's targets. */
export function escapeCommand(targets: FaultTargets): fc.Arbitrary<string> {
  const target = fc.constantFrom(...targets.shellTargets);
  const directory = fc.constantFrom(...targets.shellOutsideDirectories);
  const onTarget = fc.constantFrom(
    (t: string) => `echo x > ${t}`,
    (t: string) => `echo x >> ${t}`,
    (t: string) => `touch ${t}`,
    (t: string) => `cp a.txt ${t}`,
    (t: string) => `mkdir -p ${t}.d`,
    (t: string) => `echo x | tee ${t}`,
    (t: string) => `cat ${t}`,
    (t: string) => `rm -f ${t}`,
    (t: string) => `mv a.txt ${t} ; echo restored > a.txt`,
  );
  const inDirectory = fc.constantFrom((d: string) => `cd ${d} && touch y`, (d: string) => `cd ${d} ; echo x > z`, (d: string) => `(cd ${d}; cat *secret*)`);
  const viaLinks = fc.constantFrom(...targets.outwardLinks.flatMap((link) => [`echo x > ${link}/new.txt`, `cat ${link}/secret.txt`, `cat ${link}`, `touch ${link}`]));
  return fc.oneof(
    fc.tuple(onTarget, target).map(([make, path]) => make(path)),
    fc.tuple(inDirectory, directory).map(([make, path]) => make(path)),
    viaLinks,
  );
}

export interface ToolArgumentArbitraries {
  read_file: fc.Arbitrary<unknown>;
  write_file: fc.Arbitrary<unknown>;
  edit: fc.Arbitrary<unknown>;
  list_directory: fc.Arbitrary<unknown>;
  glob: fc.Arbitrary<unknown>;
  grep_search: fc.Arbitrary<unknown>;
  run_shell_command: fc.Arbitrary<unknown>;
  write_todos: fc.Arbitrary<unknown>;
}

export type FaultToolName = keyof ToolArgumentArbitraries;

/** Argument sets per tool; `run_shell_command` here uses only `safeCommand` (escapes: `escapeCommand`). */
export function toolArgumentArbitraries(targets: FaultTargets): ToolArgumentArbitraries {
  const path = parameter(inside, pathFaults(targets));
  const optionalPath = parameter(optional(inside), pathFaults(targets));
  const text = parameter(fc.constantFrom('hello', 'alpha', 'new text\n', ''), textFaults());
  return {
    read_file: argumentSet({ file_path: path, start_line: lineNumber, end_line: lineNumber }),
    write_file: argumentSet({ file_path: path, content: text }),
    edit: argumentSet({ file_path: path, old_string: text, new_string: text, replace_all: flag(['true', 1, 0]) }),
    list_directory: argumentSet({ dir_path: path }),
    glob: argumentSet({ pattern: parameter(globPatterns(), fc.oneof(pathFaults(targets), textFaults())), dir_path: optionalPath }),
    grep_search: argumentSet({
      pattern: parameter(fc.constantFrom('hello', 'T2-SECRET', '.*', '^a'), textFaults()),
      dir_path: optionalPath,
      include_pattern: parameter(optional(globPatterns()), pathFaults(targets)),
    }),
    run_shell_command: argumentSet({ command: parameter(safeCommand(), safeCommand()), description: parameter(optional(fc.constant('lists files')), textFaults()), dir_path: optionalPath, is_background: flag(['yes', 1, 'true']) }),
    write_todos: argumentSet({
      todos: parameter(fc.array(todoItem(), { maxLength: 6 }), fc.oneof(fc.constant([]), fc.constantFrom(1000, 5000).map((count) => Array.from({ length: count }, (_, index) => ({ description: `task ${index}`, status: 'pending' }))), fc.array(wrongType, { maxLength: 3 }))),
    }),
  };
}

/** Shell argument sets whose command tries to leave the workspace (see `escapeCommand`). */
export function shellEscapeArguments(targets: FaultTargets): fc.Arbitrary<unknown> {
  return fc.record({ command: escapeCommand(targets), dir_path: fc.constantFrom(undefined, '.', 'src') }).map((args) => (args.dir_path === undefined ? { command: args.command } : args));
}
