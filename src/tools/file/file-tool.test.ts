import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
  chmodSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { WORK_DIR_TEXTS } from '../work-dir/texts.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import type { WriteFence } from '../work-dir/fence.ts';
import { fileTool } from './file-tool.ts';

const T = WORK_DIR_TEXTS.ja;

let box: ToolSandbox;
const trashed: string[] = [];
const tool = fileTool({
  trash: async (abs) => {
    trashed.push(abs);
    const { rm } = await import('node:fs/promises');
    await rm(abs, { recursive: true });
  },
});
const run = (args: Record<string, unknown>) => tool.execute(args, box.ctx());
const read = (rel: string) => readFileSync(join(box.workDir, rel), 'utf8');

beforeEach(() => {
  box = toolSandbox();
  trashed.length = 0;
  box.put('notes/a.md', '# A\nhello\n');
  writeFileSync(join(box.outside, 'secret.txt'), 'TOP SECRET');
  symlinkSync(join(box.outside, 'secret.txt'), join(box.workDir, 'link-out.txt'));
  symlinkSync(box.outside, join(box.workDir, 'dir-out'));
});
afterEach(() => box.cleanup());

describe('file read', () => {
  it('returns the text of a file inside', async () => {
    expect(await run({ op: 'read', path: 'notes/a.md' })).toBe('# A\nhello\n');
  });

  it('cuts at 12,000 characters and says there is no way to read on', async () => {
    box.put('long.txt', 'あ'.repeat(MAX_OUTPUT_CHARS + 500));
    const out = await run({ op: 'read', path: 'long.txt' });
    // The notice counts against the cap too: the whole result is at most 12,000 characters.
    expect([...out].length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    const shown = out.indexOf('\n\n（');
    expect(out.slice(0, shown)).toBe('あ'.repeat(shown));
    expect(out.slice(shown)).toContain(
      `（全 12,500 字のうち先頭 ${shown.toLocaleString('en-US')} 字を表示しました。`,
    );
    expect(out).toContain('続きを読む方法はありません');
    expect(out).toContain('grep');
  });

  it('refuses binary, too large, folders; tells missing from outside; never returns outside content', async () => {
    box.put('bin.dat', new Uint8Array([1, 2, 0, 3]));
    box.put('big.txt', 'x'.repeat(MAX_FILE_BYTES + 1));
    expect(await run({ op: 'read', path: 'bin.dat' })).toBe(T.binary('bin.dat'));
    expect(await run({ op: 'read', path: 'big.txt' })).toBe(T.tooLarge('big.txt', MAX_FILE_BYTES + 1));
    expect(await run({ op: 'read', path: 'notes' })).toContain('フォルダです: notes');
    expect(await run({ op: 'read', path: 'nope.md' })).toBe(T.missing('nope.md'));
    for (const escape of [
      '../outside/secret.txt',
      join(box.outside, 'secret.txt'),
      'link-out.txt',
      'dir-out/secret.txt',
    ]) {
      const out = await run({ op: 'read', path: escape });
      expect(out).toContain('作業フォルダの外です');
      expect(out).not.toContain('TOP SECRET');
    }
  });

  it('refuses a named pipe or a socket instead of hanging or throwing', async () => {
    execFileSync('mkfifo', [join(box.workDir, 'pipe')]);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(box.workDir, 'sock'), resolve));
    try {
      for (const args of [
        { op: 'read', path: 'pipe' },
        { op: 'append', path: 'pipe', content: 'x' },
        { op: 'write', path: 'pipe', content: 'x', overwrite: true },
        { op: 'read', path: 'sock' },
        { op: 'append', path: 'sock', content: 'x' },
      ]) {
        expect(await run(args)).toContain('通常のファイルではない');
      }
    } finally {
      server.close();
    }
  });

  it('answers the work-folder guidance when there is none, and names unknown ops', async () => {
    expect(await tool.execute({ op: 'read', path: 'a' }, box.ctx({ workDir: null }))).toBe(T.workDirMissing);
    expect(await run({ op: 'delete', path: 'a' })).toContain('op が不明です: delete');
  });
});

describe('file write / append / mkdir', () => {
  it('creates new files with their folders, and refuses to replace without overwrite', async () => {
    expect(await run({ op: 'write', path: 'docs/en/README.md', content: 'Hello' })).toBe(
      '作成しました: docs/en/README.md（5 字）',
    );
    expect(read('docs/en/README.md')).toBe('Hello');
    const refused = await run({ op: 'write', path: 'docs/en/README.md', content: 'Bye' });
    expect(refused).toContain('既に存在します: docs/en/README.md');
    expect(refused).toContain('sd / yq');
    expect(refused).toContain('overwrite: true');
    expect(read('docs/en/README.md')).toBe('Hello');
    expect(await run({ op: 'write', path: 'docs/en/README.md', content: 'Bye', overwrite: true })).toBe(
      '上書きしました: docs/en/README.md（3 字）',
    );
    expect(read('docs/en/README.md')).toBe('Bye');
  });

  it('leaves a read-only file alone, even with overwrite', async () => {
    const abs = box.put('locked.txt', 'keep');
    chmodSync(abs, 0o444);
    expect(await run({ op: 'write', path: 'locked.txt', content: 'x', overwrite: true })).toBe(
      '書き込みに失敗しました: locked.txt（READ_ONLY）',
    );
    expect(read('locked.txt')).toBe('keep');
  });

  it('keeps the mode of an overwritten file', async () => {
    const abs = box.put('run.sh', 'echo 1');
    chmodSync(abs, 0o755);
    await run({ op: 'write', path: 'run.sh', content: 'echo 2', overwrite: true });
    expect(statSync(abs).mode & 0o777).toBe(0o755);
  });

  it('never writes outside: .., absolute paths, links out (even with overwrite)', async () => {
    for (const path of ['../outside/new.txt', join(box.outside, 'new.txt'), 'dir-out/new.txt']) {
      const out = await run({ op: 'write', path, content: 'x', overwrite: true });
      expect(out).not.toContain('作成しました');
    }
    expect(await run({ op: 'write', path: 'link-out.txt', content: 'pwned', overwrite: true })).toContain(
      '作業フォルダの外です',
    );
    expect(readFileSync(join(box.outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET');
    expect(existsSync(join(box.outside, 'new.txt'))).toBe(false);
  });

  it('never writes or appends to a hard-linked file (it may be an outside file under another name)', async () => {
    linkSync(join(box.outside, 'secret.txt'), join(box.workDir, 'hard.txt'));
    expect(await run({ op: 'write', path: 'hard.txt', content: 'pwned', overwrite: true })).toBe(
      T.hardLinked('hard.txt', 2),
    );
    expect(await run({ op: 'append', path: 'hard.txt', content: 'pwned' })).toBe(T.hardLinked('hard.txt', 2));
    expect(readFileSync(join(box.outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET');
    expect(T.hardLinked('hard.txt', 2)).toContain('ハードリンク');
  });

  it('limits write content to 2 MiB of text', async () => {
    expect(await run({ op: 'write', path: 'x.txt', content: 'x'.repeat(MAX_FILE_BYTES + 1) })).toContain(
      '内容が大きすぎます',
    );
    expect(await run({ op: 'write', path: 'x.txt', content: 'a\0b' })).toContain('NUL');
    expect(existsSync(join(box.workDir, 'x.txt'))).toBe(false);
    expect(await run({ op: 'write', path: 'x.txt' })).toBe('content は文字列で指定してください。');
  });

  it('appends, creating a missing file, with the limit on the size after appending', async () => {
    expect(await run({ op: 'append', path: 'log.md', content: 'one\n' })).toBe(
      'ファイルが無かったので作成しました: log.md（4 字）',
    );
    expect(await run({ op: 'append', path: 'log.md', content: 'two\n' })).toBe(
      '追記しました: log.md（4 字を追記、合計 8 バイト）',
    );
    expect(read('log.md')).toBe('one\ntwo\n');
    box.put('near.txt', 'x'.repeat(MAX_FILE_BYTES - 2));
    expect(await run({ op: 'append', path: 'near.txt', content: 'abc' })).toContain('上限');
    expect(statSync(join(box.workDir, 'near.txt')).size).toBe(MAX_FILE_BYTES - 2);
  });

  it('refuses a file name ending in / (a folder form) for write and append, and creates nothing', async () => {
    for (const op of ['write', 'append']) {
      const text = await run({ op, path: 'drafts/', content: 'x' });
      expect(text).toContain('/ で終わっています');
      expect(text).toContain('mkdir');
    }
    expect(existsSync(join(box.workDir, 'drafts'))).toBe(false);
    expect(await run({ op: 'mkdir', path: 'drafts/' })).toContain('drafts');
    expect(statSync(join(box.workDir, 'drafts')).isDirectory()).toBe(true);
  });

  it('makes folders with their parents', async () => {
    expect(await run({ op: 'mkdir', path: 'a/b/c' })).toBe('フォルダを作成しました: a/b/c');
    expect(statSync(join(box.workDir, 'a/b/c')).isDirectory()).toBe(true);
    expect(await run({ op: 'mkdir', path: 'a/b' })).toBe('フォルダは既にあります: a/b');
    expect(await run({ op: 'mkdir', path: 'notes/a.md' })).toBe('同じ名前のファイルがあります: notes/a.md');
    expect(await run({ op: 'mkdir', path: '../escape' })).toContain('「..」');
  });
});

describe('file move / copy / remove', () => {
  it('moves and copies with both ends inside, never replacing the destination', async () => {
    expect(await run({ op: 'copy', path: 'notes', to: 'backup/notes' })).toBe(
      '複製しました: notes → backup/notes',
    );
    expect(read('backup/notes/a.md')).toBe('# A\nhello\n');
    expect(await run({ op: 'move', path: 'notes/a.md', to: 'notes/b.md' })).toBe(
      '移動しました: notes/a.md → notes/b.md',
    );
    expect(existsSync(join(box.workDir, 'notes/a.md'))).toBe(false);
    expect(await run({ op: 'move', path: 'notes/b.md', to: 'backup/notes/a.md' })).toContain(
      '既に存在します',
    );
    expect(await run({ op: 'move', path: 'notes', to: 'notes/inner' })).toContain('自分自身の中');
    expect(await run({ op: 'move', path: '.', to: 'x' })).toBe('作業フォルダそのものは対象にできません。');
    // A missing or empty destination is named as `to`, so the model does not "fix" a correct path.
    expect(await run({ op: 'move', path: 'backup' })).toBe('to は文字列で指定してください。');
    expect(await run({ op: 'copy', path: 'backup', to: ' ' })).toContain('to が空です');
  });

  it('asks for the full name when a file is moved or copied to a folder form (to ending in /)', async () => {
    for (const op of ['copy', 'move']) {
      const text = await run({ op, path: 'notes/a.md', to: 'archive/' });
      expect(text).toContain('archive/a.md');
    }
    expect(existsSync(join(box.workDir, 'archive'))).toBe(false);
    expect(read('notes/a.md')).toBe('# A\nhello\n');
    // A folder may be named with a trailing / on both ends.
    expect(await run({ op: 'move', path: 'notes/', to: 'archive/' })).toContain('archive');
    expect(read('archive/a.md')).toBe('# A\nhello\n');
  });

  it('checks both ends: a source or destination outside is refused', async () => {
    expect(await run({ op: 'copy', path: 'link-out.txt', to: 'stolen.txt' })).toContain(
      '作業フォルダの外です',
    );
    expect(await run({ op: 'copy', path: '../outside/secret.txt', to: 'stolen.txt' })).toContain(
      '作業フォルダの外です',
    );
    expect(existsSync(join(box.workDir, 'stolen.txt'))).toBe(false);
    expect(await run({ op: 'move', path: 'notes/a.md', to: 'dir-out/a.md' })).toContain(
      '作業フォルダの外です',
    );
    expect(await run({ op: 'copy', path: 'notes/a.md', to: '../outside/a.md' })).toContain('「..」');
    expect(existsSync(join(box.outside, 'a.md'))).toBe(false);
    expect(existsSync(join(box.workDir, 'notes/a.md'))).toBe(true);
  });

  it('removes to the trash only, and deletes nothing when the trash fails', async () => {
    expect(await run({ op: 'remove', path: 'notes/a.md' })).toContain('ごみ箱へ移しました: notes/a.md');
    expect(trashed).toEqual([join(box.workDir, 'notes/a.md')]);
    box.put('keep.txt', 'k');
    const noTrash = fileTool({
      trash: async () => {
        throw new Error('no trash can');
      },
    });
    const out = await noTrash.execute({ op: 'remove', path: 'keep.txt' }, box.ctx());
    expect(out).toContain('ごみ箱へ移せなかったため削除しませんでした: keep.txt');
    expect(existsSync(join(box.workDir, 'keep.txt'))).toBe(true);
  });

  it('refuses to move or remove a link, and never touches what it points at', async () => {
    expect(await run({ op: 'remove', path: 'link-out.txt' })).toContain('作業フォルダの外です');
    symlinkSync(join(box.workDir, 'notes', 'a.md'), join(box.workDir, 'link-in.md'));
    expect(await run({ op: 'remove', path: 'link-in.md' })).toContain('シンボリックリンク');
    expect(await run({ op: 'move', path: 'link-in.md', to: 'x.md' })).toContain('シンボリックリンク');
    expect(existsSync(join(box.workDir, 'notes/a.md'))).toBe(true);
    expect(trashed).toEqual([]);
  });
});

describe('the write fence', () => {
  it('is asked before every change, with the resolved paths, and never for read', async () => {
    const asked: string[] = [];
    const fence: WriteFence = {
      refuse: (_ctx, op, rels) => {
        asked.push(`${op}:${rels.join(',')}`);
        return rels.some((r) => r.startsWith('board/')) ? 'blackboard を使ってください' : null;
      },
    };
    mkdirSync(join(box.workDir, 'board'));
    const fenced = fileTool({ fence, trash: async () => undefined });
    const call = (args: Record<string, unknown>) => fenced.execute(args, box.ctx());
    expect(await call({ op: 'write', path: 'board/n.md', content: 'x' })).toBe('blackboard を使ってください');
    expect(await call({ op: 'copy', path: 'notes/a.md', to: 'board/a.md' })).toBe(
      'blackboard を使ってください',
    );
    expect(await call({ op: 'move', path: 'notes/a.md', to: 'board/a.md' })).toBe(
      'blackboard を使ってください',
    );
    await call({ op: 'read', path: 'notes/a.md' });
    await call({ op: 'mkdir', path: 'free' });
    expect(asked).toEqual([
      'write:board/n.md',
      'copy:board/a.md',
      'move:notes/a.md,board/a.md',
      'mkdir:free',
    ]);
    expect(existsSync(join(box.workDir, 'board/n.md'))).toBe(false);
  });
});
