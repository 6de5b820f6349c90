import { createParser } from 'eventsource-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseDataParser } from './sse-data';

/** Feeds `text` cut at `cuts`; returns the data of each event, and whether one was cut off at the end. */
function parse(text: string, cuts: number[] = []) {
  const events: string[] = [];
  const parser = createSseDataParser((data) => events.push(data));
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  for (const end of [...points, text.length]) {
    parser.feed(text.slice(start, end));
    start = end;
  }
  return { events, cutOff: parser.end() };
}

/** The reference: eventsource-parser (WHATWG rules), with the same end-of-stream check. */
function reference(text: string) {
  const events: string[] = [];
  let ending = false;
  let cutOff = false;
  const parser = createParser({
    onEvent(event) {
      if (ending) cutOff = true;
      else events.push(event.data);
    },
  });
  parser.feed(text);
  ending = true;
  parser.feed('\n\n');
  return { events, cutOff };
}

const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
const field = fc.oneof(
  fc.string({ maxLength: 12 }).map((value) => `data: ${value}`),
  fc.string({ maxLength: 12 }).map((value) => `data:${value}`),
  fc.constant('data'),
  fc.string({ maxLength: 8 }).map((value) => `: ${value}`),
  fc.constantFrom('event: message', 'id: 7', 'retry: 100', 'dat: x', 'data : x', ''),
);
/** Lines of SSE-like text (values without line ends), each with any of the three line ends. */
const sseText = fc
  .array(fc.tuple(field, lineEnd), { maxLength: 16 })
  .map((lines) => lines.map(([text, end]) => text.replace(/[\r\n]/g, '') + end).join(''));

describe('reading server-sent event data', () => {
  it('finds the same events as the WHATWG reference parser for any text, however it is cut', () => {
    fc.assert(
      fc.property(sseText, fc.string({ maxLength: 6 }), fc.array(fc.nat(), { maxLength: 10 }), (text, tail, cuts) => {
        const whole = text + tail.replace(/[\r\n]/g, '');
        expect(parse(whole, cuts)).toEqual(reference(whole));
      }),
      { numRuns: 500 },
    );
  });

  it('joins the data lines of one event with line feeds', () => {
    expect(parse('data: a\ndata:b\ndata\n\n').events).toEqual(['a\nb\n']);
  });

  it('takes a CR at the end of one piece and an LF at the start of the next as one line end', () => {
    expect(parse('data: x\r\n\r\ndata: y\r\n\r\n', [8, 9, 18]).events).toEqual(['x', 'y']);
  });

  it('skips comments, other fields and events without data', () => {
    expect(parse(': ping\n\nevent: a\nid: 1\n\ndata: kept\n\n').events).toEqual(['kept']);
  });

  it('reports an event cut off at the end, and nothing for a trailing comment', () => {
    expect(parse('data: {"whole":1}\n\ndata: {"cut').cutOff).toBe(true);
    expect(parse('data: x\n').cutOff).toBe(true);
    expect(parse('data: x\n\n: bye').cutOff).toBe(false);
  });

  it('reads a megabyte of events in one piece', () => {
    const text = Array.from({ length: 4000 }, (_, index) => `data: {"n":${index}}\r\n\r\n`).join('');
    const { events, cutOff } = parse(text);
    expect(events).toHaveLength(4000);
    expect(events.at(-1)).toBe('{"n":3999}');
    expect(cutOff).toBe(false);
  });

  it('is between events only once an event has ended and nothing of the next has come', () => {
    const parser = createSseDataParser(() => {});
    expect(parser.atBoundary()).toBe(true);
    parser.feed('data: {"a":');
    expect(parser.atBoundary()).toBe(false);
    parser.feed('1}\r\n');
    expect(parser.atBoundary()).toBe(false);
    parser.feed('\r\n');
    expect(parser.atBoundary()).toBe(true);
    parser.feed('da');
    expect(parser.atBoundary()).toBe(false);
  });
});
