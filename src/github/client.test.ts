import { describe, expect, it, vi } from 'vitest';
import { openGitHub } from './client';

describe('openGitHub', () => {
  it('requests an API address on http://[::1] as http://localhost, same port and path (the CSP cannot name [::1])', async () => {
    const asked: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      asked.push(input instanceof Request ? input.url : String(input));
      return new Response('{"login":"me"}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    try {
      const answer = await openGitHub({ apiUrl: 'http://[::1]:3000/api/v3', token: 't' }).request('GET /user');
      expect(answer.ok).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(asked).toEqual(['http://localhost:3000/api/v3/user']);
  });
});
