import { describe, expect, it } from 'vitest';
import * as incubating from '@opentelemetry/semantic-conventions/incubating';
import { SemanticConventions } from '@arizeai/openinference-semantic-conventions';
import type { Content } from '../shared/content';
import type { RoundTripRecord } from '../store/types';
import { traceSpans } from './trace-spans';
import type { TraceSource } from './trace-types';

const T = 1_764_900_000_000;
const user: Content = { role: 'user', parts: [{ text: 'hi' }] };
const tools = [{ name: 'read_file', description: 'Reads a file.', parametersJsonSchema: { type: 'object' } }];

function record(id: string, model: string, usage: Record<string, number>, at: number): RoundTripRecord {
  return {
    id,
    sessionId: 's1',
    interactionId: 'i1',
    startedAt: at,
    endedAt: at + 100,
    turn: { id: id, attempt: 1 },
    request: { model, systemInstruction: 'You are a coding agent.', tools, contents: [user] },
    response: [{ candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }], usageMetadata: usage, modelVersion: model }],
  };
}

const roundTrips = [
  record('r1', 'gemini-2.5-flash', { promptTokenCount: 2000, candidatesTokenCount: 100, thoughtsTokenCount: 300, cachedContentTokenCount: 1000 }, T),
  record('r2', 'my-local-model', { promptTokenCount: 500, candidatesTokenCount: 50 }, T + 200),
];
const source = (prices?: TraceSource['prices']): TraceSource => ({ session: { id: 's1', title: 'Costs' }, roundTrips, history: [user], ...(prices ? { prices } : {}) });

describe("a trace's costs", () => {
  it('are on each chat span as llm.cost.* in dollars, with the prices counted at and the fixed prefix estimate', () => {
    const [, flash, local] = traceSpans(source(), { includeMessages: false });
    const cost = ((2000 - 1000) * 0.3 + 1000 * 0.03 + 400 * 2.5) / 1e6;
    expect(flash!.attributes[SemanticConventions.LLM_COST_TOTAL]).toBeCloseTo(cost, 12);
    expect(flash!.attributes[SemanticConventions.LLM_COST_PROMPT]).toBeCloseTo((1000 * 0.3 + 1000 * 0.03) / 1e6, 12);
    expect(flash!.attributes[SemanticConventions.LLM_COST_COMPLETION]).toBeCloseTo((400 * 2.5) / 1e6, 12);
    expect(flash!.attributes).toMatchObject({
      'loopscope.price.input_per_million': 0.3,
      'loopscope.price.output_per_million': 2.5,
      'loopscope.price.cached_input_per_million': 0.03,
      'loopscope.price.currency': 'USD',
      [incubating.ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS]: 1000,
    });
    expect(flash!.attributes['loopscope.request.fixed_prefix_tokens']).toBe(Math.ceil((JSON.stringify('You are a coding agent.').length + JSON.stringify(tools).length) / 4));
    // A model nobody priced: tokens, no cost.
    expect(local!.attributes[SemanticConventions.LLM_COST_TOTAL]).toBeUndefined();
    expect(local!.attributes['loopscope.price.input_per_million']).toBeUndefined();
  });

  it("are counted at a shared session's prices, then the person's, and added up on the interaction's span", () => {
    const spans = traceSpans(source({ recorded: { 'my-local-model': { input: 1, output: 10 } }, own: { 'my-local-model': { input: 5, output: 5 }, 'gemini-2.5-flash': { input: 1, output: 1 } } }), { includeMessages: false });
    const [root, flash, local] = spans;
    expect(local!.attributes[SemanticConventions.LLM_COST_TOTAL]).toBeCloseTo((500 * 1 + 50 * 10) / 1e6, 12);
    expect(flash!.attributes[SemanticConventions.LLM_COST_TOTAL]).toBeCloseTo((2000 + 400) / 1e6, 12);
    expect(root!.attributes[SemanticConventions.LLM_COST_TOTAL]).toBeCloseTo((1000 + 2400) / 1e6, 12);
  });
});
