/** Generated sessions for the share property tests (and the worker's no-key test). */
import fc from 'fast-check';
import type { RoundTrip } from '../../agent/types';
import type { RecordedRoundTrip } from '../pack-round-trips';
import type { Content, Part } from '../../shared/content';
import type { PlainFile, SessionParts } from '../session-document';

/** JSON values that survive JSON text unchanged (no -0). */
const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const jsonObject = fc.dictionary(fc.string({ maxLength: 8 }).filter((key) => !['__proto__', 'constructor', 'prototype'].includes(key)), json, { maxKeys: 4 });

const segment = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,11}$/).filter((name) => name !== '.' && name !== '..' && !name.startsWith('..'));
export const workspacePath = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));

const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ text: fc.string({ maxLength: 200 }) }),
  fc.record({ functionCall: fc.record({ id: fc.string({ minLength: 1, maxLength: 12 }), name: fc.constantFrom('write_file', 'edit', 'run_shell_command'), args: jsonObject }) }),
  fc.record({ functionResponse: fc.record({ id: fc.string({ minLength: 1, maxLength: 12 }), name: fc.constantFrom('write_file', 'read_file'), response: fc.record({ output: fc.string({ maxLength: 200 }) }) }) }),
  // A tool Gemini ran on its servers (URL context), and its response.
  fc.record({ toolCall: fc.record({ id: fc.string({ minLength: 1, maxLength: 12 }), toolType: fc.constant('URL_CONTEXT'), args: jsonObject }) }),
  fc.record({ toolResponse: fc.record({ id: fc.string({ minLength: 1, maxLength: 12 }), toolType: fc.constant('URL_CONTEXT'), response: jsonObject }) }),
);

const content: fc.Arbitrary<Content> = fc.record({ role: fc.constantFrom<'user' | 'model'>('user', 'model'), parts: fc.array(part, { minLength: 1, maxLength: 3 }) });

const fileContent = fc.oneof(fc.string({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }));

const files: fc.Arbitrary<PlainFile[]> = fc
  .uniqueArray(workspacePath, { maxLength: 6 })
  .chain((paths) => fc.tuple(...paths.map((path) => fileContent.map((fileBody): PlainFile => ({ path, content: fileBody })))));

export const sessionParts: fc.Arbitrary<SessionParts> = fc
  .record({
    title: fc.string({ maxLength: 60 }),
    createdAt: fc.integer({ min: 0, max: 2 ** 45 }),
    history: fc.array(content, { maxLength: 8 }),
    files,
    startFiles: fc.option(files, { nil: undefined }),
    chunks: fc.array(fc.array(json, { maxLength: 3 }), { maxLength: 8 }),
    systemInstruction: fc.option(fc.string({ maxLength: 100 }), { nil: undefined }),
    // Notes beside steps (document version 2): plain text, markup included (it is only ever shown as text).
    annotations: fc.option(
      fc.dictionary(
        fc.oneof(fc.stringMatching(/^(message|reply|round-trip):[1-9][0-9]{0,2}$/), fc.stringMatching(/^call:[a-z0-9-]{1,12}$/)),
        fc.stringMatching(/^[a-zA-Z0-9 <>&"'.,\n-]{1,60}$/).filter((text) => text.trim() !== ''),
        { maxKeys: 4 },
      ),
      { nil: undefined },
    ),
  })
  .map(({ title, createdAt, history, files: endFiles, startFiles, chunks, systemInstruction, annotations }) => {
    // Requests as the agent makes them: each the history so far, sometimes with a content of its own.
    const roundTrips: RecordedRoundTrip[] = chunks.map((response, index) => {
      const length = Math.min(history.length, index + 1);
      const contents = index % 3 === 2 ? [...history.slice(0, length), { role: 'user' as const, parts: [{ text: `extra ${index}` }] }] : history.slice(0, length);
      const request: RoundTrip['request'] = { model: 'gemini-2.5-flash', contents };
      if (systemInstruction !== undefined && index % 4 !== 3) request.systemInstruction = systemInstruction;
      const roundTrip: RecordedRoundTrip = { id: `rt-${index}`, interactionId: `i-${Math.floor(index / 2)}`, startedAt: createdAt + index, endedAt: createdAt + index + 1, request, response };
      // The Loop inspector's turn and notes, on some round-trips (older records have neither).
      if (index % 2 === 1) roundTrip.turn = { id: `turn-${index}`, attempt: 1 + (index % 3) };
      if (index % 3 === 1) {
        roundTrip.notes = {
          toolCalls: [{ callId: `c${index}`, name: 'write_file', summary: 'a.txt', steps: [{ status: 'validating', at: createdAt }, { status: 'success', at: createdAt + 5 }] }],
          events: [{ type: 'loop_detected', value: { loopType: 'consecutive_identical_tool_calls' }, at: createdAt + 6 }],
        };
      }
      return roundTrip;
    });
    const parts: SessionParts = { title, createdAt, history, roundTrips, files: endFiles };
    if (startFiles) parts.startFiles = startFiles;
    if (annotations && Object.keys(annotations).length > 0) parts.annotations = annotations;
    return parts;
  });
