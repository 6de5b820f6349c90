import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as incubating from '@opentelemetry/semantic-conventions/incubating';
import { SemanticConventions } from '@arizeai/openinference-semantic-conventions';
import type { Content } from '../shared/content';
import type { RoundTripRecord } from '../store/types';
import { otlpJson } from './otlp-json';
import { traceSpans } from './trace-spans';

/**
 * OpenTelemetry's protobuf definitions of OTLP (protobufjs static code generated from
 * opentelemetry-proto, as published in @opentelemetry/otlp-transformer 0.203, installed under
 * the alias otlp-proto-definitions; later versions of that package no longer ship them).
 */
const require = createRequire(import.meta.url);
const proto = require('otlp-proto-definitions/build/src/generated/root.js') as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: ProtoType } } } } };
};
interface ProtoType {
  verify(object: unknown): string | null;
  fromObject(object: unknown): unknown;
  toObject(message: unknown, options: Record<string, unknown>): unknown;
  encode(message: unknown): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
}
const ExportTraceServiceRequest = proto.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

const MODEL = 'gemini-2.5-flash';
const SECRET_PROMPT = 'Please fix the parser in src/parse.ts';
const SECRET_FILE = 'export function parse() { return 42; }';
const SECRET_REPLY = 'The parser is fixed.';

const user: Content = { role: 'user', parts: [{ text: SECRET_PROMPT }] };
const callReply: Content = { role: 'model', parts: [{ functionCall: { id: 'call-1', name: 'read_file', args: { file_path: 'src/parse.ts' } } }] };
const results: Content = { role: 'user', parts: [{ functionResponse: { id: 'call-1', name: 'read_file', response: { output: SECRET_FILE } } }] };
const finalReply: Content = { role: 'model', parts: [{ text: SECRET_REPLY }] };
const history = [user, callReply, results, finalReply];

function gemini(parts: Content['parts'], usage: { promptTokenCount: number; candidatesTokenCount: number }) {
  return [{ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' }], usageMetadata: { ...usage, totalTokenCount: usage.promptTokenCount + usage.candidatesTokenCount }, modelVersion: MODEL }];
}

function record(id: string, extra: Partial<RoundTripRecord> & Pick<RoundTripRecord, 'startedAt' | 'request' | 'response'>): RoundTripRecord {
  return { id, sessionId: 's1', interactionId: 'i1', ...extra };
}

const T = 1_764_900_000_000;
const roundTrips: RoundTripRecord[] = [
  record('r1', {
    startedAt: T,
    endedAt: T + 300,
    turn: { id: 't1', attempt: 1 },
    request: { model: MODEL, systemInstruction: 'You are a coding agent.', contents: [user] },
    response: gemini(callReply.parts, { promptTokenCount: 1200, candidatesTokenCount: 20 }),
    notes: {
      toolCalls: [
        {
          callId: 'call-1',
          name: 'read_file',
          summary: 'src/parse.ts',
          steps: [
            { status: 'validating', at: T + 290 },
            { status: 'awaiting_approval', at: T + 291 },
            { status: 'executing', at: T + 900 },
            { status: 'success', at: T + 905 },
          ],
        },
      ],
      // A hook the person set ran after the call: its time and exit code, never its output or command.
      events: [{ type: 'hook_run', value: { hook: 'after_edit', callId: 'call-1', exitCode: 2, durationMs: 35, output: SECRET_FILE }, at: T + 906 }],
    },
  }),
  record('r2', {
    startedAt: T + 910,
    endedAt: T + 1000,
    turn: { id: 't2', attempt: 1 },
    request: { model: MODEL, contents: [user, callReply, results] },
    response: [],
    error: { kind: 'rate-limit', message: 'The model is busy (429).' },
  }),
  record('r3', {
    startedAt: T + 2000,
    endedAt: T + 2400,
    turn: { id: 't2', attempt: 2 },
    request: { model: MODEL, contents: [user, callReply, results] },
    response: gemini(finalReply.parts, { promptTokenCount: 1500, candidatesTokenCount: 8 }),
    notes: { events: [{ type: 'loop_detected', value: { loopType: 'consecutive_identical_tool_calls' }, at: T + 2410 }] },
  }),
];
const source = { session: { id: 's1', title: 'Fix the parser' }, roundTrips, history };

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  arrayValue?: { values: OtlpValue[] };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: OtlpValue }[];
  events: { name: string; timeUnixNano: string }[];
  status: { code: number; message?: string };
}
interface OtlpRequest {
  resourceSpans: { resource: unknown; scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

function exported(includeMessages: boolean): { text: string; spans: OtlpSpan[] } {
  const text = otlpJson(traceSpans(source, { includeMessages }));
  const request = JSON.parse(text) as OtlpRequest;
  return { text, spans: request.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)) };
}

const attribute = (span: OtlpSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value;
const hexToBase64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
const base64ToHex = (base64: string) => Buffer.from(base64, 'base64').toString('hex');

/**
 * Drops what the protobuf JSON mapping leaves out as default (0, '', [], false), and writes an
 * int64 attribute value as a string (the mapping accepts a number or a string), so both sides compare.
 */
function withoutDefaults(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDefaults);
  if (value && typeof value === 'object') {
    const kept: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (entry === undefined || entry === 0 || entry === '' || entry === '0' || entry === false || (Array.isArray(entry) && entry.length === 0)) continue;
      kept[key] = key === 'intValue' ? String(entry) : withoutDefaults(entry);
    }
    return kept;
  }
  return value;
}

/** OTLP/JSON's ids are hex where the protobuf JSON mapping has base64 (the one documented exception). */
function mapIds(value: unknown, map: (id: string) => string): unknown {
  if (Array.isArray(value)) return value.map((entry) => mapIds(entry, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, (key === 'traceId' || key === 'spanId' || key === 'parentSpanId') && typeof entry === 'string' ? map(entry) : mapIds(entry, map)]));
  }
  return value;
}

describe('the OpenTelemetry trace of a session', () => {
  it('is an ExportTraceServiceRequest in the protobuf JSON mapping: every field known, typed and kept through an encode and decode', () => {
    const { text } = exported(true);
    const json = JSON.parse(text) as unknown;
    const asProto = mapIds(json, hexToBase64);
    const message = ExportTraceServiceRequest.decode(ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(asProto)).finish());
    expect(ExportTraceServiceRequest.verify(message)).toBeNull();
    const back = mapIds(ExportTraceServiceRequest.toObject(message, { longs: String, enums: Number, bytes: String, defaults: false }), base64ToHex);
    // A misspelled or misplaced field would be dropped by fromObject and missing here.
    expect(withoutDefaults(back)).toEqual(withoutDefaults(json));
  });

  it('has one trace per interaction: invoke_agent, a chat span per round-trip (retries included) and execute_tool under the round-trip that asked', () => {
    const { spans } = exported(false);
    expect(spans.map((span) => span.name)).toEqual(['invoke_agent Loopscope', `chat ${MODEL}`, `chat ${MODEL}`, `chat ${MODEL}`, 'execute_tool read_file']);
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    expect(byId.size).toBe(spans.length);
    const [root, first, , , tool] = spans;
    expect(root!.parentSpanId).toBeUndefined();
    for (const span of spans.slice(1)) {
      const parent = byId.get(span.parentSpanId ?? '');
      expect(parent, `${span.name} has its parent in the file`).toBeDefined();
      expect(BigInt(span.startTimeUnixNano) >= BigInt(parent!.startTimeUnixNano)).toBe(true);
      expect(BigInt(span.endTimeUnixNano) <= BigInt(parent!.endTimeUnixNano)).toBe(true);
      expect(BigInt(span.startTimeUnixNano) <= BigInt(span.endTimeUnixNano)).toBe(true);
    }
    expect(tool!.parentSpanId).toBe(first!.spanId);
    expect(root!.startTimeUnixNano).toBe(`${T}000000`);
  });

  it('names attributes with the semantic conventions constants, and an error as the span status', () => {
    const { spans } = exported(false);
    const [root, first, failed, retried, tool] = spans;
    expect(attribute(root!, incubating.ATTR_GEN_AI_OPERATION_NAME)?.stringValue).toBe(incubating.GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT);
    expect(attribute(root!, incubating.ATTR_GEN_AI_CONVERSATION_ID)?.stringValue).toBe('s1');
    expect(attribute(root!, incubating.ATTR_GEN_AI_USAGE_INPUT_TOKENS)?.intValue).toBe(2700);
    expect(attribute(root!, SemanticConventions.OPENINFERENCE_SPAN_KIND)?.stringValue).toBe('AGENT');
    expect(attribute(first!, incubating.ATTR_GEN_AI_OPERATION_NAME)?.stringValue).toBe(incubating.GEN_AI_OPERATION_NAME_VALUE_CHAT);
    expect(attribute(first!, incubating.ATTR_GEN_AI_PROVIDER_NAME)?.stringValue).toBe(incubating.GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI);
    expect(attribute(first!, incubating.ATTR_GEN_AI_REQUEST_MODEL)?.stringValue).toBe(MODEL);
    expect(attribute(first!, incubating.ATTR_GEN_AI_USAGE_INPUT_TOKENS)?.intValue).toBe(1200);
    expect(attribute(first!, incubating.ATTR_GEN_AI_USAGE_OUTPUT_TOKENS)?.intValue).toBe(20);
    expect(attribute(first!, SemanticConventions.OPENINFERENCE_SPAN_KIND)?.stringValue).toBe('LLM');
    expect(failed!.status).toEqual({ code: 2, message: 'The model is busy (429).' });
    expect(attribute(failed!, 'error.type')?.stringValue).toBe('rate-limit');
    expect(root!.events.map((event) => event.name)).toEqual(['retry']);
    expect(retried!.events.map((event) => event.name)).toEqual(['gen_ai.response.end', 'loop_detected']);
    expect(attribute(tool!, incubating.ATTR_GEN_AI_TOOL_NAME)?.stringValue).toBe('read_file');
    expect(attribute(tool!, incubating.ATTR_GEN_AI_TOOL_CALL_ID)?.stringValue).toBe('call-1');
    expect(attribute(tool!, SemanticConventions.OPENINFERENCE_SPAN_KIND)?.stringValue).toBe('TOOL');
    expect(tool!.events.map((event) => event.name)).toEqual(['validating', 'awaiting_approval', 'executing', 'success']);
    const hookRun = first!.events.find((event) => event.name === 'hook_run') as { attributes: OtlpSpan['attributes'] } | undefined;
    expect(hookRun?.attributes).toEqual([
      { key: 'loopscope.hook.name', value: { stringValue: 'after_edit' } },
      { key: 'loopscope.hook.duration_ms', value: { intValue: 35 } },
      { key: 'loopscope.hook.exit_code', value: { intValue: 2 } },
    ]);
    const known = new Set(([...Object.values(incubating), ...Object.values(SemanticConventions)] as unknown[]).filter((value): value is string => typeof value === 'string'));
    for (const span of spans) {
      for (const { key } of span.attributes) expect(known.has(key) || key.startsWith('loopscope.'), key).toBe(true);
    }
  });

  it('holds no message text unless Include messages is ticked, and then the conversation in the GenAI message shape', () => {
    const without = exported(false).text;
    for (const secret of [SECRET_PROMPT, SECRET_FILE, SECRET_REPLY, 'You are a coding agent.', 'src/parse.ts"}']) expect(without).not.toContain(secret);
    const { text, spans } = exported(true);
    for (const secret of [SECRET_PROMPT, SECRET_FILE, SECRET_REPLY]) expect(text).toContain(secret.replaceAll('"', '\\"'));
    const retried = spans[3]!;
    expect(JSON.parse(attribute(retried, incubating.ATTR_GEN_AI_OUTPUT_MESSAGES)!.stringValue!)).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: SECRET_REPLY }], finish_reason: 'stop' }]);
    const input = JSON.parse(attribute(retried, incubating.ATTR_GEN_AI_INPUT_MESSAGES)!.stringValue!) as { role: string }[];
    expect(input.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    const tool = spans[4]!;
    expect(JSON.parse(attribute(tool, incubating.ATTR_GEN_AI_TOOL_CALL_ARGUMENTS)!.stringValue!)).toEqual({ file_path: 'src/parse.ts' });
    expect(JSON.parse(attribute(tool, incubating.ATTR_GEN_AI_TOOL_CALL_RESULT)!.stringValue!)).toEqual({ output: SECRET_FILE });
  });

  it('gives the same ids every time, so an interaction sent again is the same trace', () => {
    expect(exported(false).text).toBe(exported(false).text);
    const only = traceSpans(source, { includeMessages: false, interactions: new Set(['other']) });
    expect(only).toEqual([]);
  });
});
