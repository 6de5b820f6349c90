/** Spec H2: which shell commands count toward git inspection stagnation. */
import { describe, expect, it } from 'vitest';
import { isGitOverviewInspectionCommand, isShellInspectionCall } from './shell-inspection';

describe('git overview inspection commands', () => {
  it.each([
    'git status',
    'git status --short',
    'git diff',
    'git diff HEAD',
    'git diff --stat',
    'git diff --cached HEAD~2',
    'git diff HEAD^',
    'git diff @',
    'git diff 1a2b3c4',
    'git diff main..feature',
    'git diff main...HEAD --',
    'git ls-files',
    'git -C repo status',
    'git --no-pager diff',
    'GIT STATUS',
    'git status && git diff',
    'git status; git diff --stat',
    'git status || git ls-files',
    'git status & git diff',
    'git status\ngit diff HEAD',
  ])('counts %j', (command) => {
    expect(isGitOverviewInspectionCommand(command)).toBe(true);
  });

  it.each([
    'git diff -- src/a.ts',
    'git diff HEAD -- src/a.ts',
    'git diff src/a.ts',
    'git log',
    'git add . && git status',
    'git status && npm test',
    'git status | grep modified',
    'git statuses',
    'echo git status',
    '',
    '  ;  ',
  ])('does not count %j', (command) => {
    expect(isGitOverviewInspectionCommand(command)).toBe(false);
  });

  it('only run_shell_command calls with a string command qualify', () => {
    expect(isShellInspectionCall({ name: 'run_shell_command', args: { command: 'git status' } })).toBe(true);
    expect(isShellInspectionCall({ name: 'shell', args: { command: 'git status' } })).toBe(false);
    expect(isShellInspectionCall({ name: 'run_shell_command', args: { command: ['git', 'status'] } })).toBe(false);
  });
});
