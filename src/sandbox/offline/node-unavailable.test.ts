import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from './offline-sandbox';

describe('offline sandbox without Node.js\'s tools', () => {
  it.each(['npm install', 'npx vite', 'pnpm i', 'tsc -p .'])('%j exits 127 and says it needs WebContainer', async (command) => {
    const sandbox = await createOfflineSandbox();
    const result = await sandbox.exec(command);
    expect(result.exitCode).toBe(127);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/not available in the offline sandbox/);
    expect(result.stderr).toMatch(/needs the WebContainer sandbox/);
  });

  it('lets a script notice the failure and go on', async () => {
    const sandbox = await createOfflineSandbox();
    const result = await sandbox.exec('npm test || echo "fallback ran with $?"');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('fallback ran with 127\n');
  });

  it('never reports a dev server', async () => {
    const sandbox = await createOfflineSandbox();
    let calls = 0;
    const unsubscribe = sandbox.onServerReady(() => calls++);
    await sandbox.exec('npm run dev');
    unsubscribe();
    expect(calls).toBe(0);
  });
});

describe('offline sandbox seed files', () => {
  it('starts with the given files inside the workspace', async () => {
    const sandbox = await createOfflineSandbox({ files: { 'src/main.ts': 'main', 'logo.bin': new Uint8Array([0, 255]) } });
    expect(await sandbox.readTextFile('src/main.ts')).toBe('main');
    expect(Array.from(await sandbox.readFile('logo.bin'))).toEqual([0, 255]);
    expect((await sandbox.exec('cat src/main.ts')).stdout).toBe('main');
  });

  it('rejects a seed file outside the workspace', async () => {
    await expect(createOfflineSandbox({ files: { '../evil.txt': 'x' } })).rejects.toMatchObject({ kind: 'sandbox', code: 'EOUTSIDE' });
  });

  it('copies binary content instead of keeping the caller\'s buffer', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const sandbox = await createOfflineSandbox();
    await sandbox.writeFile('b.bin', bytes);
    bytes[0] = 9;
    expect(Array.from(await sandbox.readFile('b.bin'))).toEqual([1, 2, 3]);
  });
});
