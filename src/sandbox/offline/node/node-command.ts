/**
 * `node FILE [ARGS]`, `node -e CODE [ARGS]` and `node -p EXPR` in the offline shell: the
 * workspace (and /tmp) is read as text, the script runs on QuickJS (node-runner.ts), and what
 * it wrote is written back to the shell's file system, so it shows in the tree and is stored
 * like any other command's changes. Output arrives when the script ends (as every offline
 * command's does). Stop and the time limit end it; a script that outgrows its memory is told so.
 */
import type { CustomCommand } from 'just-bash';
import { defineCommand } from 'just-bash';
import { formatBytes } from '../../../shared/format-bytes';
import type { NodeRun } from './js-runtime';
import type { NodeRunner } from './node-runner';
import { SNAPSHOT_MAX_BYTES, snapshot, writeBack } from './workspace-snapshot';
import { LIVE_OUTPUT_ENV } from '../live-output';
import type { LiveOutputs } from '../live-output';

export interface NodeCommandOptions {
  runner: NodeRunner;
  /** Folders a script may read and change (absolute). */
  roots: readonly string[];
  memoryBytes?: number;
  /** Most bytes of files read into a run. */
  maxSnapshotBytes?: number;
  /** Where output goes while the script runs, when the exec asked for it (live-output.ts). */
  live?: LiveOutputs;
}

const VERSION = 'v20.0.0 (QuickJS in the offline sandbox)';

type Parsed = { entry: NodeRun['entry']; argv: string[]; print?: boolean } | { answer: { stdout: string; stderr: string; exitCode: number } };

function parse(args: string[], cwd: string): Parsed {
  const [first, second, ...rest] = args;
  if (first === undefined) {
    return { answer: { stdout: '', stderr: 'node: the interactive prompt is not available in the offline sandbox; run a file (node app.js) or code (node -e "…").\n', exitCode: 9 } };
  }
  if (first === '-v' || first === '--version') return { answer: { stdout: `${VERSION}\n`, stderr: '', exitCode: 0 } };
  if (first === '-e' || first === '--eval' || first === '-p' || first === '--print') {
    if (second === undefined) return { answer: { stdout: '', stderr: `node: ${first} requires an argument\n`, exitCode: 9 } };
    return { entry: { code: second }, argv: rest, print: first === '-p' || first === '--print' };
  }
  if (first.startsWith('-')) return { answer: { stdout: '', stderr: `node: ${first} is not supported in the offline sandbox (it offers FILE, -e CODE, -p EXPR and --version)\n`, exitCode: 9 } };
  const file = first.startsWith('/') ? first : `${cwd.replace(/\/$/, '')}/${first}`;
  return { entry: { file: normalize(file) }, argv: [normalize(file), ...args.slice(1)] };
}

function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

export function nodeCommand(options: NodeCommandOptions): CustomCommand {
  return defineCommand('node', async (args, ctx) => {
    const parsed = parse(args, ctx.cwd);
    if ('answer' in parsed) return parsed.answer;
    const files = await snapshot(ctx.fs, options.roots, options.maxSnapshotBytes ?? SNAPSHOT_MAX_BYTES, (fs, path) => fs.readFile(path));
    if ('tooBig' in files) {
      return { stdout: '', stderr: `node: the workspace is too big to run scripts offline (over ${formatBytes(files.tooBig)} of files; .git is skipped).\n`, exitCode: 1 };
    }
    const entry = parsed.print && 'code' in parsed.entry ? { code: `console.log(eval(${JSON.stringify(parsed.entry.code)}))` } : parsed.entry;
    const env = Object.fromEntries([...ctx.env].filter(([name]) => name !== LIVE_OUTPUT_ENV));
    const sink = options.live?.sinkFor(ctx.env.get(LIVE_OUTPUT_ENV));
    const output = { stdout: '', stderr: '' };
    const memoryBytes = options.memoryBytes ?? 128 * 1024 * 1024;
    const outcome = await options.runner.run(
      { run: { cwd: ctx.cwd, argv: parsed.argv, entry, env }, files: files.files, directories: files.directories, writableRoots: [...options.roots], memoryBytes },
      ctx.signal ?? new AbortController().signal,
      (stream, text) => {
        if (stream === 1) output.stdout += text;
        else output.stderr += text;
        sink?.(stream, text);
      },
    );
    if (outcome.type === 'stopped') return { ...output, exitCode: 130 };
    if (outcome.type === 'failed') return { stdout: output.stdout, stderr: `${output.stderr}node: the JavaScript engine could not run (${outcome.message}).\n`, exitCode: 1 };
    await writeBack(ctx.fs, outcome.changes);
    if (outcome.result.stopped === 'out-of-memory') {
      return { stdout: output.stdout, stderr: `${output.stderr}node: the script used more than its ${formatBytes(memoryBytes)} of memory and was stopped.\n`, exitCode: outcome.result.exitCode };
    }
    return { ...output, exitCode: outcome.result.exitCode };
  });
}
