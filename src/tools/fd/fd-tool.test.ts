import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { WORK_DIR_TEXTS } from '../work-dir/texts.ts';
import { fdTool } from './fd-tool.ts';

const T = WORK_DIR_TEXTS.ja;

let box: ToolSandbox;
beforeEach(() => {
  box = toolSandbox();
});
afterEach(() => box.cleanup());

const fd = (args: Record<string, unknown>, tool = fdTool()) => tool.execute(args, box.ctx());

describe('fd spec', () => {
  it('is offered with a reason field and a bilingual description', async () => {
    const tool = fdTool();
    expect(tool.name).toBe('fd');
    expect(tool.wantsReason).toBe(true);
    const ja = await tool.specFor(box.ctx({ language: 'ja' }));
    const en = await tool.specFor(box.ctx({ language: 'en' }));
    expect(ja!.description).toContain('JavaScript の RegExp 構文（u フラグ）');
    expect(ja!.description).toContain('大文字小文字は既定で区別しません');
    expect(en!.description).toContain('JavaScript RegExp syntax (with the `u` flag)');
    expect(en!.parameters).toMatchObject({
      required: ['pattern'],
      properties: {
        pattern: { type: 'string' },
        path: { type: 'string' },
        case_sensitive: { type: 'boolean' },
      },
    });
  });
});

describe('fd', () => {
  beforeEach(() => {
    box.put('src/Main.ts', '');
    box.put('src/util/helper.ts', '');
    box.put('docs/readme.md', '');
    box.put('node_modules/pkg/index.ts', '');
    box.put('.git/hooks/x.ts', '');
  });

  it('answers with guidance when no work folder is set', async () => {
    expect(await fdTool().execute({ pattern: 'x' }, box.ctx({ workDir: null }))).toBe(T.workDirMissing);
  });

  it('matches names only, marks folders with /, ignores case by default', async () => {
    expect(await fd({ pattern: '^(main|UTIL)' })).toBe(
      ['src/Main.ts', 'src/util/', '', '一致: 全 2 件（フォルダ 1、ファイル 1）。'].join('\n'),
    );
    // `src` matches the folder, not everything under it.
    expect(await fd({ pattern: '^src$' })).toBe(
      ['src/', '', '一致: 全 1 件（フォルダ 1、ファイル 0）。'].join('\n'),
    );
  });

  it('respects case when case_sensitive is true', async () => {
    expect(await fd({ pattern: '^main', case_sensitive: true })).toBe(
      '名前が pattern に合うファイル・フォルダはありませんでした（見たもの: ファイル 3、フォルダ 3）。' +
        'fd が見るのは名前（パスの最後の要素）だけです。pattern を見直してください。case_sensitive を外すと大文字小文字を区別しません。中身を探すなら grep を使います。',
    );
    expect(await fd({ pattern: '^Main', case_sensitive: true })).toMatch(/^src\/Main\.ts\n\n/u);
  });

  it('lists everything for an empty pattern, never entering hidden or build folders', async () => {
    expect(await fd({ pattern: '' })).toBe(
      [
        'docs/',
        'docs/readme.md',
        'src/',
        'src/Main.ts',
        'src/util/',
        'src/util/helper.ts',
        '',
        '一致: 全 6 件（フォルダ 3、ファイル 3）。',
      ].join('\n'),
    );
  });

  it('searches under path, shown relative to the work folder', async () => {
    expect(await fd({ pattern: '\\.ts$', path: 'src' })).toBe(
      ['src/Main.ts', 'src/util/helper.ts', '', '一致: 全 2 件（フォルダ 0、ファイル 2）。'].join('\n'),
    );
  });

  it('refuses a file as path, and argument mistakes, as text', async () => {
    expect(await fd({ pattern: 'x', path: 'docs/readme.md' })).toBe(
      `${T.notFolder('docs/readme.md')}。fd は path に指定したフォルダの中を名前で探します（ファイルの中身を探すなら grep）。`,
    );
    expect(await fd({})).toBe(
      'pattern（名前に対する正規表現）を文字列で指定してください。すべてを一覧するなら空文字列 "" です。',
    );
    expect(await fd({ pattern: 'x', case_sensitive: 'no' })).toBe(
      'case_sensitive は true か false で指定してください（指定値: "no"）。',
    );
    expect(await fd({ pattern: '(' })).toBe(
      'pattern を正規表現として解釈できません: Unterminated group（JavaScript の RegExp 構文、u フラグ）。書き直してください。',
    );
  });

  it('names a glob pattern', async () => {
    expect(await fd({ pattern: '*.md' })).toBe(
      'pattern に glob の形（*.md）が渡されました。pattern は glob ではなく、名前（パスの最後の要素）に対する正規表現（JavaScript の RegExp 構文、u フラグ）です。' +
        '「*.md」のつもりなら pattern: "\\.md$" と書いてください。フォルダで絞るには path を使います。',
    );
    expect(box.log.lines).toEqual([]);
  });

  it('tells missing from outside and never lists through links', async () => {
    writeFileSync(join(box.outside, 'secret.md'), 'x');
    symlinkSync(box.outside, join(box.workDir, 'out'));
    symlinkSync(join(box.workDir, 'docs'), join(box.workDir, 'docs-alias'));
    expect(await fd({ pattern: 'x', path: 'nope' })).toBe(T.missingFolderForFd('nope'));
    expect(await fd({ pattern: 'x', path: '../outside' })).toBe(T.outside('../outside'));
    expect(await fd({ pattern: 'x', path: box.outside })).toBe(T.outside(box.outside));
    expect(await fd({ pattern: 'x', path: 'out' })).toBe(T.outside('out'));
    const all = await fd({ pattern: '' });
    expect(all).not.toContain('secret');
    expect(all).not.toContain('alias');
    expect(all).not.toContain('out/');
  });
});

describe('fd bounds', () => {
  it('shows 100 entries, gives the total and says how to narrow', async () => {
    for (let i = 0; i < 130; i += 1) box.put(`f${String(i).padStart(3, '0')}.txt`, '');
    const text = await fd({ pattern: '\\.txt$' });
    const [list, tail] = text.split('\n\n');
    expect(list!.split('\n')).toHaveLength(100);
    expect(list!.split('\n')[99]).toBe('f099.txt');
    expect(tail).toBe(
      '一致: 全 130 件（フォルダ 0、ファイル 130）。\n' +
        '表示を打ち切りました: 一覧は 100 件までのため、130 件のうち先頭の 100 件だけを表示しています。' +
        '残りを見るには、pattern をより具体的にする（例: 拡張子なら "\\.ts$"）か、path で探すフォルダを絞ってください。同じ引数で呼び直しても同じ範囲しか表示されません。',
    );
  });

  it('stays within 12,000 characters with long paths', async () => {
    const deep = `${'d'.repeat(200)}/`.repeat(3);
    for (let i = 0; i < 30; i += 1) box.put(`${deep}f${i}.txt`, '');
    const text = await fd({ pattern: '^f\\d+\\.txt$' });
    expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    expect(text).toMatch(
      /表示を打ち切りました: 出力が 12,000 字に達するため、30 件のうち先頭の \d+ 件だけを表示しています。/u,
    );
  });

  it('says the walk stopped at the file cap, without include advice', async () => {
    for (const name of ['a', 'b', 'c', 'd']) box.put(`${name}.txt`, '');
    const text = await fd({ pattern: '' }, fdTool({ maxFiles: 2 }));
    expect(text).toBe(
      [
        'a.txt',
        'b.txt',
        '',
        '一致: 全 2 件（フォルダ 0、ファイル 2）。',
        '走査を打ち切りました: 調べるファイルが上限の 2 件に達したため、それより後は見ていません。件数は調べた範囲だけのものです。path で探すフォルダを絞ってください。同じ引数で呼び直しても同じ範囲しか調べません。',
      ].join('\n'),
    );
    expect(await fd({ pattern: 'zzz' }, fdTool({ maxFiles: 2 }))).toContain('走査を打ち切りました');
    expect(await fd({ pattern: '' }, fdTool({ maxFiles: 4 }))).not.toContain('走査を打ち切りました');
  });
});
