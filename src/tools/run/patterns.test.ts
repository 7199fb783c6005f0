import { describe, expect, it } from 'vitest';
import type { HostInfo } from './host.ts';
import { parsePathext } from './host.ts';
import {
  commandProblem,
  decide,
  normalizeCommand,
  patternMatches,
  pendingPattern,
  sameRequest,
} from './patterns.ts';

const POSIX: HostInfo = { platform: 'linux', pathext: [] };
const WINDOWS: HostInfo = { platform: 'win32', pathext: parsePathext('.COM;.EXE;.BAT;.CMD') };

describe('patternMatches', () => {
  const table: [pattern: string, command: string, args: string[], expected: boolean][] = [
    // exact: token by token, "ruff" only without args
    ['ruff', 'ruff', [], true],
    ['ruff', 'ruff', ['check'], false],
    ['ruff check', 'ruff', ['check'], true],
    ['ruff check', 'ruff', ['check', '.'], false],
    ['ruff check', 'ruff', [], false],
    ['git log --oneline -5', 'git', ['log', '--oneline', '-5'], true],
    ['git log --oneline -5', 'git', ['log', '--oneline', '-6'], false],
    ['  git   log  ', 'git', ['log'], true],
    ['git\tlog', 'git', ['log'], true],
    // trailing *: zero or more further args
    ['ruff *', 'ruff', [], true],
    ['ruff *', 'ruff', ['check', '.'], true],
    ['ruff check *', 'ruff', ['check'], true],
    ['ruff check *', 'ruff', ['check', '--fix', '.'], true],
    ['ruff check *', 'ruff', ['format'], false],
    ['ruff check *', 'ruff', [], false],
    ['ruff *', 'black', [], false],
    // * alone and * elsewhere match nothing
    ['*', 'ruff', [], false],
    ['*', 'ruff', ['check'], false],
    [' * ', 'ruff', [], false],
    ['', 'ruff', [], false],
    ['   ', 'ruff', [], false],
    ['ruff * check', 'ruff', ['x', 'check'], false],
    ['ruff * check', 'ruff', ['*', 'check'], false],
    ['* ruff', 'ruff', [], false],
    ['ruff * *', 'ruff', ['x'], false],
    // * inside a token is an ordinary character
    ['ls *.py', 'ls', ['*.py'], true],
    ['ls *.py', 'ls', ['a.py'], false],
    ['ruff*', 'ruff', [], false],
    // the command is compared lower-cased, args as written
    ['RUFF check', 'ruff', ['check'], true],
    ['ruff check', 'Ruff', ['check'], true],
    ['ruff Check', 'ruff', ['check'], false],
    ['rm -r *', 'rm', ['-R', 'x'], false],
    // whitespace inside an arg is one token: only a trailing * can cover it
    ['echo a b', 'echo', ['a b'], false],
    ['echo a b', 'echo', ['a', 'b'], true],
    ['echo *', 'echo', ['a b'], true],
    ['python -c *', 'python', ['-c', 'print(1); print(2)'], true],
    ['echo', 'echo', [''], false],
    ['echo *', 'echo', [''], true],
    // a path in the pattern never names the same program as a bare command
    ['./ruff', 'ruff', [], false],
    ['/usr/bin/ruff *', 'ruff', [], false],
  ];
  it.each(table)('%j vs %j %j -> %j', (pattern, command, args, expected) => {
    expect(patternMatches(pattern, command, args, POSIX)).toBe(expected);
  });

  it('strips a PATHEXT extension on Windows only', () => {
    expect(patternMatches('python *', 'python.exe', ['x'], WINDOWS)).toBe(true);
    expect(patternMatches('Python.EXE *', 'PYTHON', [], WINDOWS)).toBe(true);
    expect(patternMatches('ruff.cmd', 'ruff', [], WINDOWS)).toBe(true);
    expect(patternMatches('python *', 'python.exe', ['x'], POSIX)).toBe(false);
    expect(patternMatches('python.py *', 'python', [], WINDOWS)).toBe(false);
  });
});

describe('normalizeCommand and commandProblem', () => {
  it('lower-cases, and strips one PATHEXT extension on Windows', () => {
    expect(normalizeCommand('Git', POSIX)).toBe('git');
    expect(normalizeCommand('Git.EXE', POSIX)).toBe('git.exe');
    expect(normalizeCommand('Git.EXE', WINDOWS)).toBe('git');
    expect(normalizeCommand('a.exe.exe', WINDOWS)).toBe('a.exe');
    expect(normalizeCommand('.exe', WINDOWS)).toBe('.exe');
  });

  it('refuses separators, whitespace, NUL and the empty command', () => {
    expect(commandProblem('git')).toBeNull();
    expect(commandProblem('python3.12')).toBeNull();
    for (const bad of ['./git', '/usr/bin/git', 'bin\\git', 'C:git', 'a:b']) {
      expect(commandProblem(bad)).toBe('separator');
    }
    expect(commandProblem('git log')).toBe('whitespace');
    expect(commandProblem('')).toBe('empty');
    expect(commandProblem('git\0')).toBe('nul');
  });
});

describe('decide', () => {
  const policy = { allow: ['git *', 'ruff', 'node *'], deny: ['git push *', 'node -e *'] };

  it('allows, denies and leaves the rest pending; deny wins over allow', () => {
    expect(decide(policy, 'git', ['log'], POSIX)).toBe('allow');
    expect(decide(policy, 'git', ['push', 'origin'], POSIX)).toBe('deny');
    expect(decide(policy, 'git', ['push'], POSIX)).toBe('deny');
    expect(decide(policy, 'ruff', [], POSIX)).toBe('allow');
    expect(decide(policy, 'ruff', ['check'], POSIX)).toBe('pending');
    expect(decide(policy, 'node', ['-e', 'x'], POSIX)).toBe('deny');
    expect(decide(policy, 'node', ['script.js'], POSIX)).toBe('allow');
    expect(decide(policy, 'cargo', ['test'], POSIX)).toBe('pending');
  });

  it('is pending for everything with no lists (fail closed)', () => {
    expect(decide({ allow: [], deny: [] }, 'git', [], POSIX)).toBe('pending');
  });

  it('never allows a command with a path, even when a pattern names it', () => {
    const withPaths = { allow: ['./git *', 'git *', '/usr/bin/git *'], deny: [] };
    expect(decide(withPaths, './git', ['log'], POSIX)).toBe('deny');
    expect(decide(withPaths, '/usr/bin/git', ['log'], POSIX)).toBe('deny');
    expect(decide(withPaths, 'C:git', ['log'], WINDOWS)).toBe('deny');
    expect(decide(withPaths, 'git', ['log'], POSIX)).toBe('allow');
  });

  it('treats git and GIT.exe as one program on Windows', () => {
    expect(decide({ allow: ['git *'], deny: ['git.exe push *'] }, 'GIT.exe', ['push'], WINDOWS)).toBe('deny');
    expect(decide({ allow: ['git *'], deny: [] }, 'Git.Exe', ['log'], WINDOWS)).toBe('allow');
  });
});

describe('sameRequest', () => {
  it('compares the command as matching does and the args exactly', () => {
    const entry = { command: 'Git', args: ['log'] };
    expect(sameRequest(entry, 'git', ['log'], POSIX)).toBe(true);
    expect(sameRequest(entry, 'git', ['Log'], POSIX)).toBe(false);
    expect(sameRequest(entry, 'git', ['log', '-p'], POSIX)).toBe(false);
    expect(sameRequest({ command: 'git.exe', args: [] }, 'git', [], WINDOWS)).toBe(true);
  });
});

describe('pendingPattern', () => {
  it('builds the exact and the open form', () => {
    const entry = { command: 'git', args: ['log', '--oneline', '-5'] };
    expect(pendingPattern(entry, false, POSIX)).toBe('git log --oneline -5');
    expect(pendingPattern(entry, true, POSIX)).toBe('git log *');
    expect(pendingPattern({ command: 'ruff', args: [] }, false, POSIX)).toBe('ruff');
    expect(pendingPattern({ command: 'ruff', args: [] }, true, POSIX)).toBe('ruff *');
  });

  it('refuses what a pattern cannot express instead of writing something else', () => {
    // exact: whitespace, empty and * args would not round-trip
    expect(pendingPattern({ command: 'python', args: ['-c', 'print(1)  '] }, false, POSIX)).toBeNull();
    expect(pendingPattern({ command: 'echo', args: ['a b'] }, false, POSIX)).toBeNull();
    expect(pendingPattern({ command: 'echo', args: [''] }, false, POSIX)).toBeNull();
    expect(pendingPattern({ command: 'find', args: ['.', '-name', '*'] }, false, POSIX)).toBeNull();
    expect(pendingPattern({ command: 'echo', args: ['*', 'x'] }, false, POSIX)).toBeNull();
    // open fixes only the first argument, so later ones do not matter
    expect(pendingPattern({ command: 'python', args: ['-c', 'print(1); print(2)'] }, true, POSIX)).toBe(
      'python -c *',
    );
    expect(pendingPattern({ command: 'echo', args: ['a b', 'c'] }, true, POSIX)).toBeNull();
    expect(pendingPattern({ command: 'echo', args: ['*'] }, true, POSIX)).toBeNull();
    // a command that cannot be matched has no pattern at all
    expect(pendingPattern({ command: './ruff', args: [] }, true, POSIX)).toBeNull();
  });

  it('always builds a pattern that matches its own entry, the open one a superset of the exact one', () => {
    const entries = [
      { command: 'git', args: ['log', '--oneline', '-5'] },
      { command: 'Ruff', args: [] },
      { command: 'ls', args: ['*.py'] },
      { command: 'npm', args: ['test', '--', '--watch=false'] },
    ];
    for (const entry of entries) {
      const exact = pendingPattern(entry, false, POSIX);
      const open = pendingPattern(entry, true, POSIX);
      expect(exact).not.toBeNull();
      expect(open).not.toBeNull();
      expect(patternMatches(exact ?? '', entry.command, entry.args, POSIX)).toBe(true);
      expect(patternMatches(open ?? '', entry.command, entry.args, POSIX)).toBe(true);
      expect(patternMatches(exact ?? '', entry.command, [...entry.args, 'more'], POSIX)).toBe(false);
    }
  });
});

describe('argument case', () => {
  it('allow compares arguments as written, deny folds them: the difference only ever stops a call', () => {
    const policy = { allow: ['reg *', 'git log -S *'], deny: ['reg delete *'] };
    expect(decide(policy, 'reg', ['DELETE', 'HKCU\\x'])).toBe('deny');
    expect(decide(policy, 'reg', ['query', 'HKCU\\x'])).toBe('allow');
    expect(decide(policy, 'git', ['log', '-S', 'x'])).toBe('allow');
    expect(decide(policy, 'git', ['log', '-s', 'x'])).toBe('pending');
  });
});
