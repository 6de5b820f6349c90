// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM":{"settings":{"disableJavaScriptFileLoading":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true,"disableJavaScriptEvaluation":true}}}
import { describe, expect, it } from 'vitest';
import { rewriteModule } from './module-graph';
import { buildPreviewDocument, findEntry } from './preview-document';
import { MODULE_PREFIX, workspacePathOf } from './workspace-urls';

const decode = (address: string) => {
  const match = /^data:[^,]*;base64,(.*)$/.exec(address);
  if (!match) throw new Error(`not a base64 data address: ${address.slice(0, 40)}`);
  return new TextDecoder().decode(Uint8Array.from(atob(match[1]!), (char) => char.charCodeAt(0)));
};

/** A document that loads nothing it links (happy-dom's DOMParser would fetch stylesheets). */
const parse = (html: string) => {
  const doc = document.implementation.createHTMLDocument('');
  doc.documentElement.innerHTML = html.replace(/^<!DOCTYPE html>\n?/i, '').replace(/^<html[^>]*>|<\/html>$/gi, '');
  return doc;
};

async function built(files: Record<string, string | Uint8Array>, entry = 'index.html') {
  const document = await buildPreviewDocument(new Map(Object.entries(files)), entry, 'window.__runtime = 1;', parse);
  return { ...document, dom: parse(document.html) };
}

describe('the offline Preview page', () => {
  it('shows index.html first, else the shallowest HTML file', () => {
    expect(findEntry(['a/b/page.html', 'src/app.js', 'index.html'])).toBe('index.html');
    expect(findEntry(['a/b/page.html', 'docs/guide.html', 'x.txt'])).toBe('docs/guide.html');
    expect(findEntry(['x.txt'])).toBeNull();
  });

  it('resolves addresses as a server of the workspace root would, and leaves other sites alone', () => {
    expect(workspacePathOf('app.js', 'site/index.html')).toBe('site/app.js');
    expect(workspacePathOf('../lib/x.js', 'site/index.html')).toBe('lib/x.js');
    expect(workspacePathOf('/img/a%20b.png', 'site/index.html')).toBe('img/a b.png');
    expect(workspacePathOf('./', 'site/index.html')).toBe('site/index.html');
    expect(workspacePathOf('https://example.com/x.js', 'index.html')).toBeNull();
    expect(workspacePathOf('#top', 'index.html')).toBeNull();
  });

  it('runs the runtime first, under a base on the workspace address', async () => {
    const { dom } = await built({ 'index.html': '<html><head><base href="http://elsewhere/"><title>T</title></head><body><p>hi</p></body></html>' });
    const head = Array.from(dom.head.children).map((element) => element.tagName.toLowerCase());
    expect(head.slice(0, 3)).toEqual(['base', 'meta', 'script']);
    expect(dom.querySelectorAll('base')).toHaveLength(1);
    expect(dom.querySelector('base')?.getAttribute('href')).toBe('https://workspace.invalid/index.html');
    expect(dom.head.querySelector('script')?.textContent).toBe('window.__runtime = 1;');
  });

  it('puts the base first in a head that has attributes too', async () => {
    const { dom } = await built({ 'index.html': '<html><head prefix="og: https://ogp.me/ns#"><title>T</title></head><body><img src="a.png"></body></html>' });
    expect(dom.head.getAttribute('prefix')).toBe('og: https://ogp.me/ns#');
    expect(dom.head.firstElementChild?.tagName.toLowerCase()).toBe('base');
    expect(dom.querySelector('base')?.getAttribute('href')).toBe('https://workspace.invalid/index.html');
  });

  it('brings in stylesheets with their images and imports', async () => {
    const { dom } = await built({
      'index.html': '<link rel="stylesheet" href="css/site.css"><div style="background: url(img/dot.png)"></div>',
      'css/site.css': '@import "base.css";\nbody { background: url("../img/dot.png"); }',
      'css/base.css': 'h1 { color: red }',
      'img/dot.png': new Uint8Array([137, 80, 78, 71]),
    });
    const style = dom.querySelector('style[data-from="css/site.css"]')?.textContent ?? '';
    expect(style).toContain('h1 { color: red }');
    expect(style).toMatch(/url\("data:image\/png;base64,iVBORw=="\)/);
    expect(dom.querySelector('div')?.getAttribute('style')).toContain('data:image/png;base64,iVBORw==');
  });

  it('gives classic scripts and images as data addresses, and lists what is missing', async () => {
    const { dom, missing } = await built({
      'index.html': '<script src="app.js"></script><script src="gone.js"></script><img src="logo.svg" alt="logo"><script src="https://cdn.example/x.js"></script>',
      'app.js': 'document.title = "ran";',
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    const scripts = Array.from(dom.body.querySelectorAll('script')).map((script) => script.getAttribute('src') ?? '');
    expect(decode(scripts[0]!)).toBe('document.title = "ran";');
    expect(scripts[1]).toBe('gone.js');
    expect(scripts[2]).toBe('https://cdn.example/x.js');
    expect(decode(dom.querySelector('img')?.getAttribute('src') ?? '')).toContain('<svg');
    expect(missing).toEqual(['gone.js']);
  });

  it('loads module scripts and their imports through one import map', async () => {
    const { dom, missing } = await built(
      {
        'site/index.html': '<script type="module" src="./main.js"></script><script type="module">import { n } from "./lib/n.js"; console.log(n);</script>',
        'site/main.js': 'import { n } from "./lib/n.js";\nimport data from "./data.json" with { type: "json" };\nimport("./lazy.js");\nimport "react";\nexport const m = n;',
        'site/lib/n.js': 'import { m } from "../main.js";\nexport const n = 42;',
        'site/data.json': '{"a":1}',
        'site/lazy.js': 'import "./nowhere.js";',
      },
      'site/index.html',
    );
    const map = JSON.parse(dom.querySelector('script[type="importmap"]')?.textContent ?? '{}') as { imports: Record<string, string> };
    expect(Object.keys(map.imports).sort()).toEqual(
      ['site/data.json', 'site/lazy.js', 'site/lib/n.js', 'site/main.js', 'site/nowhere.js'].map((path) => MODULE_PREFIX + path),
    );
    const main = decode(map.imports[`${MODULE_PREFIX}site/main.js`]!);
    expect(main).toContain(`from ${MODULE_PREFIX}site/lib/n.js`.replace(MODULE_PREFIX, `"${MODULE_PREFIX}`).replace('n.js', 'n.js"'));
    expect(main).toContain(`import("${MODULE_PREFIX}site/lazy.js")`);
    expect(main).toContain('import "react"');
    expect(decode(map.imports[`${MODULE_PREFIX}site/nowhere.js`]!)).toContain('found no file site/nowhere.js in the workspace (imported by site/lazy.js)');
    const modules = Array.from(dom.querySelectorAll('script[type="module"]')).map((script) => script.textContent);
    expect(modules[0]).toBe(`import ${JSON.stringify(`${MODULE_PREFIX}site/main.js`)};`);
    expect(modules[1]).toContain(`"${MODULE_PREFIX}site/lib/n.js"`);
    expect(missing).toEqual(['site/nowhere.js']);
    // The import map precedes every module script.
    const order = Array.from(dom.querySelectorAll('script')).map((script) => script.getAttribute('type') ?? 'classic');
    expect(order.indexOf('importmap')).toBeLessThan(order.indexOf('module'));
  });

  it('leaves a module it cannot parse for the browser to report', async () => {
    expect(await rewriteModule('export const = ;', 'x.js')).toEqual({ code: 'export const = ;', imports: [] });
  });
});
