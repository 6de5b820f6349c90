// An OTLP/HTTP traces receiver for Send traces to's end-to-end tests: POST /v1/traces keeps the
// body (JSON) and headers. With `cors: false` it answers without CORS headers, as a collector
// that does not allow the page's origin does (the browser then refuses to send or to read).
import { createServer } from 'node:http';

export async function startFakeOtlp({ cors = true } = {}) {
  const posts = [];
  const allow = cors ? { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'POST, OPTIONS' } : {};
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, allow);
      return response.end();
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        posts.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        response.writeHead(200, { ...allow, 'Content-Type': 'application/json' });
        return response.end('{}');
      }
      response.writeHead(404, allow);
      response.end();
    });
  });
  const port = await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    posts: () => [...posts],
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
