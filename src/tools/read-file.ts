/**
 * read_file {file_path, start_line?, end_line?}: a text file, whole or by 1-based inclusive
 * line range, within a line and byte budget; binary files are described, small images
 * come back as inline data.
 */
import { z } from 'zod';
import type { Sandbox } from '../sandbox/types';
import type { WorkspacePathOptions } from '../shared/workspace-path';
import { formatBytes } from '../shared/format-bytes';
import { binaryTypeGuess, decodeText, imageMimeType, toBase64 } from './file-content';
import { defineTool } from './define-tool';
import { pathCheck } from './tool-args';
import { resolveToolPath, resolvedOrRaw } from './tool-paths';
import { errorResult } from './tool-result';
import type { ToolResult } from './types';
import type { WorkspaceTool } from './workspace-tool';

/** A type alias (not an interface) so it is assignable to the registry's `WorkspaceTool`. */
export type ReadFileArgs = {
  file_path: string;
  start_line?: number;
  end_line?: number;
};

export interface ReadFileOptions {
  workspaceRoots?: string[];
  /** Most lines returned at once (default 2,000). */
  maxLines?: number;
  /** Most bytes of text returned at once (default 256 KiB). */
  maxBytes?: number;
  /** Lines longer than this are cut (default 2,000 characters). */
  maxLineLength?: number;
  /** Images up to this size come back as inline data (default 1 MiB). */
  maxImageBytes?: number;
  /** Larger files are not loaded at all (default 32 MiB). */
  maxFileBytes?: number;
}

const schema = z.object({
  file_path: z.string().min(1).describe('Path relative to the workspace root.'),
  start_line: z.number().int().min(1).optional().describe('First line to read (1-based).'),
  end_line: z.number().int().min(1).optional().describe('Last line to read (inclusive).'),
});

export function summarize(args: ReadFileArgs, options?: WorkspacePathOptions): string {
  return resolvedOrRaw(args.file_path, options);
}

export function createReadFileTool(options: ReadFileOptions = {}): WorkspaceTool<ReadFileArgs> {
  const paths = { roots: options.workspaceRoots };
  const limits = {
    maxLines: options.maxLines ?? 2000,
    maxBytes: options.maxBytes ?? 256 * 1024,
    maxLineLength: options.maxLineLength ?? 2000,
    maxImageBytes: options.maxImageBytes ?? 1024 * 1024,
    maxFileBytes: options.maxFileBytes ?? 32 * 1024 * 1024,
  };
  return defineTool<ReadFileArgs>({
    name: 'read_file',
    kind: 'read',
    description:
      `Reads a file from the workspace. Large files are returned in parts of at most ${limits.maxLines} lines; ` +
      'use start_line/end_line (1-based, inclusive) to read a range. Binary files are described, images shown.',
    schema,
    checks: [
      pathCheck('file_path', (value) => value.file_path, paths),
      (value) =>
        value.start_line !== undefined && value.end_line !== undefined && value.end_line < value.start_line
          ? { message: `Parameter "end_line" (${value.end_line}) must not be less than "start_line" (${value.start_line}).` }
          : null,
    ],
    failureType: 'READ_CONTENT_FAILURE',
    summarize: (args) => summarize(args, paths),
    preview: async (args) => ({ type: 'text', text: `Read ${summarize(args, paths)}` }),
    affectedPaths: () => [],
    run: (args, context) => readFile(args, context.sandbox, paths, limits),
  });
}

interface Limits {
  maxLines: number;
  maxBytes: number;
  maxLineLength: number;
  maxImageBytes: number;
  maxFileBytes: number;
}

async function readFile(
  args: ReadFileArgs,
  sandbox: Sandbox,
  paths: WorkspacePathOptions,
  limits: Limits,
): Promise<ToolResult> {
  const resolved = resolveToolPath(args.file_path, 'file_path', paths);
  if (!resolved.ok) return errorResult(resolved.error.type, resolved.error.message);
  const path = resolved.path;
  const stat = await sandbox.stat(path);
  if (stat === null) return errorResult('FILE_NOT_FOUND', `File not found: ${path || '.'}`);
  if (stat.kind === 'directory') {
    return errorResult('TARGET_IS_DIRECTORY', `Path is a directory, not a file: ${path || '.'}. Use list_directory to see its contents.`);
  }
  if (stat.size > limits.maxFileBytes) {
    return errorResult(
      'FILE_TOO_LARGE',
      `File ${path} is too large to read (${formatBytes(stat.size)}; the limit is ${formatBytes(limits.maxFileBytes)}). ` +
        'Use grep_search, or run_shell_command with head, tail or sed, to see parts of it.',
    );
  }
  const bytes = await sandbox.readFile(path);
  const text = decodeText(path, bytes);
  if (text === null) return describeBinary(path, bytes, limits);
  return readLines(path, text, args, limits);
}

function describeBinary(path: string, bytes: Uint8Array, limits: Limits): ToolResult {
  const type = binaryTypeGuess(path, bytes);
  const description = `Binary file, ${bytes.length} bytes, ${type}: ${path}`;
  const mimeType = imageMimeType(path);
  if (mimeType !== undefined && type.endsWith('image') && bytes.length <= limits.maxImageBytes) {
    return {
      llmContent: [{ text: `Image file ${path} (${mimeType}, ${formatBytes(bytes.length)}):` }, { inlineData: { mimeType, data: toBase64(bytes) } }],
      display: { type: 'text', text: description },
    };
  }
  return { llmContent: `${description}. Its content is not shown.`, display: { type: 'text', text: description } };
}

function readLines(path: string, text: string, args: ReadFileArgs, limits: Limits): ToolResult {
  if (text.length === 0) {
    return { llmContent: `File ${path} is empty.`, display: { type: 'text', text: `Read ${path}: empty file` } };
  }
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const total = lines.length;
  const start = args.start_line ?? 1;
  if (start > total) {
    return errorResult(
      'INVALID_LINE_RANGE',
      `start_line ${start} is beyond the end of ${path}, which has ${total} line${total === 1 ? '' : 's'}.`,
    );
  }
  const requestedEnd = Math.min(args.end_line ?? total, total);
  const picked: string[] = [];
  let bytes = 0;
  let cutLines = 0;
  for (let index = start - 1; index < requestedEnd && picked.length < limits.maxLines; index++) {
    let line = lines[index] ?? '';
    if (line.length > limits.maxLineLength) {
      line = `${line.slice(0, limits.maxLineLength)}… [line cut at ${limits.maxLineLength} characters]`;
      cutLines++;
    }
    bytes += line.length + 1;
    if (bytes > limits.maxBytes && picked.length > 0) break;
    picked.push(line);
  }
  const end = start + picked.length - 1;
  const body = picked.join('\n');
  const notes: string[] = [];
  if (start > 1 || end < total) {
    notes.push(
      end < total
        ? `Showing lines ${start}-${end} of ${total}. To read more, call read_file with start_line=${end + 1}.`
        : `Showing lines ${start}-${end} of ${total}.`,
    );
  }
  if (cutLines > 0) notes.push(`${cutLines} long line${cutLines === 1 ? ' was' : 's were'} cut.`);
  const llmContent = notes.length > 0 ? `${notes.join(' ')}\n\n${body}` : body;
  return { llmContent, display: { type: 'text', text: `Read ${path}: lines ${start}-${end} of ${total}` } };
}
