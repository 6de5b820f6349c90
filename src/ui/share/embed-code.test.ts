import { describe, expect, it } from 'vitest';
import { appUrl, embedCode, embedUrl } from './embed-code';

const at = (search: string) => ({ origin: 'https://school.example', pathname: '/loopscope/', search });

describe('embed addresses', () => {
  it('address the player as the app with embed in its query, the session in its fragment, the other query kept', () => {
    expect(embedUrl('session=abc', at(''))).toBe('https://school.example/loopscope/?embed#session=abc');
    expect(embedUrl('#session=abc', at('?sandbox=offline'))).toBe('https://school.example/loopscope/?sandbox=offline&embed#session=abc');
    expect(embedUrl('session=abc', at('?embed&sandbox=offline'))).toBe('https://school.example/loopscope/?sandbox=offline&embed#session=abc');
  });

  it('open the full app from the player: the same address without embed', () => {
    expect(appUrl('session=abc', at('?embed'))).toBe('https://school.example/loopscope/#session=abc');
    expect(appUrl('#session=abc', at('?sandbox=offline&embed'))).toBe('https://school.example/loopscope/?sandbox=offline#session=abc');
  });

  it('write an iframe whose src is the whole address, escaped, and which has an accessible name', () => {
    const code = embedCode('https://school.example/?a=1&embed#session="x"<y>');
    expect(code).toContain('src="https://school.example/?a=1&amp;embed#session=&quot;x&quot;&lt;y&gt;"');
    expect(code).toMatch(/^<iframe [^>]*title="Loopscope session replay"[^>]*><\/iframe>$/);
    expect(code).not.toContain('sandbox=');
  });
});
