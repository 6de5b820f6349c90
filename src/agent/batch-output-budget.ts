/**
 * The batch output budget (E5): when the results of one batch of tool calls together exceed
 * the budget, the largest are held back, largest first, until the rest fits. Each held-back
 * output is saved whole in the workspace (so it is stored with the session, the person can
 * open it, and the model can read parts of it with read_file) and the model gets its first
 * and last lines and a note saying where the rest is. Every call still has exactly one
 * result (E3): only the text of a result changes.
 */
import type { Part } from '../shared/content';

/** Where held-back outputs go, inside the workspace. */
export const HELD_BACK_FOLDER = '.loopscope/tool-output';

/** Of a held-back output, this much of its start and of its end stays in the result. */
const KEPT_BYTES = 2048;

export interface HeldBack {
  callId: string;
  name: string;
  path: string;
  bytes: number;
}

export interface BudgetedParts {
  parts: Part[];
  heldBack: HeldBack[];
}

const encoder = new TextEncoder();
const kilobytes = (bytes: number): string => `${Math.ceil(bytes / 1024)} KB`;

/** The key of a response's text: `output` for a success, `error` otherwise. */
function textKey(part: Part): 'output' | 'error' | null {
  const response = part.functionResponse?.response;
  if (typeof response?.['output'] === 'string') return 'output';
  if (typeof response?.['error'] === 'string') return 'error';
  return null;
}

/** Whole lines from the start and from the end, within KEPT_BYTES each. */
function headAndTail(text: string): { head: string; tail: string } {
  const lines = text.split('\n');
  const head: string[] = [];
  let used = 0;
  for (const line of lines) {
    const size = encoder.encode(line).length + 1;
    if (used + size > KEPT_BYTES) break;
    head.push(line);
    used += size;
  }
  const tail: string[] = [];
  used = 0;
  for (let index = lines.length - 1; index >= head.length; index--) {
    const line = lines[index] ?? '';
    const size = encoder.encode(line).length + 1;
    if (used + size > KEPT_BYTES) break;
    tail.unshift(line);
    used += size;
  }
  // A first line longer than KEPT_BYTES keeps its beginning, so the result never starts empty.
  if (head.length === 0) head.push(`${text.slice(0, KEPT_BYTES / 2)}…`);
  return { head: head.join('\n'), tail: tail.join('\n') };
}

function stub(text: string, bytes: number, batch: { count: number; total: number; budget: number }, path: string | null): string {
  const { head, tail } = headAndTail(text);
  const why = `The ${batch.count} results of this batch came to ${kilobytes(batch.total)}, more than the ${kilobytes(batch.budget)} one batch may add to the conversation`;
  const where = path
    ? `The whole output (${kilobytes(bytes)}) is saved in the workspace as ${path}: read the parts you need with read_file (start_line, end_line).`
    : `The whole output (${kilobytes(bytes)}) could not be saved; run the call again for a narrower part if you need the rest.`;
  return `[Output held back. ${why}. Its first and last lines follow. ${where}]\n${head}\n[...]\n${tail}`;
}

/**
 * `save(path, text)` stores a held-back output in the workspace; when it fails the output is
 * still held back, and its note says it could not be saved. A budget of 0 or less is off.
 */
export async function applyBatchOutputBudget(
  parts: Part[],
  budgetBytes: number,
  save: (path: string, text: string) => Promise<void>,
): Promise<BudgetedParts> {
  if (budgetBytes <= 0) return { parts, heldBack: [] };
  const texts = parts.flatMap((part, index) => {
    const key = textKey(part);
    return key ? [{ index, key, text: part.functionResponse!.response[key] as string }] : [];
  });
  // UTF-8 takes at most 3 bytes per UTF-16 unit: a batch under a third of the budget in
  // characters fits without encoding every output (this runs on every round-trip).
  if (texts.reduce((sum, item) => sum + item.text.length, 0) * 3 <= budgetBytes) return { parts, heldBack: [] };
  const sized = texts.map((item) => ({ ...item, bytes: encoder.encode(item.text).length }));
  const total = sized.reduce((sum, item) => sum + item.bytes, 0);
  if (total <= budgetBytes) return { parts, heldBack: [] };

  const batch = { count: sized.length, total, budget: budgetBytes };
  const result = parts.slice();
  const heldBack: HeldBack[] = [];
  let remaining = total;
  for (const item of [...sized].sort((a, b) => b.bytes - a.bytes)) {
    if (remaining <= budgetBytes || item.bytes <= 2 * KEPT_BYTES) break;
    const response = parts[item.index]!.functionResponse!;
    const callId = response.id ?? `call-${item.index}`;
    const path = `${HELD_BACK_FOLDER}/${callId.replace(/[^\w.-]/g, '_')}.txt`;
    const saved = await save(path, item.text).then(
      () => true,
      () => false,
    );
    const replacement = stub(item.text, item.bytes, batch, saved ? path : null);
    result[item.index] = { functionResponse: { ...response, response: { ...response.response, [item.key]: replacement } } };
    remaining += encoder.encode(replacement).length - item.bytes;
    if (saved) heldBack.push({ callId, name: response.name, path, bytes: item.bytes });
  }
  return { parts: result, heldBack };
}
