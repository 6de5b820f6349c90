// The fake GitHub's Gists (server.mjs answers them through answerGists): POST /gists (a token
// needed), GET /gists/{id} (none needed: a secret Gist is read by its id, as on GitHub), DELETE
// /gists/{id} (its owner's token), and each file's raw text at its raw_url. As on GitHub, the API
// gives at most `truncateAt` characters of a file's content and says `truncated: true`; the whole
// file is at raw_url.
import { randomBytes } from 'node:crypto';

export function createGists({ baseUrl, send, login, truncateAt = 1024 * 1024 }) {
  /** id → { description, public, files: Map(name → content) } */
  const gists = new Map();

  const fileJson = (id, name, content) => {
    const truncated = content.length > truncateAt;
    return {
      filename: name,
      type: 'text/plain',
      raw_url: `${baseUrl()}/gist-raw/${id}/${encodeURIComponent(name)}`,
      size: Buffer.byteLength(content),
      truncated,
      content: truncated ? content.slice(0, truncateAt) : content,
    };
  };
  const gistJson = (id, gist) => ({
    id,
    url: `${baseUrl()}/gists/${id}`,
    html_url: `https://gist.github.com/${login}/${id}`,
    public: gist.public,
    description: gist.description,
    owner: { login },
    files: Object.fromEntries([...gist.files].map(([name, content]) => [name, fileJson(id, name, content)])),
    truncated: false,
  });

  /** Answers a Gist route (true), or leaves the request to the others (false). */
  function answerGists(request, response, path, auth, body) {
    const raw = /^\/gist-raw\/([0-9a-f]+)\/([^/]+)$/.exec(path);
    if (raw && request.method === 'GET') {
      const content = gists.get(raw[1])?.files.get(raw[2]);
      if (content === undefined) send(response, 404, { message: 'Not Found' });
      else {
        response.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin', 'Content-Type': 'text/plain; charset=utf-8' });
        response.end(content);
      }
      return true;
    }
    if (path === '/gists' && request.method === 'POST') {
      if (!auth) send(response, 401, { message: 'Requires authentication', status: '401' });
      else {
        const files = Object.entries(body?.files ?? {}).filter(([, file]) => typeof file?.content === 'string' && file.content !== '');
        if (files.length === 0) send(response, 422, { message: 'Validation Failed', errors: [{ resource: 'Gist', code: 'missing_field', field: 'files' }] });
        else {
          const id = randomBytes(16).toString('hex');
          const gist = { description: String(body.description ?? ''), public: body.public === true, files: new Map(files.map(([name, file]) => [name, file.content])) };
          gists.set(id, gist);
          send(response, 201, gistJson(id, gist), { Location: `${baseUrl()}/gists/${id}` });
        }
      }
      return true;
    }
    const one = /^\/gists\/([^/]+)$/.exec(path);
    if (!one) return false;
    const gist = gists.get(one[1]);
    if (request.method === 'GET') send(response, gist ? 200 : 404, gist ? gistJson(one[1], gist) : { message: 'Not Found', status: '404' });
    else if (request.method === 'DELETE') {
      if (!auth) send(response, 401, { message: 'Requires authentication', status: '401' });
      else if (!gist) send(response, 404, { message: 'Not Found', status: '404' });
      else {
        gists.delete(one[1]);
        send(response, 204, undefined);
      }
    } else send(response, 404, { message: 'Not Found', status: '404' });
    return true;
  }

  return {
    answerGists,
    /** The test's view: every Gist, its files' content as stored. */
    gists: () => [...gists].map(([id, gist]) => ({ id, description: gist.description, public: gist.public, files: Object.fromEntries(gist.files) })),
    /** Someone edits a Gist's file (or adds one). */
    editGist(id, name, content) {
      gists.get(id)?.files.set(name, content);
    },
    deleteGist: (id) => gists.delete(id),
  };
}
