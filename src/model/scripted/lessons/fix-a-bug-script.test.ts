// The lesson's script really shows the bug and the fix in just-bash, the offline sandbox's
// shell (bash and echo only; no node or python needed).
import { Bash } from 'just-bash';
import { describe, expect, it } from 'vitest';
import type { ScriptedReply } from '../lesson-types';
import { BUGGY_SCRIPT_PATH, buggyScript, fixABug } from './fix-a-bug';

function editArgs(): { old_string: string; new_string: string } {
  const step = fixABug.steps.find((candidate): candidate is ScriptedReply =>
    typeof candidate !== 'function' && !!candidate.calls?.some((call) => call.name === 'edit'),
  );
  const args = step?.calls?.[0]?.args ?? {};
  return { old_string: String(args['old_string']), new_string: String(args['new_string']) };
}

describe('fix-a-bug lesson script', () => {
  it('prints the wrong count before the edit and the right count after it', async () => {
    const bash = new Bash();
    await bash.writeFile(`/home/user/${BUGGY_SCRIPT_PATH}`, buggyScript);
    const before = await bash.exec(`bash ${BUGGY_SCRIPT_PATH}`);
    expect(before.stdout).toBe('Hello, Ada!\nHello, Grace!\nHello, Linus!\nGreeted 0 people.\n');

    const { old_string, new_string } = editArgs();
    expect(buggyScript.split(old_string)).toHaveLength(2); // exactly one occurrence
    await bash.writeFile(`/home/user/${BUGGY_SCRIPT_PATH}`, buggyScript.replace(old_string, new_string));
    const after = await bash.exec(`bash ${BUGGY_SCRIPT_PATH}`);
    expect(after.stdout).toBe('Hello, Ada!\nHello, Grace!\nHello, Linus!\nGreeted 3 people.\n');
  });
});
