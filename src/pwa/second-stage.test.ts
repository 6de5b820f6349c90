import { describe, expect, it } from 'vitest';
import { createSecondStage } from './second-stage';

/** A CacheStorage of Maps: enough of the API for the second stage. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (entries: Map<string, Response>) =>
    ({
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      match: async (url: string) => entries.get(url)?.clone(),
      put: async (url: string, response: Response) => void entries.set(url, response),
    }) as unknown as Cache;
  const storage = {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheOf(stores.get(name)!);
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
  return { storage, stores };
}

const urls = ['https://app.test/assets/editor.api-1.js', 'https://app.test/assets/ts.worker-2.js', 'https://app.test/assets/codicon-3.ttf'] as const;

describe("the service worker's second stage", () => {
  it('caches every file of the stage once, and says how far it is', async () => {
    const { storage } = memoryCaches();
    const fetched: string[] = [];
    const stage = createSecondStage(urls, storage, async (url) => (fetched.push(url), new Response(`body of ${url}`)));
    expect(await stage.status()).toEqual({ cached: 0, total: 3 });
    const [first, second] = await Promise.all([stage.fill(), stage.fill()]);
    expect(first).toEqual({ cached: 3, total: 3 });
    expect(second).toEqual(first);
    expect(fetched.sort()).toEqual([...urls].sort());
    await stage.fill();
    expect(fetched).toHaveLength(3);
    expect(await (await stage.match(urls[0]))?.text()).toBe(`body of ${urls[0]}`);
  });

  it('leaves out a file that failed (offline, 404) and tries it again on the next fill', async () => {
    const { storage } = memoryCaches();
    let online = false;
    const stage = createSecondStage(urls, storage, async (url) => {
      if (url.endsWith('.ttf') && !online) throw new TypeError('Failed to fetch');
      return url.includes('ts.worker') && !online ? new Response('missing', { status: 404 }) : new Response('ok');
    });
    expect(await stage.fill()).toEqual({ cached: 1, total: 3 });
    expect(await stage.match(urls[1])).toBeUndefined();
    online = true;
    expect(await stage.fill()).toEqual({ cached: 3, total: 3 });
  });

  it('keeps a file the page fetched before the fill, as a copy, and only files of the stage', async () => {
    const { storage } = memoryCaches();
    const stage = createSecondStage(urls, storage, async () => new Response('from the fill'));
    const response = new Response('fetched for the editor');
    void stage.keep(urls[0], response);
    expect(await response.text()).toBe('fetched for the editor');
    await stage.keep('https://app.test/assets/index-9.js', new Response('not ours'));
    await stage.keep(urls[1], new Response('error', { status: 500 }));
    expect(await stage.status()).toEqual({ cached: 1, total: 3 });
    expect(await (await stage.match(urls[0]))?.text()).toBe('fetched for the editor');
    expect(stage.holds(urls[2])).toBe(true);
    expect(stage.holds('https://app.test/assets/index-9.js')).toBe(false);
  });

  it("drops other versions' stages, and only those", async () => {
    const { storage, stores } = memoryCaches();
    const old = createSecondStage(['https://app.test/assets/editor.api-0.js'], storage, async () => new Response('old'));
    await old.fill();
    await storage.open('workbox-precache-v2-https://app.test/');
    const current = createSecondStage(urls, storage, async () => new Response('new'));
    await current.fill();
    expect(stores.size).toBe(3);
    await current.dropOthers();
    expect([...stores.keys()].filter((name) => name.startsWith('loopscope-second-stage-'))).toHaveLength(1);
    expect(stores.has('workbox-precache-v2-https://app.test/')).toBe(true);
    expect(await current.status()).toEqual({ cached: 3, total: 3 });
  });
});
