/**
 * `node FILE [ARGS]`, `node -e CODE [ARGS]` and `node -p EXPR` in the offline shell: the
 * workspace (and /tmp) is read as text, the script runs on QuickJS (node-runner.ts), and what
 * it wrote is written back to the shell's file system, so it shows in the tree and is stored
 * like any other command's changes. Output arrives when the script ends (as every offline
 * command's does). Stop and the time limit end it, keeping what it wrote; a script that outgrows
 * its memory is told so.
 */
import type { CustomCommand, IFileSystem } from 'just-bash';
import { defineCommand } from 'just-bash';
import { formatBytes } from '../../../shared/format-bytes';
import type { NodeRun } from './js-runtime';
import type { NodeRunner } from './node-runner';
import type { LiveOutputs } from '../live-output';
import { runScriptCommand } from './script-command';
import type { StoppingScripts } from '../stopping-scripts';

export interface NodeCommandOptions {
  runner: NodeRunner;
  /** Folders a script may read and change (absolute). */
  roots: readonly string[];
  memoryBytes?: number;
  /** Most bytes of files read into a run. */
  maxSnapshotBytes?: number;
  /** Where output goes while the script runs, when the exec asked for it (live-output.ts). */
  live?: LiveOutputs;
  /** The shell's file system, for what a stopped script wrote (script-command.ts). */
  files?: IFileSystem;
  /** Shared with the shell's exec, which waits for a stopped script's write-back. */
  scripts?: StoppingScripts;
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
    const entry = parsed.print && 'code' in parsed.entry ? { code: `console.log(eval(${JSON.stringify(parsed.entry.code)}))` } : parsed.entry;
    const memoryBytes = options.memoryBytes ?? 128 * 1024 * 1024;
    const ran = await runScriptCommand(ctx, {
      name: 'node',
      engine: 'the JavaScript engine',
      runner: options.runner,
      roots: options.roots,
      live: options.live,
      files: options.files,
      scripts: options.scripts,
      maxSnapshotBytes: options.maxSnapshotBytes,
      read: (fs, path) => fs.readFile(path),
      request: (files, env) => ({ run: { cwd: ctx.cwd, argv: parsed.argv, entry, env }, ...files, writableRoots: [...options.roots], memoryBytes }),
    });
    if ('answer' in ran) return ran.answer;
    const { output, result } = ran;
    if (result.stopped === 'out-of-memory') {
      return { stdout: output.stdout, stderr: `${output.stderr}node: the script used more than its ${formatBytes(memoryBytes)} of memory and was stopped.\n`, exitCode: result.exitCode };
    }
    return { ...output, exitCode: result.exitCode };
  });
}
