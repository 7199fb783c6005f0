import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { MAX_FILE_BYTES } from '../work-dir/limits.ts';
import { WORK_DIR_TEXTS } from '../work-dir/texts.ts';
import { grepTool } from './grep-tool.ts';

const T = WORK_DIR_TEXTS.ja;

let box: ToolSandbox;
beforeEach(() => {
  box = toolSandbox();
});
afterEach(() => box.cleanup());

const grep = (args: Record<string, unknown>, tool = grepTool()) => tool.execute(args, box.ctx());

describe('grep spec', () => {
  it('is offered with a reason field and a bilingual description naming the regex syntax', async () => {
    const tool = grepTool();
    expect(tool.name).toBe('grep');
    expect(tool.wantsReason).toBe(true);
    const ja = await tool.specFor(box.ctx({ language: 'ja' }));
    const en = await tool.specFor(box.ctx({ language: 'en' }));
    expect(ja!.description).toContain('JavaScript の RegExp 構文（u フラグ）');
    expect(en!.description).toContain('JavaScript RegExp syntax (with the `u` flag)');
    expect(ja!.parameters).toMatchObject({
      type: 'object',
      required: ['pattern'],
      properties: {
        pattern: { type: 'string' },
        path: { type: 'string' },
        include: { type: 'string' },
        context: { type: 'integer' },
        case_insensitive: { type: 'boolean' },
        count_only: { type: 'boolean' },
      },
    });
  });
});

describe('grep basics', () => {
  it('answers with guidance, not an error, when no work folder is set', async () => {
    expect(await grepTool().execute({ pattern: 'x' }, box.ctx({ workDir: null }))).toBe(T.workDirMissing);
  });

  it('returns path:line:text in walk order, then the counts in the village language', async () => {
    box.put('b.txt', 'one hit\ntwo\n');
    box.put('a/c.md', 'hit\nhit again\n');
    box.put('a/d.md', 'nothing\n');
    const lines = ['a/c.md:1:hit', 'a/c.md:2:hit again', 'b.txt:1:one hit', ''];
    const ja = await grepTool().execute({ pattern: 'hit' }, box.ctx({ language: 'ja' }));
    expect(ja).toBe(
      [
        ...lines,
        '一致: 全 3 件（2 ファイル）。',
        'ファイル別の件数（多い順）:',
        '- a/c.md: 2 件',
        '- b.txt: 1 件',
      ].join('\n'),
    );
    const en = await grepTool().execute({ pattern: 'hit' }, box.ctx({ language: 'en' }));
    expect(en).toBe(
      [
        ...lines,
        'Matches: 3 in all (2 files).',
        'Counts by file (most first):',
        '- a/c.md: 2',
        '- b.txt: 1',
      ].join('\n'),
    );
  });

  it('narrows to a folder or one file given as path', async () => {
    box.put('b.txt', 'hit\n');
    box.put('a/c.md', 'hit\n');
    expect(await grep({ pattern: 'hit', path: 'a' })).toMatch(/^a\/c\.md:1:hit\n\n/u);
    expect(await grep({ pattern: 'hit', path: './b.txt' })).toMatch(
      /^b\.txt:1:hit\n\n一致: 全 1 件（1 ファイル）。/u,
    );
  });

  it('is case-sensitive unless case_insensitive is set', async () => {
    box.put('a.txt', 'Hit\nhit\n');
    expect(await grep({ pattern: 'HIT' })).toContain('一致はありませんでした（読んだファイル 1 件）。');
    expect(await grep({ pattern: 'HIT', case_insensitive: true })).toMatch(/^a\.txt:1:Hit\na\.txt:2:hit\n/u);
  });

  it('matches $ at the end of CRLF lines and shows no \\r', async () => {
    box.put('w.txt', 'a hit\r\nb\r\n');
    expect(await grep({ pattern: 'hit$' })).toMatch(/^w\.txt:1:a hit\n\n/u);
  });

  it('says what was read and what to try when nothing matches', async () => {
    box.put('a.txt', 'x\n');
    expect(await grep({ pattern: 'nope' })).toBe(
      '一致はありませんでした（読んだファイル 1 件）。pattern を見直してください。大文字小文字を区別しない検索は case_insensitive: true。',
    );
  });

  it('returns argument failures as text', async () => {
    expect(await grep({})).toBe('pattern（行に対する正規表現）を文字列で指定してください。');
    expect(await grep({ pattern: { a: 1 } })).toBe(
      'pattern（行に対する正規表現）を文字列で指定してください。',
    );
    expect(await grep({ pattern: '(' })).toBe(
      'pattern を正規表現として解釈できません: Unterminated group（JavaScript の RegExp 構文、u フラグ）。書き直してください。',
    );
    expect(await grep({ pattern: 'x', path: 7 })).toBe(T.pathNotString());
  });

  it('clips long lines to 240 characters around the match', async () => {
    box.put('min.js', `${'a'.repeat(400)}hit${'b'.repeat(400)}\n`);
    const text = await grep({ pattern: 'hit' });
    expect(text.split('\n')[0]).toBe(`min.js:1:…${'a'.repeat(60)}hit${'b'.repeat(177)}…`);
  });
});

describe('grep boundary', () => {
  it('tells missing from outside, for .. and for absolute paths', async () => {
    writeFileSync(join(box.outside, 'secret.txt'), 'hit secret\n');
    expect(await grep({ pattern: 'hit', path: 'nope' })).toBe(T.missing('nope'));
    expect(await grep({ pattern: 'hit', path: '../outside/secret.txt' })).toBe(
      T.outside('../outside/secret.txt'),
    );
    expect(await grep({ pattern: 'hit', path: '..' })).toBe(T.outside('..'));
    const abs = join(box.outside, 'secret.txt');
    expect(await grep({ pattern: 'hit', path: abs })).toBe(T.outside(abs));
  });

  it('takes an absolute path inside the work folder and shows it relative', async () => {
    box.put('in/a.txt', 'hit\n');
    expect(await grep({ pattern: 'hit', path: join(box.workDir, 'in') })).toMatch(/^in\/a\.txt:1:hit\n/u);
  });

  it('never reads through a link pointing out, named or walked', async () => {
    writeFileSync(join(box.outside, 'secret.txt'), 'hit secret\n');
    symlinkSync(join(box.outside, 'secret.txt'), join(box.workDir, 'leak.txt'));
    symlinkSync(box.outside, join(box.workDir, 'leakdir'));
    box.put('own.txt', 'hit own\n');
    expect(await grep({ pattern: 'hit', path: 'leak.txt' })).toBe(T.outside('leak.txt'));
    expect(await grep({ pattern: 'hit', path: 'leakdir' })).toBe(T.outside('leakdir'));
    const all = await grep({ pattern: 'hit' });
    expect(all).not.toContain('secret');
    expect(all).toMatch(/^own\.txt:1:hit own\n\n一致: 全 1 件（1 ファイル）。/u);
  });

  it('does not walk a symlinked folder inside, but follows a named link to its real path', async () => {
    box.put('real/a.txt', 'hit\n');
    symlinkSync(join(box.workDir, 'real'), join(box.workDir, 'alias'));
    expect(await grep({ pattern: 'hit' })).toMatch(/^real\/a\.txt:1:hit\n\n一致: 全 1 件（1 ファイル）。/u);
    expect(await grep({ pattern: 'hit', path: 'alias' })).toMatch(/^real\/a\.txt:1:hit\n/u);
  });

  it('skips hidden and build folders in a walk, but searches one named on purpose', async () => {
    for (const rel of ['node_modules/m/i.js', '.git/config', 'dist/o.js', 'vendor/v.txt', '.hidden/h.txt'])
      box.put(rel, 'hit\n');
    box.put('src/s.txt', 'hit\n');
    expect(await grep({ pattern: 'hit' })).toMatch(/^src\/s\.txt:1:hit\n\n一致: 全 1 件（1 ファイル）。/u);
    expect(await grep({ pattern: 'hit', path: 'node_modules' })).toMatch(/^node_modules\/m\/i\.js:1:hit\n/u);
  });
});

describe('grep skipped files', () => {
  it('counts binary and oversized files it did not read', async () => {
    box.put('bin.dat', Buffer.from([0x68, 0x69, 0x74, 0x00, 0x01]));
    box.put('big.txt', Buffer.alloc(MAX_FILE_BYTES + 1, 0x61));
    box.put('ok.txt', 'hit\n');
    expect(await grep({ pattern: 'hit' })).toBe(
      [
        'ok.txt:1:hit',
        '',
        '一致: 全 1 件（1 ファイル）。',
        'ファイル別の件数（多い順）:',
        '- ok.txt: 1 件',
        '読まなかったファイル: バイナリ 1 件、2 MiB を超えるもの 1 件。これらの中身は grep では検索できません（呼び直しても同じです）。',
      ].join('\n'),
    );
  });

  it('names the reason when the one file given is binary or too large', async () => {
    box.put('bin.dat', Buffer.from([0x68, 0x00]));
    box.put('big.txt', Buffer.alloc(MAX_FILE_BYTES + 1, 0x61));
    expect(await grep({ pattern: 'a', path: 'bin.dat' })).toBe(T.binary('bin.dat'));
    expect(await grep({ pattern: 'a', path: 'big.txt' })).toBe(T.tooLarge('big.txt', MAX_FILE_BYTES + 1));
  });
});
