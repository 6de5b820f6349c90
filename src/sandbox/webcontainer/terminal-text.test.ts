import { describe, expect, it } from 'vitest';
import { terminalToText } from './terminal-text';

describe('terminalToText', () => {
  it('turns CRLF into LF', () => {
    expect(terminalToText('a\r\nb\r\n')).toBe('a\nb\n');
  });

  it('removes colors, cursor moves and OSC titles', () => {
    expect(terminalToText('\u001b[32mgreen\u001b[0m \u001b[1;31mred\u001b[m\u001b[2K\u001b[1G!')).toBe('green red!');
    expect(terminalToText('\u001b]0;title\u0007text\u001b]654;interactive\u001b\\')).toBe('text');
  });

  it('keeps what a spinner finally shows on its line', () => {
    expect(terminalToText('⠋ installing\r⠙ installing\rdone\nnext\n')).toBe('done\nnext\n');
  });

  it('leaves plain text alone', () => {
    expect(terminalToText('plain\ttext\n')).toBe('plain\ttext\n');
  });
});
