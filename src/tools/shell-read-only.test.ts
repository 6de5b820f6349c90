import { describe, expect, it } from 'vitest';
import { isReadOnlyShellCommand, splitCommands } from './shell-read-only';

describe('isReadOnlyShellCommand (fail-closed)', () => {
  it.each([
    'ls',
    'ls -la src',
    'cat package.json',
    'head -n 20 src/app.ts',
    'tail -5 log.txt',
    'wc -l src/*.ts',
    'grep -rn "TODO" src',
    "grep '>' file.txt",
    'rg --files',
    'find . -name "*.ts" -type f',
    'pwd',
    'echo hello',
    'echo $HOME',
    'git status',
    'git log --oneline -5',
    'git diff HEAD~1',
    'git show HEAD:src/app.ts',
    'git --no-pager log',
    'git branch',
    'git branch -a',
    'ls | wc -l',
    'cat a.txt | grep foo | sort | uniq -c',
    'cd src && ls',
    'ls; pwd',
    'test -f a || echo missing',
    "sed -n '1,20p' src/app.ts",
    'ls\npwd',
    'sort -r -n in.txt',
    'sort --reverse in.txt',
    'tree -a src',
    'git grep -n foo',
  ])('accepts %j', (command) => {
    expect(isReadOnlyShellCommand(command)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['unknown command', 'npm install'],
    ['node', 'node script.js'],
    ['rm', 'rm -rf src'],
    ['redirection', 'echo hi > file.txt'],
    ['append redirection', 'cat a >> b'],
    ['input redirection', 'sort < a.txt'],
    ['stderr redirection', 'ls 2>/dev/null'],
    ['pipe into a non-allowed command', 'cat script.sh | sh'],
    ['pipe into xargs', 'find . -name "*.tmp" | xargs rm'],
    ['command substitution', 'echo $(rm -rf /)'],
    ['command substitution in double quotes', 'echo "$(touch x)"'],
    ['backticks', 'echo `touch x`'],
    ['parameter expansion', 'echo ${X:=1}'],
    ['arithmetic', 'echo $((1+1))'],
    ['process substitution', 'diff <(ls) <(ls)'],
    ['&& chain with a writer', 'ls && touch x'],
    ['; chain with a writer', 'ls; rm a'],
    ['|| chain with a writer', 'test -f a || mkdir a'],
    ['background &', 'ls &'],
    ['subshell', '(ls)'],
    ['brace group', '{ ls; }'],
    ['assignment prefix', 'FOO=1 ls'],
    ['find -exec', 'find . -exec rm {} \\;'],
    ['find -delete', 'find . -name "*.o" -delete'],
    ['sed -i', "sed -i 's/a/b/' file"],
    ['sed with a script', "sed 's/a/b/w out' file"],
    ['awk', "awk '{print > \"x\"}' file"],
    ['sort -o', 'sort -o out.txt in.txt'],
    ['git commit', 'git commit -m x'],
    ['git checkout', 'git checkout main'],
    ['git branch creating', 'git branch feature'],
    ['git -c', 'git -c core.pager=sh log'],
    ['git diff --output', 'git diff --output=patch.diff'],
    ['env running a command', 'env rm x'],
    ['unterminated quote', 'echo "hi'],
    ['trailing backslash', 'ls \\'],
    ['|&', 'ls |& cat'],
    ['comment', 'ls # rm -rf'],
    ['empty segment', 'ls ;; pwd'],
    ['rg --pre', 'rg --pre ./run.sh foo'],
    ['sort -o glued to its file', 'sort -oout.txt in.txt'],
    ['sort -o inside a flag group', 'sort -ro out.txt in.txt'],
    ['tree -o inside a flag group', 'tree -ao out.txt'],
    ['git grep -O inside a flag group', 'git grep -Ovim x'],
    ['an abbreviated long option', 'sort --outp=f in.txt'],
    ['an abbreviated --compress-program', 'sort --compress-p=sh in.txt'],
    ['an abbreviated git --output', 'git log --out=log.txt'],
    ['date -s inside a flag group', 'date -us 2020-01-01'],
    ['printf -v inside a flag group', 'printf -Xv x y'],
  ])('refuses %s: %j', (_label, command) => {
    expect(isReadOnlyShellCommand(command)).toBe(false);
  });

  it('refuses a non-string without throwing', () => {
    expect(isReadOnlyShellCommand(42 as unknown as string)).toBe(false);
  });

  it('splits at pipes and lists and removes quotes', () => {
    expect(splitCommands(`grep -n 'a b' "c d" | wc -l && echo x\\ y`)).toEqual([
      ['grep', '-n', 'a b', 'c d'],
      ['wc', '-l'],
      ['echo', 'x y'],
    ]);
  });
});
