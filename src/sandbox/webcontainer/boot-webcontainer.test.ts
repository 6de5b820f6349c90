import { describe, expect, it, vi } from 'vitest';
import type { WebContainerModule } from './boot-webcontainer';
import { bootWebContainer } from './boot-webcontainer';
import type { WebContainerLike } from './webcontainer-like';

function fakeContainer(): WebContainerLike & { teardown: () => void } {
  return {
    workdir: '/home/project',
    fs: {} as WebContainerLike['fs'],
    spawn: () => Promise.reject(new Error('not used')),
    on: () => () => {},
    teardown: vi.fn<() => void>(),
  };
}

function moduleBooting(boot: WebContainerModule['WebContainer']['boot']): () => Promise<WebContainerModule> {
  return async () => ({ WebContainer: { boot } });
}

describe('bootWebContainer', () => {
  it('gives up after timeoutMs when boot never settles, and says the app falls back offline', async () => {
    const started = Date.now();
    const result = await bootWebContainer({ timeoutMs: 80, load: moduleBooting(() => new Promise(() => {})) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('sandbox-boot');
    expect(result.error.message).toMatch(/did not start within 80 ms/);
    expect(result.error.message).toMatch(/falls back to the offline sandbox/);
    // What the fallback can and cannot run, as it is today (node and python3 run on in-browser engines).
    expect(result.error.message).toMatch(/node and python3 work; npm and npx do not/);
  });

  it('also gives up when loading the module itself hangs', async () => {
    const result = await bootWebContainer({ timeoutMs: 50, load: () => new Promise(() => {}) });
    expect(result).toMatchObject({ ok: false, error: { kind: 'sandbox-boot' } });
  });

  it('reports a page without cross-origin isolation at once, without loading anything', async () => {
    const load = vi.fn(moduleBooting(() => new Promise(() => {})));
    const started = Date.now();
    const result = await bootWebContainer({ timeoutMs: 10_000, crossOriginIsolated: false, load });
    // "At once": well before the 10 s timeout (a loaded runner can take a while for anything).
    expect(Date.now() - started).toBeLessThan(1000);
    expect(load).not.toHaveBeenCalled();
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toMatch(/cross-origin-isolated/);
      expect(result.error.message).toMatch(/offline sandbox/);
    }
  });

  it('returns the container, booted with workdirName "project"', async () => {
    const container = fakeContainer();
    const boot = vi.fn(async () => container);
    const result = await bootWebContainer({ timeoutMs: 1000, crossOriginIsolated: true, load: moduleBooting(boot) });
    expect(result).toEqual({ ok: true, container });
    expect(boot).toHaveBeenCalledWith({ workdirName: 'project' });
    expect(container.teardown).not.toHaveBeenCalled();
  });

  it('turns a boot failure into a value', async () => {
    const result = await bootWebContainer({ timeoutMs: 1000, load: moduleBooting(() => Promise.reject(new Error('SharedArrayBuffer is not defined'))) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/SharedArrayBuffer is not defined.*offline sandbox/);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const result = await bootWebContainer({ timeoutMs: 10_000, signal: controller.signal, load: moduleBooting(() => new Promise(() => {})) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/cancelled/);
    const already = await bootWebContainer({ timeoutMs: 10_000, signal: AbortSignal.abort(), load: moduleBooting(() => new Promise(() => {})) });
    expect(already.ok).toBe(false);
  });

  it('tears down a container that boots only after the timeout', async () => {
    const container = fakeContainer();
    let finish: (value: WebContainerLike) => void = () => {};
    const result = await bootWebContainer({ timeoutMs: 20, load: moduleBooting(() => new Promise((resolve) => (finish = resolve))) });
    expect(result.ok).toBe(false);
    finish(container);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.teardown).toHaveBeenCalledTimes(1);
  });

  it('falls back at once, without waiting out the timeout, when the servers cannot be reached', async () => {
    const started = Date.now();
    const result = await bootWebContainer({
      timeoutMs: 10_000,
      load: moduleBooting(() => new Promise(() => {})),
      probe: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/servers cannot be reached \(Failed to fetch; offline\?\).*offline sandbox/);
  });

  it('keeps waiting for the boot when the servers answer', async () => {
    const container = fakeContainer();
    let finish: (value: WebContainerLike) => void = () => {};
    const booting = bootWebContainer({ timeoutMs: 10_000, load: moduleBooting(() => new Promise((resolve) => (finish = resolve))), probe: async () => {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    finish(container);
    expect(await booting).toEqual({ ok: true, container });
  });

  it('a probe that fails after the boot succeeded changes nothing', async () => {
    const container = fakeContainer();
    let failProbe: (error: Error) => void = () => {};
    const result = await bootWebContainer({
      timeoutMs: 10_000,
      load: moduleBooting(async () => container),
      probe: () => new Promise((_resolve, reject) => (failProbe = reject)),
    });
    failProbe(new Error('late'));
    expect(result).toEqual({ ok: true, container });
    expect(container.teardown).not.toHaveBeenCalled();
  });
});
