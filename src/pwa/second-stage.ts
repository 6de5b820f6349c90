/**
 * The service worker's second stage: the files the install leaves out (Monaco, ~13 MB of the
 * ~17 MB build; scripts/precache-stages.mjs chooses them), cached once the page asks
 * (`CACHE_LATER`, sent when the first session is on screen and the page is idle), and also one
 * by one as the editor fetches them. Kept in a cache named after this version's list, so a new
 * version's files never mix with an old one's; the other versions' caches go when it activates.
 */

export interface StageStatus {
  /** Files of the stage in the cache. */
  cached: number;
  total: number;
}

export interface SecondStage {
  /** Whether `url` (absolute) is a file of the stage. */
  holds(url: string): boolean;
  /** The cached answer for a file of the stage, if it is there yet. */
  match(url: string): Promise<Response | undefined>;
  /** Keeps a good answer fetched for a file of the stage (a copy; the original goes on to the page). */
  keep(url: string, response: Response): Promise<void>;
  /** Caches every file not there yet; calls while it runs share it. A failed file is tried again next time. */
  fill(): Promise<StageStatus>;
  status(): Promise<StageStatus>;
  /** Deletes the second-stage caches of other versions. */
  dropOthers(): Promise<void>;
}

const PREFIX = 'loopscope-second-stage-';
/** Files fetched at once while filling: enough to use the connection, few enough to leave it to the page. */
const PARALLEL = 3;

/** FNV-1a over the list: the cache's name changes with every version's files. */
function nameOf(urls: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of [...urls].sort().join('\n')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${PREFIX}${hash.toString(16).padStart(8, '0')}`;
}

export function createSecondStage(urls: readonly string[], storage: CacheStorage, fetcher: (url: string) => Promise<Response>): SecondStage {
  const files = new Set(urls);
  const name = nameOf(urls);
  const open = () => storage.open(name);
  let filling: Promise<StageStatus> | null = null;

  const status = async (): Promise<StageStatus> => {
    const cache = await open();
    const keys = await cache.keys();
    return { cached: keys.filter((request) => files.has(request.url)).length, total: files.size };
  };

  async function fillOnce(): Promise<StageStatus> {
    const cache = await open();
    const present = new Set((await cache.keys()).map((request) => request.url));
    const missing = [...files].filter((url) => !present.has(url));
    const next = async (): Promise<void> => {
      for (let url = missing.pop(); url !== undefined; url = missing.pop()) {
        try {
          const response = await fetcher(url);
          if (response.ok) await cache.put(url, response);
        } catch {
          // Offline or refused: tried again on the next fill, or fetched when the editor asks.
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, next));
    return status();
  }

  return {
    holds: (url) => files.has(url),
    match: async (url) => (await open()).match(url),
    async keep(url, response) {
      if (!files.has(url) || !response.ok || response.type === 'opaque') return;
      const copy = response.clone(); // now, before the page's copy is read
      await (await open()).put(url, copy).catch(() => undefined);
    },
    fill() {
      filling ??= fillOnce().finally(() => {
        filling = null;
      });
      return filling;
    },
    status,
    async dropOthers() {
      const names = await storage.keys();
      await Promise.all(names.filter((other) => other.startsWith(PREFIX) && other !== name).map((other) => storage.delete(other)));
    },
  };
}
