/**
 * Issue 22: every text a model reads from a bundled tool is in the village language. Each row is a
 * real call on a real temporary work folder that the tool refuses or answers without a model; an
 * English village must get no Japanese, a Japanese one its Japanese text.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../domain/enums.ts';
import type { AgentTool } from '../orchestrator/tool.ts';
import type { Village } from '../world/village.ts';
import { diffTool } from './diff/diff-tool.ts';
import { fdTool } from './fd/fd-tool.ts';
import { fileTool } from './file/file-tool.ts';
import { grepTool } from './grep/grep-tool.ts';
import { rememberTool } from './remember/remember-tool.ts';
import { runTool } from './run/run-tool.ts';
import { sdTool } from './sd/sd-tool.ts';
import { toolSandbox, type ToolSandbox } from './test-kit.ts';
import { yqTool } from './yq/yq-tool.ts';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/u;
/** Full-width forms and CJK punctuation (（）「」。、): none in an English text. */
const FULL_WIDTH = /[\u3000-\u303f\uff00-\uffef]/u;

// remember's refusal of an empty note comes before the village is touched.
const NO_VILLAGE = null as unknown as Village;

const CASES: [name: string, tool: () => AgentTool, args: Record<string, unknown>, english: RegExp][] = [
  ['file: unknown op', () => fileTool(), { op: 'nope', path: 'a.txt' }, /^Unknown op: nope/],
  ['file: missing file', () => fileTool(), { op: 'read', path: 'none.txt' }, /^Not found: none\.txt/],
  ['file: outside', () => fileTool(), { op: 'read', path: '../outside/x' }, /^Outside the work folder/],
  ['file: folder read', () => fileTool(), { op: 'read', path: 'dir' }, /^It is a folder: dir/],
  [
    'file: write over',
    () => fileTool(),
    { op: 'write', path: 'a.txt', content: 'x' },
    /^Already exists: a\.txt/,
  ],
  ['file: created', () => fileTool(), { op: 'write', path: 'new.txt', content: 'x' }, /^Created: new\.txt/],
  ['fd: no pattern', () => fdTool(), { pattern: 5 }, /^Give pattern/],
  ['fd: missing folder', () => fdTool(), { pattern: 'x', path: 'none' }, /^Not found: none/],
  ['fd: a file as folder', () => fdTool(), { pattern: 'x', path: 'a.txt' }, /^Not a folder: a\.txt\. fd/],
  ['fd: no match', () => fdTool(), { pattern: 'zzz' }, /^No file or folder has a name matching pattern/],
  ['fd: a listing', () => fdTool(), { pattern: 'txt' }, /\n\nMatches: 3 in all \(0 folders, 3 files\)\.$/],
  ['fd: a glob', () => fdTool(), { pattern: '*.ts' }, /^pattern got a glob/],
  ['grep: no match', () => grepTool(), { pattern: 'zzz' }, /^No match \(files read: 4\)\. Check pattern\./],
  [
    'grep: matches',
    () => grepTool(),
    { pattern: 'alpha' },
    /\n\nMatches: 1 in all \(1 file\)\.\nCounts by file/,
  ],
  ['grep: empty pattern', () => grepTool(), { pattern: '' }, /^pattern is empty/],
  ['grep: bad context', () => grepTool(), { pattern: 'x', context: 9 }, /^Give context/],
  ['grep: bad regex', () => grepTool(), { pattern: '(' }, /cannot be read as a regular expression/],
  ['grep: missing path', () => grepTool(), { pattern: 'x', path: 'none.txt' }, /^Not found: none\.txt/],
  ['diff: no path', () => diffTool(), { path_a: '' }, /^Give path_a/],
  ['diff: identical', () => diffTool(), { path_a: 'a.txt', path_b: 'a.txt' }, /^Identical: a\.txt/],
  [
    'diff: changes',
    () => diffTool(),
    { path_a: 'a.txt', path_b: 'b.txt' },
    /Changes: 1 hunk, 1 line added, 1 removed\./,
  ],
  ['sd: empty pattern', () => sdTool(), { pattern: '', replacement: '' }, /^pattern is empty/],
  [
    'sd: missing file',
    () => sdTool(),
    { pattern: 'a', replacement: 'b', path: 'none.txt' },
    /^Not found: none\.txt.*\nsd and yq only change existing files/,
  ],
  [
    'sd: paths with apply',
    () => sdTool(),
    { pattern: 'a', replacement: 'b', paths: ['a.txt'], apply: true },
    /^paths is for previews only/,
  ],
  [
    'sd: batch preview',
    () => sdTool(),
    { pattern: 'zzz', replacement: 'b', paths: ['a.txt'] },
    /^Preview of several files/,
  ],
  ['yq: bad op', () => yqTool(), { op: 'put', path: 'c.json', key: 'a' }, /^Give op/],
  [
    'yq: a missing key',
    () => yqTool(),
    { op: 'set', path: 'c.json', key: 'x.y', value: 1 },
    /^The key x on the way does not exist|^x does not exist/,
  ],
  ['yq: a bad key', () => yqTool(), { op: 'get', path: 'c.json', key: 'a b' }, /^The key is not well formed/],
  ['yq: not toml or json', () => yqTool(), { op: 'get', path: 'a.txt', key: 'a' }, /^yq handles only/],
  ['run: command not a string', () => runTool(), { command: 5 }, /^Give command as a string/],
  ['run: a path as command', () => runTool(), { command: 'bin/x' }, /^command cannot hold a path/],
  ['remember: empty note', () => rememberTool(NO_VILLAGE), { note: '  ' }, /^There is nothing to append/],
];

let box: ToolSandbox;
beforeEach(() => {
  box = toolSandbox();
  box.put('a.txt', 'alpha\n');
  box.put('b.txt', 'beta\n');
  box.put('dir/inner.txt', 'x\n');
  box.put('c.json', '{"a": 1}\n');
});
afterEach(() => box.cleanup());

const call = (tool: () => AgentTool, args: Record<string, unknown>, language: Language) =>
  tool().execute(args, box.ctx({ language }));

describe('bundled tool results follow the village language', () => {
  it.each(CASES)('%s', async (_name, tool, args, english) => {
    const en = await call(tool, args, 'en');
    expect(en).toMatch(english);
    expect(en).not.toMatch(JAPANESE);
    expect(en).not.toMatch(FULL_WIDTH);
    // (After the English call: a file it created makes the Japanese one a refusal, Japanese all the same.)
    expect(await call(tool, args, 'ja')).toMatch(JAPANESE);
  });

  it.each([
    ['file', () => fileTool(), { op: 'read', path: 'a.txt' }],
    ['fd', () => fdTool(), { pattern: 'x' }],
    ['grep', () => grepTool(), { pattern: 'x' }],
    ['diff', () => diffTool(), { path_a: 'a.txt', path_b: 'b.txt' }],
    ['sd', () => sdTool(), { pattern: 'a', replacement: 'b', path: 'a.txt' }],
    ['yq', () => yqTool(), { op: 'get', path: 'c.json', key: 'a' }],
  ] as const)('%s says so when no work folder is set', async (_name, tool, args) => {
    const en = await tool().execute({ ...args }, box.ctx({ language: 'en', workDir: null }));
    expect(en).toMatch(/^No work folder is set/);
    expect(await tool().execute({ ...args }, box.ctx({ language: 'ja', workDir: null }))).toMatch(
      /^作業フォルダが設定されていません/,
    );
  });
});
