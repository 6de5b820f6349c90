// A course page on another origin for the embed tests and benchmark: serves one HTML page that
// holds the body it is given (an embed code pasted into it), with no COOP, COEP or CSP, on
// http://localhost:<free port>: another site than the app's http://127.0.0.1, so the browser
// treats the player as a third-party frame (its storage partitioned, as on a real course site).
import { createServer } from 'node:http';

export async function startCoursePage() {
  let body = '<p>No embed yet.</p>';
  const server = createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://x').pathname !== '/') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head><body><h1>Lesson 3: the agent loop</h1>${body}</body></html>`);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://localhost:${server.address().port}/`,
    /** What the page's body holds after its heading (an embed code, as a course author pastes it). */
    setBody(html) {
      body = html;
    },
    close() {
      const closed = new Promise((done) => server.close(() => done()));
      server.closeAllConnections();
      return closed;
    },
  };
}
