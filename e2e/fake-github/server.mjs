#!/usr/bin/env node
// A local fake of the parts of GitHub's REST API that Loopscope uses, for the Playwright tests
// and benchmarks. It answers CORS like api.github.com (any origin, the `Authorization` header
// allowed by the preflight, the rate-limit headers exposed), keeps git objects in memory with
// their real hashes (blobs, trees, commits, refs), and fails on demand.
//   In process: startFakeGitHub() → { url, addRepository, fault, requests, head, filesAt, close }
//   Command line: node e2e/fake-github/server.mjs --port 8767 (prints the URL; `--seed N` adds
//   repository bench/big with N generated files for the benchmarks).
// The endpoints: Gists (gists.mjs); reads (repository, commits/{ref}, git/trees, git/blobs, git/ref, git/commits, pages)
// and writes (git/blobs, git/trees, git/commits, git/refs, user/repos, orgs/{org}/repos, pages); see
// README.md beside this file.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readBody, runFromCommandLine } from '../fake-http.mjs';
import { createGists } from './gists.mjs';

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
  // What api.github.com allows (a header not in it fails the preflight, as there).
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features, X-Github-Next-Global-ID, X-GitHub-Api-Version',
  'Access-Control-Expose-Headers': 'ETag, Link, Location, Retry-After, X-GitHub-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Used, X-RateLimit-Resource',
  'Access-Control-Max-Age': '86400',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

function send(response, status, body, headers = {}) {
  response.writeHead(status, { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', 'X-RateLimit-Remaining': '4999', ...headers });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

const gitHash = (type, bytes) => createHash('sha1').update(Buffer.concat([Buffer.from(`${type} ${bytes.length}\0`), bytes])).digest('hex');

/** A repository's object store: blobs, trees and commits under their git hashes. */
function createObjects() {
  const objects = new Map();
  const put = (type, bytes, extra) => {
    const sha = gitHash(type, bytes);
    objects.set(sha, { type, bytes, ...extra });
    return sha;
  };
  const blob = (bytes) => put('blob', bytes);
  /** `entries`: { name, mode, sha, type } of one folder. */
  const tree = (entries) => {
    const sorted = [...entries].sort((a, b) => (a.type === 'tree' ? `${a.name}/` : a.name).localeCompare(b.type === 'tree' ? `${b.name}/` : b.name));
    const bytes = Buffer.concat(sorted.map((entry) => Buffer.concat([Buffer.from(`${entry.mode} ${entry.name}\0`), Buffer.from(entry.sha, 'hex')])));
    return put('tree', bytes, { entries: sorted });
  };
  /** A tree from { path: Buffer } (nested folders made). */
  const treeOf = (files) => {
    const root = new Map();
    for (const [path, bytes] of Object.entries(files)) {
      const parts = path.split('/');
      let folder = root;
      for (const part of parts.slice(0, -1)) {
        if (!folder.has(part)) folder.set(part, new Map());
        folder = folder.get(part);
      }
      folder.set(parts.at(-1), bytes);
    }
    const write = (folder) =>
      tree([...folder].map(([name, value]) => (value instanceof Map ? { name, mode: '40000', type: 'tree', sha: write(value) } : { name, mode: '100644', type: 'blob', sha: blob(value) })));
    return write(root);
  };
  /** A tree from { path: { mode, sha } } of objects already stored. */
  const treeOfEntries = (flat) => {
    const root = new Map();
    for (const [path, entry] of Object.entries(flat)) {
      const parts = path.split('/');
      let folder = root;
      for (const part of parts.slice(0, -1)) {
        if (!folder.has(part) || !(folder.get(part) instanceof Map)) folder.set(part, new Map());
        folder = folder.get(part);
      }
      folder.set(parts.at(-1), entry);
    }
    const write = (folder) =>
      tree([...folder].map(([name, value]) => (value instanceof Map ? { name, mode: '40000', type: 'tree', sha: write(value) } : { name, mode: value.mode, type: value.mode === '160000' ? 'commit' : 'blob', sha: value.sha })));
    return write(root);
  };
  const commit = (treeSha, parents, message) => {
    const text = [`tree ${treeSha}`, ...parents.map((parent) => `parent ${parent}`), 'author Fake <fake@example.com> 1700000000 +0000', 'committer Fake <fake@example.com> 1700000000 +0000', '', message].join('\n');
    return put('commit', Buffer.from(text), { tree: treeSha, parents, message });
  };
  return { objects, blob, tree, treeOf, treeOfEntries, commit };
}

const asBuffer = (content) => (Buffer.isBuffer(content) ? content : content instanceof Uint8Array ? Buffer.from(content) : Buffer.from(String(content), 'utf8'));

export async function startFakeGitHub({ port = 0, host = '127.0.0.1', token = 'ghp_test_token', login = 'octo', gistTruncateAt } = {}) {
  const userLogin = login;
  let baseUrl = '';
  const gists = createGists({ baseUrl: () => baseUrl, send, login, ...(gistTruncateAt === undefined ? {} : { truncateAt: gistTruncateAt }) });
  const repositories = new Map();
  const created = [];
  const log = [];
  const faults = [];

  /** The files of a commit: { path: Buffer }. */
  function filesAt(repository, commitSha) {
    const files = {};
    const walk = (treeSha, prefix) => {
      for (const entry of repository.store.objects.get(treeSha).entries) {
        if (entry.type === 'tree') walk(entry.sha, `${prefix}${entry.name}/`);
        else files[`${prefix}${entry.name}`] = repository.store.objects.get(entry.sha).bytes;
      }
    };
    walk(repository.store.objects.get(commitSha).tree, '');
    return files;
  }

  function treeListing(repository, treeSha, recursive) {
    const listing = [];
    const walk = (sha, prefix) => {
      for (const entry of repository.store.objects.get(sha).entries) {
        const object = repository.store.objects.get(entry.sha);
        listing.push({ path: `${prefix}${entry.name}`, mode: entry.mode, type: entry.type, sha: entry.sha, ...(entry.type === 'blob' ? { size: object.bytes.length } : {}), url: '' });
        if (recursive && entry.type === 'tree') walk(entry.sha, `${prefix}${entry.name}/`);
      }
    };
    walk(treeSha, '');
    return listing;
  }

  function resolveRef(repository, ref) {
    if (repository.refs.has(`heads/${ref}`)) return repository.refs.get(`heads/${ref}`);
    if (repository.refs.has(`tags/${ref}`)) return repository.refs.get(`tags/${ref}`);
    if (/^[0-9a-f]{7,40}$/.test(ref)) for (const [sha, object] of repository.store.objects) if (object.type === 'commit' && sha.startsWith(ref)) return sha;
    return null;
  }

  const notFound = (response) => send(response, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });

  /** { path: { mode, sha } } of a tree, blobs and submodules only. */
  function flatTree(repository, treeSha) {
    const flat = {};
    for (const entry of treeListing(repository, treeSha, true)) if (entry.type !== 'tree') flat[entry.path] = { mode: entry.mode, sha: entry.sha };
    return flat;
  }

  function createRepository(owner, body) {
    const fullName = `${owner}/${body.name}`;
    if (repositories.has(fullName)) return { status: 422, body: { message: 'Repository creation failed.', errors: [{ message: 'name already exists on this account' }] } };
    const store = createObjects();
    const refs = new Map();
    if (body.auto_init) refs.set('heads/main', store.commit(store.treeOf({ 'README.md': Buffer.from(`# ${body.name}\n`) }), [], 'Initial commit'));
    repositories.set(fullName, { private: body.private !== false, defaultBranch: 'main', refs, store, truncated: false, pages: null });
    created.push(fullName);
    return { status: 201, body: { name: body.name, full_name: fullName, private: body.private !== false, default_branch: 'main', html_url: `https://github.com/${fullName}` } };
  }

  function answerWrite(request, response, repository, full, rest, body, auth) {
    if (!auth) return send(response, 401, { message: 'Requires authentication', status: '401' });
    const { store } = repository;
    if (request.method === 'POST' && rest === '/git/blobs') {
      if (repository.refs.size === 0) return send(response, 409, { message: 'Git Repository is empty.', status: '409' });
      const sha = store.blob(Buffer.from(body.content, body.encoding === 'base64' ? 'base64' : 'utf8'));
      return send(response, 201, { sha, url: '' });
    }
    if (request.method === 'POST' && rest === '/git/trees') {
      const flat = body.base_tree ? flatTree(repository, body.base_tree) : {};
      for (const entry of body.tree) {
        if (/(^|\/)\.\.?(\/|$)|^\/|\/\/|\0/.test(entry.path)) return send(response, 422, { message: `tree.path contains a malformed path component: ${entry.path}`, status: '422' });
        if (entry.sha === null) delete flat[entry.path];
        else if (entry.sha && store.objects.get(entry.sha)?.type === 'blob') flat[entry.path] = { mode: entry.mode, sha: entry.sha };
        else return send(response, 422, { message: `tree.sha ${entry.sha} is not a valid blob`, status: '422' });
      }
      const sha = store.treeOfEntries(flat);
      return send(response, 201, { sha, tree: treeListing(repository, sha, false), truncated: false });
    }
    if (request.method === 'POST' && rest === '/git/commits') {
      if (!store.objects.has(body.tree)) return send(response, 422, { message: 'Tree SHA does not exist', status: '422' });
      const sha = store.commit(body.tree, body.parents ?? [], body.message ?? '');
      return send(response, 201, { sha, tree: { sha: body.tree }, parents: (body.parents ?? []).map((parent) => ({ sha: parent })), message: body.message, html_url: `https://github.com/${full}/commit/${sha}` });
    }
    const refMatch = /^\/git\/refs\/(heads\/.+)$/.exec(rest);
    if (request.method === 'PATCH' && refMatch) {
      const current = repository.refs.get(refMatch[1]);
      if (!current) return send(response, 422, { message: 'Reference does not exist', status: '422' });
      const next = store.objects.get(body.sha);
      if (!next || next.type !== 'commit') return send(response, 422, { message: 'Object does not exist', status: '422' });
      if (!body.force && !next.parents.includes(current) && body.sha !== current) return send(response, 422, { message: 'Update is not a fast forward', status: '422' });
      repository.refs.set(refMatch[1], body.sha);
      return send(response, 200, { ref: `refs/${refMatch[1]}`, object: { sha: body.sha, type: 'commit' } });
    }
    if (request.method === 'POST' && rest === '/git/refs') {
      const name = String(body.ref ?? '').replace(/^refs\//, '');
      if (repository.refs.has(name)) return send(response, 422, { message: 'Reference already exists', status: '422' });
      if (!/^heads\/[^\s~^:?*[\\]+$/.test(name) || name.includes('..')) return send(response, 422, { message: `${body.ref} is not a valid ref name.`, status: '422' });
      if (store.objects.get(body.sha)?.type !== 'commit') return send(response, 422, { message: 'Object does not exist', status: '422' });
      repository.refs.set(name, body.sha);
      return send(response, 201, { ref: `refs/${name}`, object: { sha: body.sha, type: 'commit' } });
    }
    if (request.method === 'PUT' && rest === '/pages') {
      if (!repository.pages) return notFound(response);
      repository.pages = { ...repository.pages, source: body.source ?? repository.pages.source, build_type: body.build_type ?? repository.pages.build_type };
      response.writeHead(204, corsHeaders);
      return response.end();
    }
    if (request.method === 'POST' && rest === '/pages') {
      if (repository.pages) return send(response, 409, { message: 'GitHub Pages is already enabled.', status: '409' });
      repository.pages = { source: body.source ?? { branch: 'gh-pages', path: '/' }, html_url: `https://${full.split('/')[0]}.github.io/${full.split('/')[1]}/` };
      return send(response, 201, { url: '', status: 'building', html_url: repository.pages.html_url, source: repository.pages.source, build_type: 'legacy' });
    }
    return notFound(response);
  }

  function answer(request, response, url, auth, body) {
    const path = decodeURIComponent(url.pathname);
    if (gists.answerGists(request, response, path, auth, body)) return;
    if (path === '/user' && request.method === 'GET') return auth ? send(response, 200, { login: userLogin }) : send(response, 401, { message: 'Requires authentication', status: '401' });
    if (path === '/user/repos' && request.method === 'POST') {
      if (!auth) return send(response, 401, { message: 'Requires authentication', status: '401' });
      const made = createRepository(userLogin, body);
      return send(response, made.status, made.body);
    }
    const orgMatch = /^\/orgs\/([^/]+)\/repos$/.exec(path);
    if (orgMatch && request.method === 'POST') {
      if (!auth) return send(response, 401, { message: 'Requires authentication', status: '401' });
      const made = createRepository(orgMatch[1], body);
      return send(response, made.status, made.body);
    }
    const match = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    if (!match) return notFound(response);
    const repository = repositories.get(`${match[1]}/${match[2]}`);
    // Like GitHub: a private repository is not found without a token that may read it.
    if (!repository || (repository.private && !auth)) return notFound(response);
    const rest = match[3] ?? '';
    const full = `${match[1]}/${match[2]}`;
    if (request.method !== 'GET') return answerWrite(request, response, repository, full, rest, body ?? {}, auth);
    if (rest === '/pages') return repository.pages ? send(response, 200, { html_url: repository.pages.html_url, source: repository.pages.source, build_type: repository.pages.build_type ?? 'legacy', status: 'built' }) : notFound(response);
    const refGet = /^\/git\/ref\/(heads\/.+)$/.exec(rest);
    if (refGet) {
      const sha = repository.refs.get(refGet[1]);
      return sha ? send(response, 200, { ref: `refs/${refGet[1]}`, object: { sha, type: 'commit' } }) : notFound(response);
    }
    const commitGet = /^\/git\/commits\/([0-9a-f]{40})$/.exec(rest);
    if (commitGet) {
      const object = repository.store.objects.get(commitGet[1]);
      if (!object || object.type !== 'commit') return notFound(response);
      return send(response, 200, { sha: commitGet[1], tree: { sha: object.tree }, parents: object.parents.map((parent) => ({ sha: parent })), message: object.message });
    }
    if (rest === '') {
      return send(response, 200, { name: match[2], full_name: full, private: repository.private, default_branch: repository.defaultBranch, html_url: `https://github.com/${full}`, owner: { login: match[1] } });
    }
    const commitMatch = /^\/commits\/(.+)$/.exec(rest);
    if (commitMatch && request.method === 'GET') {
      const sha = resolveRef(repository, commitMatch[1]);
      if (!sha) return send(response, 422, { message: `No commit found for SHA: ${commitMatch[1]}`, status: '422' });
      const commit = repository.store.objects.get(sha);
      return send(response, 200, { sha, commit: { tree: { sha: commit.tree }, message: commit.message }, parents: commit.parents.map((parent) => ({ sha: parent })), html_url: `https://github.com/${full}/commit/${sha}` });
    }
    const treeMatch = /^\/git\/trees\/([0-9a-f]{40})$/.exec(rest);
    if (treeMatch && request.method === 'GET') {
      const object = repository.store.objects.get(treeMatch[1]);
      if (!object || object.type !== 'tree') return notFound(response);
      return send(response, 200, { sha: treeMatch[1], tree: treeListing(repository, treeMatch[1], url.searchParams.has('recursive')), truncated: repository.truncated === true });
    }
    const blobMatch = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest);
    if (blobMatch && request.method === 'GET') {
      const object = repository.store.objects.get(blobMatch[1]);
      if (!object || object.type !== 'blob') return notFound(response);
      return send(response, 200, { sha: blobMatch[1], size: object.bytes.length, encoding: 'base64', content: object.bytes.toString('base64').replace(/.{60}/g, '$&\n') });
    }
    return notFound(response);
  }

  /** The first fault that matches this request (and counts it), or null. */
  function faultFor(request, url) {
    for (const fault of faults) {
      if (fault.method && fault.method !== request.method) continue;
      if (fault.path && !new RegExp(fault.path).test(url.pathname)) continue;
      if (fault.after > 0) {
        fault.after -= 1;
        continue;
      }
      if (fault.times !== undefined && fault.times <= 0) continue;
      if (fault.times !== undefined) fault.times -= 1;
      return fault;
    }
    return null;
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const bodyText = await readBody(request);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders);
      return response.end();
    }
    log.push({ method: request.method, path: url.pathname + url.search, headers: { ...request.headers }, body: bodyText });
    const header = request.headers.authorization;
    const given = header ? header.replace(/^(token|Bearer)\s+/i, '') : null;
    if (given !== null && given !== token) return send(response, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    const fault = faultFor(request, url);
    if (fault?.holdMs) await new Promise((resolve) => setTimeout(resolve, fault.holdMs));
    else if (fault) {
      if (fault.drop) return request.socket.destroy();
      return send(response, fault.status ?? 500, fault.body ?? { message: `fake fault ${fault.status ?? 500}` }, fault.headers ?? {});
    }
    try {
      let body;
      try {
        body = bodyText ? JSON.parse(bodyText) : undefined;
      } catch {
        return send(response, 400, { message: 'Problems parsing JSON' });
      }
      answer(request, response, url, given !== null, body);
    } catch (error) {
      send(response, 500, { message: String(error) });
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  baseUrl = `http://${host}:${address.port}`;

  return {
    url: baseUrl,
    token,
    gists: gists.gists,
    editGist: gists.editGist,
    deleteGist: gists.deleteGist,
    /** Adds `owner/name` with one commit on `branch` holding `files` ({ path: string | Buffer }); returns that commit's sha. */
    addRepository(fullName, files, { branch = 'main', private: isPrivate = false, tags = {}, truncated = false, pages = null } = {}) {
      const store = createObjects();
      const buffers = Object.fromEntries(Object.entries(files).map(([path, content]) => [path, asBuffer(content)]));
      const sha = store.commit(store.treeOf(buffers), [], 'Initial commit');
      const refs = new Map([[`heads/${branch}`, sha]]);
      for (const [tag, tagFiles] of Object.entries(tags)) {
        const tagBuffers = Object.fromEntries(Object.entries(tagFiles).map(([path, content]) => [path, asBuffer(content)]));
        refs.set(`tags/${tag}`, store.commit(store.treeOf(tagBuffers), [sha], `Tag ${tag}`));
      }
      const [login, name] = fullName.split('/');
      repositories.set(fullName, { private: isPrivate, defaultBranch: branch, refs, store, truncated, pages: pages && { html_url: `https://${login}.github.io/${name}/`, ...pages } });
      return sha;
    },
    /** Someone else pushes: a new commit on `branch` with these files changed ({ path: content | null to delete }). */
    push(fullName, branch, changes, message = 'Pushed elsewhere') {
      const repository = repositories.get(fullName);
      const head = repository.refs.get(`heads/${branch}`);
      const flat = flatTree(repository, repository.store.objects.get(head).tree);
      for (const [path, content] of Object.entries(changes)) {
        if (content === null) delete flat[path];
        else flat[path] = { mode: '100644', sha: repository.store.blob(asBuffer(content)) };
      }
      const sha = repository.store.commit(repository.store.treeOfEntries(flat), [head], message);
      repository.refs.set(`heads/${branch}`, sha);
      return sha;
    },
    /** The commit object of `sha`: its parents and message. */
    commit(fullName, sha) {
      const object = repositories.get(fullName)?.store.objects.get(sha);
      return object?.type === 'commit' ? { parents: object.parents, message: object.message } : null;
    },
    /** Pages of a repository: null when off. */
    pages(fullName) {
      return repositories.get(fullName)?.pages ?? null;
    },
    /** Repositories created through the API. */
    created: () => created.slice(),
    exists: (fullName) => repositories.has(fullName),
    /** A fault: { status, headers, body, path (a RegExp source), method, after (requests let through first), times, drop (close the socket), holdMs (answer as usual, that much later) }. */
    fault(fault) {
      faults.push({ after: 0, ...fault });
    },
    clearFaults() {
      faults.length = 0;
    },
    /** Every request received (method, path with query, headers, body), preflights excepted. */
    requests: () => log.slice(),
    /** The commit a branch points at, or null. */
    head(fullName, branch) {
      return repositories.get(fullName)?.refs.get(`heads/${branch}`) ?? null;
    },
    /** The files of a branch's head, or of a commit: { path: Buffer }. */
    filesAt(fullName, branchOrSha) {
      const repository = repositories.get(fullName);
      const sha = repository && resolveRef(repository, branchOrSha);
      return sha ? filesAt(repository, sha) : null;
    },
    // Every socket is ended too: a connection the browser opened ahead and never used would
    // otherwise hold close() until Node's 60 s headers timeout (an e2e teardown did).
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

await runFromCommandLine(import.meta.url, async ({ port, host }) => {
  const fake = await startFakeGitHub({ port, host });
  const seed = process.argv.indexOf('--seed');
  if (seed >= 0) {
    const count = Number(process.argv[seed + 1] ?? 2000);
    const files = {};
    for (let index = 0; index < count; index++) files[`src/part-${index % 40}/file-${index}.txt`] = `file ${index}\n`.repeat(Math.max(1, Math.floor(10_000 / 8)));
    fake.addRepository('bench/big', files);
  }
  return fake;
});
