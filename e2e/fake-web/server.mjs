// Web pages for web_fetch's end-to-end tests, on one handler served over http (127.0.0.1) and
// https (a self-signed certificate for *.example.test, made for these tests only; the browser is
// told to map docs.example.test to 127.0.0.1 and to accept the certificate). Routes:
//   /cors/docs        an HTML page that allows any origin to read it (with a script and a style)
//   /plain/docs       the same page, without CORS headers (a browser page cannot read it)
//   /cors/huge        an HTML page of about 6 MB, allowed
//   /cors/to-local    a redirect (allowed) to http://127.0.0.1:<http port>/cors/docs
//   /cors/missing     404, allowed
// Every request is logged (method, path, host) for the test to read.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

const here = new URL('.', import.meta.url);
const ALLOW = { 'Access-Control-Allow-Origin': '*' };

export const DOCS_TEXT = 'The frobnicate() function takes two arguments.';
const DOCS_HTML = `<!doctype html><html><head><title>Frobnicate docs</title><style>body { color: red }</style>
<script>window.secretValue = 'SCRIPT-SHOULD-NOT-APPEAR';</script></head>
<body><h1>Frobnicate</h1><p>${DOCS_TEXT}</p><ul><li>first: a <b>string</b></li><li>second: a number</li></ul>
<pre><code>frobnicate('a', 1)</code></pre></body></html>`;

function hugeHtml() {
  const paragraph = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)}</p>\n`;
  return `<!doctype html><html><body><h1>Huge</h1>${paragraph.repeat(Math.ceil((6 * 1024 * 1024) / paragraph.length))}</body></html>`;
}

export async function startFakeWeb() {
  const requests = [];
  let httpPort = 0;
  const huge = hugeHtml();
  const handle = (secure) => (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push({ method: request.method, path: url.pathname, host: request.headers.host ?? '', secure });
    const html = (status, body, headers) => {
      response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
      response.end(body);
    };
    switch (url.pathname) {
      case '/cors/docs':
        return html(200, DOCS_HTML, ALLOW);
      case '/plain/docs':
        return html(200, DOCS_HTML, {});
      case '/cors/huge':
        return html(200, huge, ALLOW);
      case '/cors/to-local':
        response.writeHead(302, { ...ALLOW, Location: `http://127.0.0.1:${httpPort}/cors/docs` });
        return response.end();
      default:
        return html(404, '<p>Not found</p>', ALLOW);
    }
  };
  const http = createHttpServer(handle(false));
  const https = createHttpsServer({ key: readFileSync(new URL('test-only-key.pem', here)), cert: readFileSync(new URL('test-only-cert.pem', here)) }, handle(true));
  const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
  httpPort = await listen(http);
  const httpsPort = await listen(https);
  return {
    /** http://127.0.0.1:<port> */
    url: `http://127.0.0.1:${httpPort}`,
    /** https://docs.example.test:<port>: a public-looking name the browser maps to 127.0.0.1. */
    publicUrl: `https://docs.example.test:${httpsPort}`,
    requests: () => [...requests],
    // Every socket is ended too, so an unused connection the browser opened ahead cannot hold close().
    close: () =>
      Promise.all(
        [http, https].map(
          (server) =>
            new Promise((resolve) => {
              server.close(() => resolve(undefined));
              server.closeAllConnections();
            }),
        ),
      ),
  };
}
