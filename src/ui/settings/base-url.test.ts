import { describe, expect, it } from 'vitest';
import { traceEndpointProblem } from '../../shared/traces';
import { validBaseUrl } from './settings-dialog';

const RULE = 'Plain http is allowed only to this computer (localhost, 127.0.0.1, [::1]); use https:// for';

describe('Settings: plain http only to this computer', () => {
  it('the API base URL (the key and the conversation go there)', () => {
    for (const ok of ['https://ollama.example.com/v1', 'http://localhost:11434/v1', 'http://127.0.0.1:8080/v1', 'http://[::1]:11434/v1']) expect(validBaseUrl(ok, true)).toBeNull();
    expect(validBaseUrl('http://192.168.1.5:11434/v1', true)).toBe(`API base URL: ${RULE} 192.168.1.5:11434.`);
    expect(validBaseUrl('http://proxy.lan', false)).toBe(`API base URL: ${RULE} proxy.lan.`);
  });

  it('Send traces to (its headers may hold a key)', () => {
    for (const ok of ['', 'https://cloud.langfuse.com/api/public/otel/v1/traces', 'http://localhost:4318/v1/traces', 'http://[::1]:4318/v1/traces']) expect(traceEndpointProblem(ok)).toBeNull();
    expect(traceEndpointProblem('http://10.0.0.7:4318/v1/traces')).toBe(`Send traces to: ${RULE} 10.0.0.7:4318.`);
  });
});
