/**
 * Test support for fault suite T2: a sandbox with planted files inside and outside its
 * workspace, symlinks inside that lead out, a secret whose content must never come back, and
 * a snapshot of everything outside the workspace.
 *
 * - offline: the whole just-bash virtual file system outside /workspace (reached through
 *   `capturedFileSystems`, so the test file must mock just-bash with `recordingJustBash`),
 *   with planted files in /outside, /etc, / and a prefix sibling /workspace-sibling.
 * - webcontainer: the WebContainer adapter over the Node double, whose workspace is a real
 *   temporary folder inside a tree of ours: base/{outer-secret.txt, parent/{parent-secret.txt,
 *   sibling/…, <workspace>, <workspace>-sibling/…}}. Everything under base except the
 *   workspace is snapshotted. Shell commands there run in a real bash on this machine, so
 *   `guardHostCommand` refuses (as a test bug) any command that could reach beyond base.
 */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { createOfflineSandbox, OFFLINE_WORKSPACE_ROOT } from '../../sandbox/offline/offline-sandbox';
import type { NodeContainer } from '../../sandbox/webcontainer/testing/node-container';
import { createNodeContainer } from '../../sandbox/webcontainer/testing/node-container';
import { createWebContainerSandbox } from '../../sandbox/webcontainer/webcontainer-sandbox';
import type { Sandbox } from '../../sandbox/types';
import type { FaultTargets } from './argument-faults';
import { INSIDE_FILES } from './argument-faults';
import { capturedFileSystems } from './captured-file-systems';
import type { Snapshot } from './outside-snapshot';
import { snapshotDirectory, snapshotVirtualFileSystem } from './outside-snapshot';

export type FaultSandboxName = 'offline' | 'webcontainer';

export interface FaultEnvironment {
  name: FaultSandboxName;
  sandbox: Sandbox;
  targets: FaultTargets;
  /** Content of every planted outside file; no tool result may contain it. */
  secret: string;
  /** A file name used only outside the workspace; no listing may contain it. */
  outsideOnlyName: string;
  snapshotOutside(): Promise<Snapshot>;
  /** Throws when a generated shell command could reach beyond what this environment watches. */
  guardHostCommand(command: string): void;
  dispose(): Promise<void>;
}

const OUTSIDE_ONLY_NAME = 't2-outside-only.txt';

export function createFaultEnvironment(name: FaultSandboxName): Promise<FaultEnvironment> {
  return name === 'offline' ? createOfflineFaultEnvironment() : createWebContainerFaultEnvironment();
}

async function createOfflineFaultEnvironment(): Promise<FaultEnvironment> {
  const before = capturedFileSystems.length;
  const sandbox = await createOfflineSandbox({ files: INSIDE_FILES });
  const fs = capturedFileSystems[before];
  if (fs === undefined) throw new Error('The offline fault environment needs vi.mock("just-bash", …recordingJustBash) in the test file.');
  const secret = 'T2-SECRET-offline-4f1c';
  const root = OFFLINE_WORKSPACE_ROOT;
  for (const path of ['/outside/secret.txt', `/outside/${OUTSIDE_ONLY_NAME}`, '/secret.txt', '/etc/t2-config', `${root}-sibling/secret.txt`, '/home/project-note.txt']) {
    await fs.mkdir(dirname(path), { recursive: true });
    await fs.writeFile(path, secret);
  }
  await fs.symlink('/outside', `${root}/link-out`);
  await fs.symlink('/secret.txt', `${root}/link-secret`);
  await fs.symlink('/outside/not-yet.txt', `${root}/dangling-out`);
  await fs.symlink('..', `${root}/link-parent`);
  await fs.symlink('../workspace-sibling', `${root}/src/link-sibling`);
  const targets: FaultTargets = {
    outsideAbsolute: ['/outside/secret.txt', '/outside', '/secret.txt', '/etc/t2-config', `${root}-sibling/secret.txt`, '/home/project-note.txt'],
    outwardLinks: ['link-out', 'link-secret', 'dangling-out', 'link-parent', 'src/link-sibling'],
    shellTargets: ['/etc/x', '/x', '../y', '../../y', '/outside/secret.txt', '/secret.txt', '../workspace-sibling/secret.txt', '~/../y', '../../../../../y'],
    shellOutsideDirectories: ['..', '../..', '/', '/etc', '~/..', '/outside'],
  };
  return {
    name: 'offline',
    sandbox,
    targets,
    secret,
    outsideOnlyName: OUTSIDE_ONLY_NAME,
    snapshotOutside: () => snapshotVirtualFileSystem(fs, root),
    guardHostCommand: () => {},
    dispose: () => sandbox.dispose(),
  };
}

async function createWebContainerFaultEnvironment(): Promise<FaultEnvironment> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'loopscope-t2-')));
  const parent = join(base, 'parent');
  await mkdir(join(parent, 'sibling'), { recursive: true });
  const container = await containerIn(parent);
  const root = container.workdir;
  const rootSibling = `${root}-sibling`;
  await mkdir(rootSibling);
  const secret = 'T2-SECRET-webcontainer-9b2e';
  for (const path of [join(base, 'outer-secret.txt'), join(base, OUTSIDE_ONLY_NAME), join(parent, 'parent-secret.txt'), join(parent, 'sibling', 'secret.txt'), join(parent, 'sibling', OUTSIDE_ONLY_NAME), join(rootSibling, 'secret.txt')]) {
    await writeFile(path, secret);
  }
  const sandbox = createWebContainerSandbox(container);
  for (const [path, content] of Object.entries(INSIDE_FILES)) await sandbox.writeFile(path, content);
  await symlink(join(parent, 'sibling'), join(root, 'link-out'));
  await symlink(join(base, 'outer-secret.txt'), join(root, 'link-secret'));
  await symlink(join(parent, 'sibling', 'not-yet.txt'), join(root, 'dangling-out'));
  await symlink('..', join(root, 'link-parent'));
  await symlink(`../../${basename(rootSibling)}`, join(root, 'src', 'link-sibling'));
  const targets: FaultTargets = {
    outsideAbsolute: [join(base, 'outer-secret.txt'), join(parent, 'sibling', 'secret.txt'), join(parent, 'sibling'), parent, join(rootSibling, 'secret.txt'), root],
    outwardLinks: ['link-out', 'link-secret', 'dangling-out', 'link-parent', 'src/link-sibling'],
    shellTargets: ['../y', '../../y', '../sibling/secret.txt', '../parent-secret.txt', '../../outer-secret.txt', join(base, 'outer-secret.txt'), join(parent, 'sibling', 'new.txt'), join(rootSibling, 'secret.txt'), '~/../y'],
    shellOutsideDirectories: ['..', '../..', '~/..', base, rootSibling],
  };
  return {
    name: 'webcontainer',
    sandbox,
    targets,
    secret,
    outsideOnlyName: OUTSIDE_ONLY_NAME,
    snapshotOutside: () => snapshotDirectory(base, root),
    guardHostCommand: (command) => guardHostCommand(command, base),
    async dispose() {
      await sandbox.dispose();
      await container.destroy();
      await rm(base, { recursive: true, force: true });
    },
  };
}

/** The Node double makes its folder in os.tmpdir(), which follows TMPDIR. */
async function containerIn(directory: string): Promise<NodeContainer> {
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = directory;
  try {
    return await createNodeContainer();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

/**
 * A generated command may name absolute paths only under `base`, and climb at most three
 * levels (the workspace sits two below base; `dir_path` adds at most one).
 */
function guardHostCommand(command: string, base: string): void {
  const absolutes = command.match(/(?<=^|[\s=>(|;&'"])\/[^\s;|&)'"]*/g) ?? [];
  const outside = absolutes.filter((path) => path !== base && !path.startsWith(`${base}/`));
  const climbs = (command.match(/\.\.(?=\/|\s|$|;|\))/g) ?? []).length;
  if (outside.length > 0 || climbs > 3 || /\bcd(\s+(\/|~\/?)?)?(\s*$|\s*[;&|)])/.test(command)) {
    throw new Error(`Test bug: command ${JSON.stringify(command.slice(0, 200))} could reach beyond ${base} on this machine.`);
  }
}
