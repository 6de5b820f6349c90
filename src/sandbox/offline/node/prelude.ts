/**
 * The Node.js surface offered inside QuickJS, as JavaScript evaluated in each fresh context
 * before the script: console, process, timers (virtual time: due callbacks run in order once
 * the script yields), `require` of workspace files (.js, .cjs, .json, folders with index.js)
 * and of the built-ins we can honestly offer: fs (text, over the workspace), path, util, os,
 * events. Anything else says what is missing. It talks to the host only through `__host`
 * (js-runtime.ts): out, read, write, stat, list, mkdir, remove, rename, exit.
 */
export const PRELUDE = String.raw`
(() => {
const host = globalThis.__host;
delete globalThis.__host;

const isObject = (value) => value !== null && typeof value === 'object';
function inspect(value, options, depth = 0, seen = []) {
  const max = (options && options.depth !== undefined) ? options.depth : 2;
  if (typeof value === 'string') return depth === 0 ? value : "'" + value.replace(/'/g, "\\'") + "'";
  if (typeof value === 'function') return '[Function: ' + (value.name || '(anonymous)') + ']';
  if (typeof value === 'bigint') return String(value) + 'n';
  if (typeof value === 'symbol') return value.toString();
  if (!isObject(value)) return String(value);
  if (seen.includes(value)) return '[Circular]';
  if (value instanceof Error) return value.stack ? String(value.name) + ': ' + value.message + '\n' + value.stack.replace(/\n$/, '') : String(value);
  if (depth > max) return Array.isArray(value) ? '[Array]' : '[Object]';
  const next = [...seen, value];
  const inner = (item) => inspect(item, options, depth + 1, next);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : '[ ' + value.map(inner).join(', ') + ' ]';
  if (value instanceof Map) return 'Map(' + value.size + ') { ' + [...value].map(([k, v]) => inner(k) + ' => ' + inner(v)).join(', ') + ' }';
  if (value instanceof Set) return 'Set(' + value.size + ') { ' + [...value].map(inner).join(', ') + ' }';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof RegExp) return String(value);
  if (ArrayBuffer.isView(value)) return value.constructor.name + '(' + value.length + ') [ ' + Array.from(value).slice(0, 50).join(', ') + ' ]';
  const keys = Object.keys(value);
  const name = value.constructor && value.constructor !== Object ? value.constructor.name + ' ' : '';
  if (keys.length === 0) return name + '{}';
  const key = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : "'" + k + "'");
  return name + '{ ' + keys.map((k) => key(k) + ': ' + inner(value[k])).join(', ') + ' }';
}
function format(...args) {
  let first = args[0];
  let rest = args.slice(1);
  let text = '';
  if (typeof first === 'string' && rest.length > 0 && /%[sdifjoO%]/.test(first)) {
    text = first.replace(/%[sdifjoO%]/g, (token) => {
      if (token === '%%') return '%';
      if (rest.length === 0) return token;
      const value = rest.shift();
      if (token === '%s') return typeof value === 'string' ? value : inspect(value, undefined, 1);
      if (token === '%d' || token === '%i') return String(token === '%i' ? Math.trunc(Number(value)) : Number(value));
      if (token === '%f') return String(Number(value));
      if (token === '%j') return JSON.stringify(value);
      return inspect(value, undefined, 1);
    });
    return [text, ...rest.map((value) => inspect(value))].join(' ');
  }
  return args.map((value) => inspect(value)).join(' ');
}

const write = (stream) => (...args) => host.out(stream, format(...args) + '\n');
const counts = new Map();
globalThis.console = {
  log: write(1), info: write(1), debug: write(1), trace: write(2),
  warn: write(2), error: write(2),
  dir: (value, options) => host.out(1, inspect(value, options) + '\n'),
  table: (value) => host.out(1, inspect(value) + '\n'),
  assert: (ok, ...args) => { if (!ok) host.out(2, 'Assertion failed' + (args.length ? ': ' + format(...args) : '') + '\n'); },
  count: (label = 'default') => { counts.set(label, (counts.get(label) || 0) + 1); host.out(1, label + ': ' + counts.get(label) + '\n'); },
  time: () => {}, timeEnd: () => {}, group: () => {}, groupEnd: () => {},
};

const state = JSON.parse(host.state());
class ExitSignal { constructor(code) { this.code = code; } }
globalThis.process = {
  argv: state.argv,
  env: state.env,
  platform: 'linux',
  version: 'v20.0.0',
  versions: { node: '20.0.0', quickjs: state.quickjs },
  exitCode: undefined,
  cwd: () => state.cwd,
  chdir: (to) => { state.cwd = path.resolve(to); },
  exit: (code) => { host.exit(code === undefined ? (process.exitCode || 0) : Number(code) || 0); throw new ExitSignal(code); },
  stdout: { write: (text) => { host.out(1, String(text)); return true; }, isTTY: false },
  stderr: { write: (text) => { host.out(2, String(text)); return true; }, isTTY: false },
  hrtime: Object.assign(() => [0, 0], { bigint: () => BigInt(Math.round(performance.now() * 1e6)) }),
  nextTick: (fn, ...args) => Promise.resolve().then(() => fn(...args)),
  on: () => process, once: () => process,
};

let timerId = 0;
let clock = 0;
const timers = new Map();
globalThis.setTimeout = (fn, ms = 0, ...args) => { const id = ++timerId; timers.set(id, { at: clock + Math.max(0, Number(ms) || 0), fn, args }); return id; };
globalThis.setInterval = (fn, ms = 0, ...args) => { const id = ++timerId; const every = Math.max(1, Number(ms) || 0); timers.set(id, { at: clock + every, fn, args, every }); return id; };
globalThis.setImmediate = (fn, ...args) => setTimeout(fn, 0, ...args);
globalThis.clearTimeout = globalThis.clearInterval = globalThis.clearImmediate = (id) => { timers.delete(id); };
/** Runs the earliest due timer; false when none is left. */
globalThis.__runNextTimer = () => {
  let nextId = null;
  let next = null;
  for (const [id, timer] of timers) if (!next || timer.at < next.at) { nextId = id; next = timer; }
  if (!next) return false;
  clock = next.at;
  if (next.every) next.at = clock + next.every; else timers.delete(nextId);
  next.fn(...next.args);
  return true;
};

function fsError(code, message, target) {
  const error = new Error(code + ': ' + message + ", '" + target + "'");
  error.code = code; error.path = target;
  return error;
}
function check(result, target) {
  if (result) { const [code, message] = result.split('|'); throw fsError(code, message, target); }
}
const path = {
  sep: '/', delimiter: ':',
  isAbsolute: (p) => String(p).startsWith('/'),
  normalize(p) {
    const absolute = String(p).startsWith('/');
    const parts = [];
    for (const part of String(p).split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') { if (parts.length && parts[parts.length - 1] !== '..') parts.pop(); else if (!absolute) parts.push('..'); continue; }
      parts.push(part);
    }
    const joined = parts.join('/');
    return absolute ? '/' + joined : (joined || '.');
  },
  join: (...parts) => path.normalize(parts.filter((part) => part !== '').join('/') || '.'),
  resolve: (...parts) => {
    let resolved = '';
    for (const part of [state.cwd, ...parts]) resolved = String(part).startsWith('/') ? String(part) : resolved + '/' + part;
    return path.normalize(resolved);
  },
  dirname: (p) => { const n = path.normalize(p); const i = n.lastIndexOf('/'); return i < 0 ? '.' : i === 0 ? '/' : n.slice(0, i); },
  basename: (p, ext) => { const b = path.normalize(p).split('/').pop() || ''; return ext && b.endsWith(ext) ? b.slice(0, -ext.length) : b; },
  extname: (p) => { const b = path.basename(p); const i = b.lastIndexOf('.'); return i > 0 ? b.slice(i) : ''; },
  relative: (from, to) => {
    const a = path.resolve(from).split('/').filter(Boolean);
    const b = path.resolve(to).split('/').filter(Boolean);
    while (a.length && b.length && a[0] === b[0]) { a.shift(); b.shift(); }
    return [...a.map(() => '..'), ...b].join('/');
  },
  parse: (p) => ({ root: String(p).startsWith('/') ? '/' : '', dir: path.dirname(p), base: path.basename(p), ext: path.extname(p), name: path.basename(p, path.extname(p)) }),
};
path.posix = path;

const textOf = (data) => (typeof data === 'string' ? data : ArrayBuffer.isView(data) ? String.fromCharCode(...data) : String(data));
const statOf = (target) => {
  const found = host.stat(path.resolve(target));
  if (!found) throw fsError('ENOENT', 'no such file or directory, stat', target);
  const info = JSON.parse(found);
  return { size: info.size, isFile: () => info.type === 'file', isDirectory: () => info.type === 'directory', isSymbolicLink: () => false, mtime: new Date(0), mtimeMs: 0 };
};
const fs = {
  readFileSync(target, options) {
    const text = host.read(path.resolve(String(target)));
    if (text === undefined) throw fsError(host.stat(path.resolve(String(target))) ? 'EISDIR' : 'ENOENT', 'cannot read', target);
    return text;
  },
  writeFileSync: (target, data) => check(host.write(path.resolve(String(target)), textOf(data), false), target),
  appendFileSync: (target, data) => check(host.write(path.resolve(String(target)), textOf(data), true), target),
  existsSync: (target) => Boolean(host.stat(path.resolve(String(target)))),
  statSync: statOf, lstatSync: statOf,
  readdirSync(target, options) {
    const listed = host.list(path.resolve(String(target)));
    if (!listed) throw fsError('ENOTDIR', 'not a directory, scandir', target);
    const names = JSON.parse(listed);
    if (!options || !options.withFileTypes) return names;
    return names.map((name) => { const s = statOf(path.join(String(target), name)); return { name, isFile: s.isFile, isDirectory: s.isDirectory }; });
  },
  mkdirSync: (target, options) => check(host.mkdir(path.resolve(String(target)), Boolean(options && options.recursive)), target),
  rmSync: (target, options) => { if (options && options.force && !host.stat(path.resolve(String(target)))) return; check(host.remove(path.resolve(String(target)), Boolean(options && options.recursive)), target); },
  unlinkSync: (target) => check(host.remove(path.resolve(String(target)), false), target),
  rmdirSync: (target, options) => check(host.remove(path.resolve(String(target)), Boolean(options && options.recursive)), target),
  renameSync: (from, to) => check(host.rename(path.resolve(String(from)), path.resolve(String(to))), from),
  copyFileSync: (from, to) => fs.writeFileSync(to, fs.readFileSync(from)),
};
fs.promises = Object.fromEntries(Object.entries(fs).filter(([name]) => name.endsWith('Sync')).map(([name, fn]) => [name.slice(0, -4), (...args) => new Promise((resolve) => resolve(fn(...args)))]));
fs.promises.access = (target) => new Promise((resolve, reject) => (host.stat(path.resolve(String(target))) ? resolve() : reject(fsError('ENOENT', 'no such file or directory, access', target))));
for (const name of Object.keys(fs)) {
  if (!name.endsWith('Sync')) continue;
  const sync = fs[name];
  fs[name.slice(0, -4)] = (...args) => {
    const callback = typeof args[args.length - 1] === 'function' ? args.pop() : () => {};
    let result; let failure = null;
    try { result = sync(...args); } catch (error) { failure = error; }
    setTimeout(() => callback(failure, result), 0);
  };
}

class EventEmitter {
  constructor() { this._events = new Map(); }
  on(name, fn) { (this._events.get(name) || this._events.set(name, []).get(name)).push(fn); return this; }
  addListener(name, fn) { return this.on(name, fn); }
  once(name, fn) { const wrapper = (...args) => { this.off(name, wrapper); fn(...args); }; return this.on(name, wrapper); }
  off(name, fn) { this._events.set(name, (this._events.get(name) || []).filter((item) => item !== fn)); return this; }
  removeListener(name, fn) { return this.off(name, fn); }
  emit(name, ...args) { const list = this._events.get(name) || []; for (const fn of [...list]) fn(...args); return list.length > 0; }
  listenerCount(name) { return (this._events.get(name) || []).length; }
}
EventEmitter.EventEmitter = EventEmitter;

const util = { format, inspect, isDeepStrictEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b), promisify: (fn) => (...args) => new Promise((resolve, reject) => fn(...args, (error, value) => (error ? reject(error) : resolve(value)))), types: {} };
const os = { EOL: '\n', platform: () => 'linux', type: () => 'Linux', arch: () => 'wasm32', homedir: () => state.env.HOME || '/workspace', tmpdir: () => '/tmp', cpus: () => [], totalmem: () => 0, freemem: () => 0, hostname: () => 'loopscope' };
const assert = (ok, message) => { if (!ok) throw Object.assign(new Error(message || 'Assertion failed'), { name: 'AssertionError' }); };
assert.ok = assert;
assert.equal = (a, b, message) => assert(a == b, message || inspect(a) + ' == ' + inspect(b));
assert.strictEqual = (a, b, message) => assert(a === b, message || inspect(a) + ' === ' + inspect(b));
assert.deepStrictEqual = assert.deepEqual = (a, b, message) => assert(JSON.stringify(a) === JSON.stringify(b), message || 'Expected values to be deeply equal');
assert.notStrictEqual = (a, b, message) => assert(a !== b, message || inspect(a) + ' !== ' + inspect(b));
assert.throws = (fn, _expected, message) => { let threw = false; try { fn(); } catch { threw = true; } assert(threw, message || 'Missing expected exception.'); };

const BUILTINS = { fs, path, util, os, events: EventEmitter, assert, 'fs/promises': fs.promises, 'path/posix': path };
globalThis.__builtin = (name) => BUILTINS[name.replace(/^node:/, '')];
const missing = (name) => new Error("Cannot find module '" + name + "': the offline sandbox runs JavaScript in QuickJS and offers only fs, path, util, os, events and assert among Node's modules (no network, processes or npm packages). Use the WebContainer sandbox for the rest.");
globalThis.__missingBuiltin = (name) => missing(name);

const cache = new Map();
function resolveFile(request, fromDir) {
  const base = path.resolve(fromDir, request);
  for (const candidate of [base, base + '.js', base + '.cjs', base + '.json', base + '/index.js', base + '/index.cjs']) {
    const found = host.stat(candidate);
    if (found && JSON.parse(found).type === 'file') return candidate;
  }
  if (host.stat(base + '/package.json')) {
    const main = JSON.parse(host.read(base + '/package.json')).main;
    if (main) return resolveFile('./' + main, base);
  }
  return null;
}
function makeRequire(fromDir) {
  const require = (request) => {
    const name = String(request);
    if (!name.startsWith('.') && !name.startsWith('/')) {
      const builtin = globalThis.__builtin(name);
      if (builtin) return builtin;
      if (!name.startsWith('node:') && host.stat(path.resolve('/workspace/node_modules', name))) {
        const file = resolveFile(name, '/workspace/node_modules');
        if (file) return load(file);
      }
      throw missing(name);
    }
    const file = resolveFile(name, fromDir);
    if (!file) throw Object.assign(new Error("Cannot find module '" + name + "' from '" + fromDir + "'"), { code: 'MODULE_NOT_FOUND' });
    return load(file);
  };
  require.resolve = (request) => resolveFile(String(request), fromDir) || request;
  require.cache = cache;
  return require;
}
function load(file) {
  if (cache.has(file)) return cache.get(file).exports;
  const module = { exports: {}, filename: file, id: file, loaded: false };
  cache.set(file, module);
  const source = host.read(file);
  if (file.endsWith('.json')) { module.exports = JSON.parse(source); return module.exports; }
  const wrapped = host.compile('(function (exports, require, module, __filename, __dirname) {' + source.replace(/^#!.*/, '') + '\n})', file);
  wrapped.call(module.exports, module.exports, makeRequire(path.dirname(file)), module, file, path.dirname(file));
  module.loaded = true;
  return module.exports;
}
globalThis.require = makeRequire(state.cwd);
globalThis.__runMain = (file) => {
  const found = host.stat(file);
  if (!found || JSON.parse(found).type !== 'file') throw Object.assign(new Error("Cannot find module '" + file + "'"), { code: 'MODULE_NOT_FOUND' });
  return load(file);
};
globalThis.global = globalThis;
})();
`;
