/**
 * One Preview frame, driven from the app: it loads a page into the frame, keeps the page's
 * console since it last loaded, asks the frame's runtime (frame-runtime.ts) to act, answers the
 * page's fetches of workspace files, and hears what the person picked.
 *
 * The page's code runs in the frame and may say anything: messages are taken only from this
 * frame's window, checked for shape, and what they carry is the page's word (a tool result for
 * the model, an attachment the person sees), never an instruction to the app.
 *
 * Isolation is checked, not assumed: the offline frame's page must have an opaque origin (its
 * response sandboxes it). If the app can reach into the frame's document, the page would be
 * the app's own origin, so nothing is sent to it and the Preview says why.
 */
import type { PreviewAnswer, PreviewConsoleEntry, PreviewConsoleLevel, PreviewElement, PreviewShot } from '../../shared/preview';
import { PREVIEW_CONSOLE_MAX, previewFailure } from '../../shared/preview';
import type { WorkspaceContent } from './module-graph';
import { contentTypeOf } from './workspace-urls';

const TAG = 'loopscope-preview';
const LEVELS: ReadonlySet<string> = new Set(['log', 'info', 'warn', 'error', 'debug', 'uncaught']);

export interface PickedElement {
  element: PreviewElement;
  /** The element and its surroundings, outlined; absent when the page could not be drawn. */
  crop: Omit<PreviewShot, 'page'> | null;
  page: string;
}

export interface PreviewDriverListener {
  /** The page asked to open another workspace page (a link). */
  navigate?(path: string): void;
  picked?(pick: PickedElement): void;
  pickEnded?(): void;
  /** The page loaded (`load` fired), or the frame refused to run it (`refused`). */
  status?(status: PreviewStatus): void;
}

export type PreviewStatus = { state: 'loading' } | { state: 'loaded'; title: string } | { state: 'refused'; message: string };

interface Pending {
  resolve(answer: PreviewAnswer<unknown>): void;
}

export class PreviewDriver {
  private frame: HTMLIFrameElement | null = null;
  private html: string | null = null;
  private files: ReadonlyMap<string, WorkspaceContent> = new Map();
  private entries: PreviewConsoleEntry[] = [];
  private dropped = 0;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private markLoaded: () => void = () => undefined;
  /** Pending until the page loads; a new one for each load. */
  private loadedAt: Promise<void> = new Promise((resolve) => (this.markLoaded = resolve));
  /** Whether the frame holds a page that runs the runtime (offline page, or a server page that has one). */
  page: string | null = null;
  status: PreviewStatus = { state: 'loading' };

  constructor(private readonly listener: PreviewDriverListener = {}) {
    window.addEventListener('message', this.onMessage);
  }

  dispose(): void {
    window.removeEventListener('message', this.onMessage);
    for (const pending of this.pending.values()) pending.resolve(previewFailure('no-page', 'The Preview was closed.'));
    this.pending.clear();
  }

  /** The frame's element, once mounted (and again after each remount). */
  attach(frame: HTMLIFrameElement | null): void {
    this.frame = frame;
  }

  /**
   * A page is about to load in the frame: `html` for the offline frame (sent when it says it is
   * ready), null for a server's page. The console starts afresh.
   */
  loading(page: string, html: string | null, files: ReadonlyMap<string, WorkspaceContent>): void {
    this.page = page;
    this.html = html;
    this.files = files;
    this.entries = [];
    this.dropped = 0;
    this.setStatus({ state: 'loading' });
    for (const pending of this.pending.values()) pending.resolve(previewFailure('no-page', 'The page reloaded before it answered; ask again.'));
    this.pending.clear();
    this.markLoaded();
    this.loadedAt = new Promise((resolve) => (this.markLoaded = resolve));
  }

  /** Resolves once the page now loading has loaded, or a newer load began (look at `status` again). */
  whenLoaded(): Promise<void> {
    return this.loadedAt;
  }

  console(): { page: string; entries: PreviewConsoleEntry[]; dropped: number } {
    return { page: this.page ?? '', entries: [...this.entries], dropped: this.dropped };
  }

  /** Asks the page's runtime; resolves with its answer, or a failure after `timeoutMs` or on abort. */
  command<T>(op: string, args: Record<string, unknown>, signal: AbortSignal, timeoutMs: number): Promise<PreviewAnswer<T>> {
    const target = this.frame?.contentWindow;
    if (!target || this.status.state !== 'loaded') return Promise.resolve(previewFailure('no-page', this.status.state === 'refused' ? this.status.message : 'The Preview has no page loaded yet.'));
    const id = this.nextId++;
    return new Promise<PreviewAnswer<T>>((resolve) => {
      const done = (answer: PreviewAnswer<unknown>) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.pending.delete(id);
        resolve(answer as PreviewAnswer<T>);
      };
      const onAbort = () => done(previewFailure('cancelled', 'Cancelled.'));
      const timer = setTimeout(() => done(previewFailure('timeout', `The page did not answer within ${Math.round(timeoutMs / 1000)} s (a script may be busy, or the page is still loading).`)), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, { resolve: done });
      target.postMessage({ source: TAG, type: 'command', id, op, args }, '*');
    });
  }

  setPicking(on: boolean): void {
    this.frame?.contentWindow?.postMessage({ source: TAG, type: 'pick', on }, '*');
  }

  private setStatus(status: PreviewStatus): void {
    this.status = status;
    this.listener.status?.(status);
  }

  private record(entry: PreviewConsoleEntry): void {
    this.entries.push(entry);
    if (this.entries.length > PREVIEW_CONSOLE_MAX) {
      this.entries.shift();
      this.dropped++;
    }
  }

  private readonly onMessage = (event: MessageEvent): void => {
    const frame = this.frame;
    if (!frame || event.source !== frame.contentWindow) return;
    const data = event.data as Record<string, unknown> | null;
    if (!data || typeof data !== 'object' || data['source'] !== TAG) return;
    switch (data['type']) {
      case 'ready': {
        if (this.html === null) return;
        // Reachable from here means same origin as the app: the page's scripts could reach its storage.
        let reachable = false;
        try {
          reachable = frame.contentDocument !== null;
        } catch {
          reachable = false;
        }
        if (reachable) {
          this.setStatus({ state: 'refused', message: 'The Preview did not run the page: its frame is not isolated from Loopscope (the server sent preview-frame.html without its sandbox header). Serve Loopscope with npm start, or reload once its service worker is installed.' });
          return;
        }
        frame.contentWindow?.postMessage({ source: TAG, type: 'document', html: this.html }, '*');
        return;
      }
      case 'loaded':
        this.setStatus({ state: 'loaded', title: typeof data['title'] === 'string' ? data['title'].slice(0, 200) : '' });
        this.markLoaded();
        return;
      case 'console': {
        const entry = data['entry'] as Record<string, unknown> | undefined;
        if (!entry || typeof entry['text'] !== 'string' || !LEVELS.has(String(entry['level']))) return;
        this.record({ level: entry['level'] as PreviewConsoleLevel, text: entry['text'].slice(0, 2000), at: typeof entry['at'] === 'number' ? entry['at'] : 0 });
        return;
      }
      case 'result': {
        const id = data['id'];
        const answer = data['answer'] as PreviewAnswer<unknown> | undefined;
        if (typeof id !== 'number' || !answer || typeof answer !== 'object') return;
        this.pending.get(id)?.resolve(answer.ok === true || answer.ok === false ? answer : previewFailure('failed', 'The page gave an answer Loopscope does not understand.'));
        return;
      }
      case 'fetch': {
        const id = data['id'];
        const path = data['path'];
        if (typeof id !== 'number' || typeof path !== 'string') return;
        const content = this.files.get(path);
        const target = frame.contentWindow;
        if (content === undefined) {
          target?.postMessage({ source: TAG, type: 'fetched', id, ok: false, message: `No file ${path} in the workspace.` }, '*');
          return;
        }
        const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content.slice();
        target?.postMessage({ source: TAG, type: 'fetched', id, ok: true, body: bytes.buffer, contentType: contentTypeOf(path) }, '*', [bytes.buffer]);
        return;
      }
      case 'navigate':
        if (typeof data['path'] === 'string' && this.files.has(data['path'])) this.listener.navigate?.(data['path']);
        return;
      case 'picked': {
        const element = data['element'] as PreviewElement | undefined;
        if (!element || typeof element.selector !== 'string') return;
        const crop = data['crop'] as PickedElement['crop'];
        this.listener.picked?.({ element, crop: crop && typeof crop.data === 'string' ? crop : null, page: this.page ?? '' });
        return;
      }
      case 'pick-ended':
        this.listener.pickEnded?.();
        return;
    }
  };
}
