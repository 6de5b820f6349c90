import { describe, expect, it } from 'vitest';
import { isolationPlan } from './isolation';
import type { PageFacts } from './isolation';

const firstVisitOnAPlainHost: PageFacts = { isolated: false, serviceWorkers: true, controlled: false, reloadedForIsolation: false };

describe('isolation before the app mounts', () => {
  it('a first visit to a host without the headers installs the worker and reloads once', () => {
    expect(isolationPlan(firstVisitOnAPlainHost)).toBe('install-then-reload');
  });

  it('a page that is isolated already mounts at once (npm start, or the worker answered it)', () => {
    expect(isolationPlan({ ...firstVisitOnAPlainHost, isolated: true })).toBe('mount');
    expect(isolationPlan({ ...firstVisitOnAPlainHost, isolated: true, controlled: true })).toBe('mount');
  });

  it('never reloads a second time: the reload made for isolation mounts whatever came of it', () => {
    expect(isolationPlan({ ...firstVisitOnAPlainHost, reloadedForIsolation: true })).toBe('mount');
  });

  it('mounts without isolation where there are no service workers, or where the worker answered and it did not help', () => {
    expect(isolationPlan({ ...firstVisitOnAPlainHost, serviceWorkers: false })).toBe('mount');
    expect(isolationPlan({ ...firstVisitOnAPlainHost, controlled: true })).toBe('mount');
  });
});
