// Lesson: write a buggy script, run it, read it, fix it with `edit`, run it again.
// The script needs only bash and echo, so it runs in the offline sandbox (just-bash).
import type { Lesson } from '../lesson-types';
import { outputOf, quote } from '../lesson-types';

export const BUGGY_SCRIPT_PATH = 'greet.sh';

export const buggyScript = `#!/bin/bash
# greet.sh: says hello to each name, then counts the people it greeted.
names="Ada Grace Linus"
count=0
for name in $names; do
  echo "Hello, $name!"
done
echo "Greeted $count people."
`;

const loopBody = '  echo "Hello, $name!"\n';
const fixedLoopBody = '  echo "Hello, $name!"\n  count=$((count + 1))\n';

const run = {
  name: 'run_shell_command',
  args: { command: `bash ${BUGGY_SCRIPT_PATH}`, description: 'Run the greeting script' },
};

export const fixABug: Lesson = {
  id: 'fix-bug',
  title: 'Fix a bug with an edit',
  prompt: 'Fix a bug with an edit',
  description: 'Writes a buggy shell script, runs it, reads it, fixes it with edit, and runs it again.',
  keywords: ['bug', 'fix', 'edit', 'debug', 'lesson 2'],
  steps: [
    {
      text: `First I need a bug to fix. I'll write a small shell script, \`${BUGGY_SCRIPT_PATH}\`, that greets three people and then counts them. It has a mistake in it.`,
      calls: [{ name: 'write_file', args: { file_path: BUGGY_SCRIPT_PATH, content: buggyScript } }],
    },
    { text: "Let's run it and look at what it prints.", calls: [run] },
    ({ responses }) => {
      const output = outputOf(responses[0]);
      if (!output.includes('Greeted 0 people')) {
        return {
          text: `The script printed something this lesson did not expect:\n${quote(output)}\nThis demo is scripted, so it stops here rather than guess. The lesson runs best in the offline sandbox (add \`?sandbox=offline\` to the address).`,
        };
      }
      return {
        text: `It printed:\n${quote(output)}\nIt greeted three people but says it greeted **0**. Let me read the script to see why.`,
        calls: [{ name: 'read_file', args: { file_path: BUGGY_SCRIPT_PATH } }],
      };
    },
    {
      thought: '**Finding the bug**\n`count` starts at 0 and nothing in the loop ever increases it.',
      text: "Found it: `count` starts at 0 and the loop never increases it. I'll add one line inside the loop with `edit`, which replaces an exact piece of text, so you can review the change as a diff.",
      calls: [
        {
          name: 'edit',
          args: { file_path: BUGGY_SCRIPT_PATH, old_string: loopBody, new_string: fixedLoopBody },
        },
      ],
    },
    { text: 'Now I run it again to check the fix.', calls: [run] },
    ({ responses }) => {
      const output = outputOf(responses[0]);
      const fixed = output.includes('Greeted 3 people');
      return {
        text: [
          `It now prints:\n${quote(output)}`,
          fixed
            ? '**Summary**: the counter was never incremented. One `edit` added `count=$((count + 1))` inside the loop, and the script now reports 3 people.'
            : '**Summary**: the edit went in, but the output is still not what the lesson expected, so have a look at `greet.sh` yourself.',
          '',
          'That was the whole agent loop five times over: the model asks for a tool, you approve, the tool runs, and its result goes back to the model. Open the **Loop inspector** to see each request and response.',
        ].join('\n'),
      };
    },
  ],
};
