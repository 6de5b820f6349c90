/**
 * The script that runs first in the Preview's page, inside its opaque-origin frame. It is
 * written here as one self-contained function and given to the page as source text
 * (`frameRuntimeSource`): it may not refer to anything outside itself.
 *
 * It reports the page's console and uncaught errors, answers the preview tools' commands
 * (query, click, type, screenshot), serves the page's `fetch` of workspace files through the app
 * (which holds them), follows links to other workspace pages, and runs *Pick an element*.
 * Every message to the app is tagged `loopscope-preview`; the app checks that it came from this
 * frame, and treats what it says as the page's word, never as the app's.
 */

/** What the runtime needs to know of the page it runs in. */
export interface FrameRuntimeConfig {
  /** The workspace path of the page, e.g. `index.html`. */
  entry: string;
  /** Origin of the page's base address (workspace-urls.ts). */
  workspaceOrigin: string;
  textMax: number;
  queryMax: number;
}

/* eslint-disable */
// Runs in the page's frame, not in the app: DOM code without the app's imports.
function frameRuntime(config: FrameRuntimeConfig, screenshotLibrary: { toCanvas(node: HTMLElement, options: object): Promise<HTMLCanvasElement> }): void {
  const TAG = 'loopscope-preview';
  const started = performance.now();
  const post = (message: Record<string, unknown>, transfer?: Transferable[]) => parent.postMessage({ source: TAG, ...message }, '*', transfer ?? []);
  const clip = (text: string, max = config.textMax) => (text.length > max ? `${text.slice(0, max)}…` : text);

  // --- Console and uncaught errors ---
  const show = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.stack && value.stack.includes(value.message) ? value.stack : `${value.name}: ${value.message}`;
    if (value instanceof Element) return `<${value.tagName.toLowerCase()}${value.id ? `#${value.id}` : ''}>`;
    try {
      const json = JSON.stringify(value);
      return json === undefined ? String(value) : json;
    } catch {
      return String(value);
    }
  };
  /** The page's console as the runtime saw it, for "what an action logged" (the app keeps its own copy). */
  const logged: { level: string; text: string; at: number }[] = [];
  const report = (level: string, parts: unknown[]) => {
    const entry = { level, text: clip(parts.map(show).join(' '), 2000), at: Math.round(performance.now() - started) };
    logged.push(entry);
    if (logged.length > 200) logged.shift();
    post({ type: 'console', entry });
  };
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    console[level] = (...parts: unknown[]) => {
      report(level, parts);
      original(...parts);
    };
  }
  window.addEventListener('error', (event) => {
    const target = event.target as Element | null;
    if (target && target !== (window as unknown) && 'tagName' in target) {
      const address = target.getAttribute('src') ?? target.getAttribute('href') ?? '';
      report('error', [`Failed to load <${target.tagName.toLowerCase()}> ${address.startsWith('data:') ? '(inline)' : address}`]);
      return;
    }
    const where = event.filename && !event.filename.startsWith('data:') ? ` (${event.filename}:${event.lineno})` : event.lineno ? ` (line ${event.lineno})` : '';
    report('uncaught', [`${event.error instanceof Error ? show(event.error) : event.message}${where}`]);
  }, true);
  window.addEventListener('unhandledrejection', (event) => report('uncaught', [`Unhandled promise rejection: ${show(event.reason)}`]));

  // --- Workspace files the page fetches, answered by the app ---
  const pending = new Map<number, (reply: { ok: boolean; body?: ArrayBuffer; type?: string; message?: string }) => void>();
  let nextId = 1;
  const workspacePath = (address: string): string | null => {
    try {
      const url = new URL(address, document.baseURI);
      if (url.origin !== config.workspaceOrigin) return null;
      const path = decodeURIComponent(url.pathname).replace(/^\/+/, '');
      return path === '' || path.endsWith('/') ? `${path}index.html` : path;
    } catch {
      return null;
    }
  };
  const readFile = (path: string) =>
    new Promise<{ ok: boolean; body?: ArrayBuffer; type?: string; message?: string }>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      post({ type: 'fetch', id, path });
    });
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = workspacePath(address);
    if (path === null) return realFetch(input, init);
    const reply = await readFile(path);
    if (!reply.ok) return new Response(reply.message ?? 'Not found', { status: 404, statusText: 'Not Found', headers: { 'content-type': 'text/plain' } });
    return new Response(reply.body ?? null, { status: 200, headers: { 'content-type': reply.type ?? 'application/octet-stream' } });
  };
  // Images and media a script points at a workspace file after the page was built.
  const blobs = new Map<string, Promise<string | null>>();
  const blobOf = (path: string) => {
    let made = blobs.get(path);
    if (!made) blobs.set(path, (made = readFile(path).then((reply) => (reply.ok && reply.body ? URL.createObjectURL(new Blob([reply.body], { type: reply.type ?? '' })) : null))));
    return made;
  };
  const resolveMedia = (element: Element) => {
    const raw = element.getAttribute('src');
    if (!raw || /^(data|blob):/.test(raw)) return;
    const path = workspacePath(raw);
    if (path) void blobOf(path).then((url) => url && element.getAttribute('src') === raw && element.setAttribute('src', url));
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') resolveMedia(record.target as Element);
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        if (node.matches('img,audio,video,source')) resolveMedia(node);
        node.querySelectorAll?.('img,audio,video,source').forEach(resolveMedia);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });

  // --- Links to other workspace pages open in the Preview ---
  window.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!link || link.getAttribute('target') === '_blank') return;
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith('#')) return;
    const path = workspacePath(href);
    if (path === null) return;
    event.preventDefault();
    post({ type: 'navigate', path });
  });

  // --- Elements as the tools and the picker describe them ---
  const selectorOf = (element: Element): string => {
    const parts: string[] = [];
    let node: Element | null = element;
    while (node && node !== document.documentElement) {
      if (node.id && document.querySelectorAll(`#${CSS.escape(node.id)}`).length === 1) {
        parts.unshift(`#${CSS.escape(node.id)}`);
        return parts.join(' > ');
      }
      const tag = node.tagName.toLowerCase();
      const parentNode: Element | null = node.parentElement;
      const siblings = parentNode ? Array.from(parentNode.children).filter((child) => child.tagName === node!.tagName) : [];
      parts.unshift(siblings.length > 1 ? `${tag}:nth-of-type(${siblings.indexOf(node) + 1})` : tag);
      node = parentNode;
    }
    return parts.join(' > ') || 'html';
  };
  const describe = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const attributes: Record<string, string> = {};
    for (const attribute of Array.from(element.attributes).slice(0, 12)) attributes[attribute.name] = clip(attribute.value, 200);
    const style = getComputedStyle(element);
    const described: Record<string, unknown> = {
      selector: selectorOf(element),
      tag: element.tagName.toLowerCase(),
      text: clip(((element as HTMLElement).innerText ?? element.textContent ?? '').replace(/\s+/g, ' ').trim()),
      attributes,
      box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
      visible: rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.display !== 'none',
    };
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) described.value = clip(element.value, 200);
    return described;
  };
  const failure = (kind: string, message: string) => ({ ok: false, error: { kind, message } });
  const find = (selector: string): { element?: Element; error?: ReturnType<typeof failure> } => {
    try {
      const element = document.querySelector(selector);
      return element ? { element } : { error: failure('no-match', `No element of ${config.entry} matches ${selector}.`) };
    } catch {
      return { error: failure('bad-selector', `${selector} is not a valid CSS selector.`) };
    }
  };
  /** After an action: the next frames and a moment, so what it logged is in the answer. */
  const settle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 150)));
  const consoleSince = (from: number, entries: { at: number }[]) => entries.filter((entry) => entry.at >= from);

  const capture = async (): Promise<HTMLCanvasElement> => {
    const root = document.documentElement;
    const height = Math.min(Math.max(root.scrollHeight, innerHeight), 4 * Math.max(innerWidth, 320), 4096);
    return screenshotLibrary.toCanvas(root, { width: innerWidth, height, pixelRatio: 1, backgroundColor: getComputedStyle(document.body ?? root).backgroundColor === 'rgba(0, 0, 0, 0)' ? '#ffffff' : undefined, cacheBust: false });
  };
  const pngOf = (canvas: HTMLCanvasElement) => ({ mimeType: 'image/png', data: canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, ''), width: canvas.width, height: canvas.height });

  const commands: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = {
    query: async (args) => {
      const selector = String(args.selector);
      let all: Element[];
      try {
        all = Array.from(document.querySelectorAll(selector));
      } catch {
        return failure('bad-selector', `${selector} is not a valid CSS selector.`);
      }
      if (all.length === 0) return failure('no-match', `No element of ${config.entry} matches ${selector}.`);
      return { ok: true, value: { page: config.entry, count: all.length, elements: all.slice(0, config.queryMax).map(describe) } };
    },
    click: async (args) => {
      const found = find(String(args.selector));
      if (!found.element) return found.error;
      const element = found.element as HTMLElement;
      const from = Math.round(performance.now() - started);
      element.scrollIntoView?.({ block: 'center', inline: 'center' });
      const rect = element.getBoundingClientRect();
      const at = { bubbles: true, cancelable: true, composed: true, clientX: rect.x + rect.width / 2, clientY: rect.y + rect.height / 2, button: 0 };
      element.dispatchEvent(new PointerEvent('pointerdown', at));
      element.dispatchEvent(new MouseEvent('mousedown', at));
      element.focus?.();
      element.dispatchEvent(new PointerEvent('pointerup', at));
      element.dispatchEvent(new MouseEvent('mouseup', at));
      element.click();
      await settle();
      return { ok: true, value: { page: config.entry, element: describe(element), console: consoleSince(from, logged) } };
    },
    type: async (args) => {
      const found = find(String(args.selector));
      if (!found.element) return found.error;
      const element = found.element as HTMLElement;
      const text = String(args.text);
      const from = Math.round(performance.now() - started);
      element.focus?.();
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
        // The prototype's setter, so a framework that wraps `value` (React) sees the change.
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
        setter ? setter.call(element, text) : (element.value = text);
      } else if (element.isContentEditable) {
        element.textContent = text;
      } else {
        return failure('failed', `${String(args.selector)} is a <${element.tagName.toLowerCase()}>, which takes no typing: choose an input, a text area or an editable element.`);
      }
      element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
      await settle();
      return { ok: true, value: { page: config.entry, element: describe(element), console: consoleSince(from, logged) } };
    },
    screenshot: async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { ok: true, value: { page: config.entry, ...pngOf(await capture()) } };
    },
  };

  // --- Pick an element ---
  let picking = false;
  let outline: HTMLDivElement | null = null;
  let hovered: Element | null = null;
  const place = (element: Element | null) => {
    hovered = element;
    if (!outline || !element) return;
    const rect = element.getBoundingClientRect();
    Object.assign(outline.style, { display: 'block', left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.width}px`, height: `${rect.height}px` });
  };
  const stopPicking = (tell: boolean) => {
    if (!picking) return;
    picking = false;
    outline?.remove();
    outline = null;
    if (tell) post({ type: 'pick-ended' });
  };
  const pick = async (element: Element) => {
    stopPicking(false);
    const described = describe(element);
    let crop: unknown = null;
    try {
      const page = await capture();
      const box = described.box as { x: number; y: number; width: number; height: number };
      const margin = 24;
      const left = Math.max(0, Math.floor(box.x + scrollX - margin));
      const top = Math.max(0, Math.floor(box.y + scrollY - margin));
      const width = Math.max(1, Math.min(page.width - left, Math.ceil(box.width + 2 * margin)));
      const height = Math.max(1, Math.min(page.height - top, Math.ceil(box.height + 2 * margin)));
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.drawImage(page, left, top, width, height, 0, 0, width, height);
      context.strokeStyle = '#d9480f';
      context.lineWidth = 3;
      context.strokeRect(box.x + scrollX - left, box.y + scrollY - top, box.width, box.height);
      crop = pngOf(canvas);
    } catch (error) {
      report('debug', [`Pick an element: no image of the element (${show(error)})`]);
    }
    post({ type: 'picked', element: described, crop });
  };
  const startPicking = () => {
    if (picking) return;
    picking = true;
    outline = document.createElement('div');
    outline.setAttribute('aria-hidden', 'true');
    Object.assign(outline.style, { position: 'fixed', zIndex: '2147483647', pointerEvents: 'none', border: '2px solid #d9480f', background: 'rgba(217, 72, 15, 0.12)', display: 'none', boxSizing: 'border-box' });
    document.documentElement.appendChild(outline);
    if (document.activeElement && document.activeElement !== document.body) place(document.activeElement);
  };
  window.addEventListener('mousemove', (event) => picking && place(event.target as Element), true);
  window.addEventListener('focusin', (event) => picking && place(event.target as Element), true);
  for (const type of ['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'click']) {
    window.addEventListener(type, (event) => {
      if (!picking) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (type === 'click' && event.target instanceof Element) void pick(event.target);
    }, true);
  }
  window.addEventListener('keydown', (event) => {
    if (!picking) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopImmediatePropagation();
      stopPicking(true);
    } else if (event.key === 'Enter' && hovered) {
      event.preventDefault();
      event.stopImmediatePropagation();
      void pick(hovered);
    }
  }, true);

  // --- Commands from the app ---
  window.addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const data = event.data as { source?: string; type?: string; id?: number; op?: string; args?: Record<string, unknown>; on?: boolean; ok?: boolean; body?: ArrayBuffer; contentType?: string; message?: string };
    if (!data || data.source !== TAG) return;
    if (data.type === 'fetched' && typeof data.id === 'number') {
      pending.get(data.id)?.({ ok: data.ok === true, body: data.body, type: data.contentType, message: data.message });
      pending.delete(data.id);
    } else if (data.type === 'pick') {
      data.on ? startPicking() : stopPicking(false);
    } else if (data.type === 'command' && typeof data.id === 'number' && data.op && commands[data.op]) {
      const id = data.id;
      commands[data.op]!(data.args ?? {}).then(
        (answer) => post({ type: 'result', id, answer }),
        (error) => post({ type: 'result', id, answer: failure('failed', show(error)) }),
      );
    }
  });
  window.addEventListener('load', () => post({ type: 'loaded', title: document.title }));
}
/* eslint-enable */

/**
 * The runtime as source text for the page: the screenshot library (html-to-image's UMD build,
 * given its own `exports`, so it leaves the page's globals alone) and then the runtime.
 */
export function frameRuntimeSource(config: FrameRuntimeConfig, screenshotLibrarySource: string): string {
  return `(function(){var exports={},module={exports:exports};${screenshotLibrarySource}\n;(${frameRuntime.toString()})(${JSON.stringify(config)},module.exports);})();`;
}
