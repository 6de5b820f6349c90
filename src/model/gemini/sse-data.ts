/**
 * The data of each server-sent event in a text stream, by the WHATWG rules (lines end with
 * CRLF, LF or CR; `:` starts a comment; `data` lines of one event are joined with LF; a blank
 * line ends the event; an event without a `data` line is not dispatched). Other fields
 * (`event`, `id`, `retry`) mean nothing to a model stream and are skipped.
 *
 * Written for the model's stream, where a read can hold thousands of events: lines are found
 * with `indexOf`, not a character at a time, so a megabyte of events costs a few milliseconds.
 */

export interface SseDataParser {
  /** Any piece of the stream's text; events complete in it are passed to `onData` in order. */
  feed(text: string): void;
  /** The stream ended: true if an event with data had not ended (it was cut off; it is dropped). */
  end(): boolean;
  /** True between events: no line or event has begun since the last one ended. */
  atBoundary(): boolean;
}

const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;

export function createSseDataParser(onData: (data: string) => void): SseDataParser {
  /** The start of a line whose end has not arrived yet. */
  let partial = '';
  /** The `data` values of the event being read; null before its first `data` line. */
  let data: string[] | null = null;
  /** The last piece ended with CR: an LF starting the next one belongs to that line end. */
  let afterCr = false;

  const line = (text: string) => {
    if (text.length === 0) {
      if (data === null) return;
      const lines = data;
      data = null;
      onData(lines.length === 1 ? lines[0]! : lines.join('\n'));
      return;
    }
    if (text.charCodeAt(0) === COLON) return;
    const colon = text.indexOf(':');
    if ((colon < 0 ? text : text.slice(0, colon)) !== 'data') return;
    let start = colon < 0 ? text.length : colon + 1;
    if (text.charCodeAt(start) === SPACE) start += 1;
    (data ??= []).push(text.slice(start));
  };

  return {
    feed(text) {
      let position = 0;
      if (afterCr && text.charCodeAt(0) === LF) position = 1;
      afterCr = false;
      // Positions of the next CR and LF, searched again only once passed (-1: none left).
      let cr = text.indexOf('\r', position);
      let lf = text.indexOf('\n', position);
      while (cr >= 0 || lf >= 0) {
        const end = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
        const piece = text.slice(position, end);
        const whole = partial.length > 0 ? partial + piece : piece;
        partial = '';
        position = end + 1;
        if (text.charCodeAt(end) === CR) {
          if (position === text.length) afterCr = true;
          else if (text.charCodeAt(position) === LF) position += 1;
        }
        line(whole);
        if (cr >= 0 && cr < position) cr = text.indexOf('\r', position);
        if (lf >= 0 && lf < position) lf = text.indexOf('\n', position);
      }
      if (position < text.length) partial += text.slice(position);
    },
    atBoundary: () => partial.length === 0 && data === null,
    end() {
      if (partial.length > 0) line(partial);
      partial = '';
      const cutOff = data !== null;
      data = null;
      return cutOff;
    },
  };
}
