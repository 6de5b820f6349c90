/**
 * Commands that need a real Node.js runtime. just-bash has none, so offline they answer
 * at once with exit code 127 and say why, instead of just-bash's bare "command not found".
 */
import type { CustomCommand } from 'just-bash';
import { defineCommand } from 'just-bash';

/** `node` itself runs offline, on QuickJS (node/node-command.ts); these need the real Node.js. */
export const WEBCONTAINER_ONLY_COMMANDS: readonly string[] = ['npm', 'npx', 'pnpm', 'yarn', 'tsc', 'vite'];

export function webContainerOnlyMessage(name: string): string {
  return (
    `${name}: not available in the offline sandbox. Running ${name} needs the WebContainer sandbox ` +
    '(Node.js in the browser), which did not start here: it needs a cross-origin-isolated page and a network ' +
    'connection. The offline shell still has files and text tools (ls, cat, grep, sed, awk, find, jq, ...).\n'
  );
}

export function webContainerOnlyCommands(): CustomCommand[] {
  return WEBCONTAINER_ONLY_COMMANDS.map((name) =>
    defineCommand(name, async () => ({ stdout: '', stderr: webContainerOnlyMessage(name), exitCode: 127 })),
  );
}
