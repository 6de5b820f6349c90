import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.mjs';
import { plainHttpProblem, plainHttpRefusal, requestAddress, requestUrl } from './plain-http';

describe('plain http only to this computer', () => {
  it('allows https anywhere and http to localhost, 127.0.0.1 and [::1]; refuses http elsewhere, naming the rule', () => {
    for (const ok of ['https://example.com/', 'https://192.168.1.5/', 'http://localhost:8080/', 'http://127.0.0.1/', 'http://[::1]:3001/mcp', 'http://LOCALHOST/']) expect(plainHttpRefusal(new URL(ok))).toBeNull();
    expect(plainHttpRefusal(new URL('http://192.168.1.20:3001/mcp'))).toBe('Plain http is allowed only to this computer (localhost, 127.0.0.1, [::1]); use https:// for 192.168.1.20:3001.');
    expect(plainHttpProblem(' http://ollama.lan:11434/v1 ')).toMatch(/^Plain http is allowed only to this computer .*use https:\/\/ for ollama\.lan:11434\.$/);
    expect(plainHttpProblem('not a url')).toBeNull();
  });

  it('requests plain http to [::1] as localhost, same port, path and query; any other address unchanged', () => {
    expect(requestUrl(new URL('http://[::1]:3001/mcp?x=1#h')).href).toBe('http://localhost:3001/mcp?x=1#h');
    expect(requestAddress('http://[::1]:11434/v1')).toBe('http://localhost:11434/v1');
    expect(requestAddress('http://[::1]:4318/v1/traces')).toBe('http://localhost:4318/v1/traces');
    for (const same of ['https://[::1]:8443/', 'http://127.0.0.1:3001/mcp', 'https://example.com', ' http://localhost:1/ ', 'nonsense']) expect(requestAddress(same)).toBe(same);
    const v4 = new URL('http://127.0.0.1:9/');
    expect(requestUrl(v4)).toBe(v4);
  });

  it("is the page's CSP too: connect-src names plain http to localhost and 127.0.0.1 only", () => {
    const connect = securityHeaders['Content-Security-Policy']!.split('; ').find((directive) => directive.startsWith('connect-src'))!;
    const sources = connect.split(' ').slice(1);
    expect(sources.filter((source) => source.startsWith('http:') || source.startsWith('http://'))).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
    expect(sources).not.toContain('*');
  });
});
