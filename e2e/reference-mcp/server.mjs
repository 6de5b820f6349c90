// The reference MCP server (@modelcontextprotocol/server-everything, pinned), as a person would
// run it: `node dist/index.js streamableHttp`, its endpoint at /mcp on loopback, its own CORS.
// It is installed from npm once per machine (a folder in the system's temporary directory, kept
// for later runs; a half-finished install is never used: it is made aside and renamed), so a
// fresh clone's `npm test` needs the npm registry once. Its stdout says what it did ("Session
// initialized with ID: …", "Received session termination request for session …"), which the
// tests read.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const REFERENCE_MCP_PACKAGE = '@modelcontextprotocol/server-everything@2026.8.31';
const folder = join(tmpdir(), 'loopscope-server-everything-2026.8.31');
const entry = join(folder, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

/** Installs the server unless an earlier run did; answers how long it took (0 when it was there). */
export async function installReferenceMcp() {
  if (existsSync(entry)) return { ms: 0 };
  const started = Date.now();
  const aside = `${folder}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  mkdirSync(aside, { recursive: true });
  try {
    await promisify(execFile)('npm', ['install', '--prefix', aside, '--no-audit', '--no-fund', '--loglevel=error', '--no-save', REFERENCE_MCP_PACKAGE], { timeout: 240_000 });
    try {
      renameSync(aside, folder);
    } catch (thrown) {
      // Another worker finished first: use its copy.
      if (!existsSync(entry)) throw thrown;
    }
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  return { ms: Date.now() - started };
}

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts the installed server on a free port (or `port`); `restart()` starts it again on the same port. */
export async function startReferenceMcp({ port } = {}) {
  const chosen = port ?? (await freePort());
  let output = '';
  let child;
  const launch = async () => {
    child = spawn(process.execPath, [entry, 'streamableHttp'], { env: { ...process.env, PORT: String(chosen) }, stdio: ['ignore', 'pipe', 'pipe'] });
    const started = new Promise((resolve, reject) => {
      const onData = (chunk) => {
        output += chunk.toString();
        if (output.includes(`listening on port ${chosen}`)) resolve(undefined);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`The reference MCP server exited (${code}):\n${output}`)));
    });
    await started;
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    port: chosen,
    url: `http://127.0.0.1:${chosen}/mcp`,
    /** What the server printed so far, across restarts. */
    output: () => output,
    /** The sessions it opened, in order. */
    sessions: () => [...output.matchAll(/Session initialized with ID: (\S+)/g)].map((match) => match[1]),
    /** The sessions a DELETE ended. */
    ended: () => [...output.matchAll(/Received session termination request for session (\S+)/g)].map((match) => match[1]),
    stop,
    async restart() {
      await stop();
      await launch();
    },
  };
}
