import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../orchestrator/tool.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { blackboardTool } from './blackboard-tool.ts';

let box: ToolSandbox;
let trashed: string[];
let trashWorks: boolean;
const tool = blackboardTool({
  trash: async (abs) => {
    if (!trashWorks) throw new Error('no trash here');
    trashed.push(abs);
    rmSync(abs);
  },
});
const names = new Map([
  ['alice', 'Alice'],
  ['bob', 'Bob'],
]);

beforeEach(() => {
  box = toolSandbox();
  trashed = [];
  trashWorks = true;
});
afterEach(() => box.cleanup());

const ctx = (overrides: Partial<ToolContext> = {}) => box.ctx({ agentNames: names, ...overrides });
const call = (args: Record<string, unknown>, c: ToolContext = ctx()) => tool.execute(args, c);
const note = (rel: string) => readFileSync(join(box.workDir, 'blackboard', rel), 'utf8');
const there = (rel: string) => existsSync(join(box.workDir, 'blackboard', rel));
const lastLog = () => box.log.lines.at(-1);

describe('gating', () => {
  it('offers the tool only with a work folder and usesBlackboard, and refuses a call otherwise', async () => {
    expect(tool.specFor(ctx())).not.toBeNull();
    expect(tool.specFor(ctx({ workDir: null }))).toBeNull();
    expect(tool.specFor(ctx({ usesBlackboard: false }))).toBeNull();
    expect(await call({ op: 'write', name: 'x', body: 'b' }, ctx({ usesBlackboard: false }))).toContain(
      '黒板を使わない設定',
    );
    expect(lastLog()).toBe('blackboard op: agent=alice op=write state=- outcome=disabled');
    expect(await call({ op: 'list' }, ctx({ workDir: null }))).toContain('使えません');
    expect(there('')).toBe(false);
  });

  it('refuses without scanning when the work folder is gone', async () => {
    rmSync(box.workDir, { recursive: true });
    expect(await call({ op: 'list' })).toContain('作業フォルダが見つかりません');
    expect(lastLog()).toBe('blackboard op: agent=alice op=list state=- outcome=error');
  });

  it('describes the conventions in the village language', () => {
    const ja = tool.specFor(ctx()) as { description: string };
    const en = tool.specFor(ctx({ language: 'en' })) as { description: string };
    expect(ja.description).toContain('1 つの仕事に 1 枚');
    expect(ja.description).toContain('done へ move');
    expect(en.description).toContain('one note per job');
    expect(en.description).toContain('list the board first');
    expect(en.description).toContain('not on the blackboard');
  });
});

describe('write', () => {
  it('creates the note in doing (folders made), echoing the normalised name', async () => {
    expect(await call({ op: 'write', name: ' 調査.md ', body: 'start\n' })).toBe(
      '「調査」の付箋を doing に作りました。',
    );
    expect(note('doing/alice - 調査.md')).toBe('start\n');
    expect(lastLog()).toBe('blackboard op: agent=alice op=write state=doing outcome=ok');
  });

  it('is create-only: the same id and name anywhere is refused, with advice by state', async () => {
    box.put('blackboard/done/alice - a.md', 'x');
    box.put('blackboard/alice - b.md', 'x');
    box.put('blackboard/on-hold/alice - c.md', 'x');
    expect(await call({ op: 'write', name: 'a', body: 'new' })).toContain('remove してから write');
    expect(await call({ op: 'write', name: 'b', body: 'new' })).toContain('remove してから write');
    expect(await call({ op: 'write', name: 'c', body: 'new' })).toContain('append で書き足す');
    expect(lastLog()).toBe('blackboard op: agent=alice op=write state=on-hold outcome=exists');
    expect(there('doing/alice - a.md')).toBe(false);
  });

  it('refuses a body over 12,000 characters and accepts exactly 12,000', async () => {
    expect(await call({ op: 'write', name: 'big', body: 'x'.repeat(12_001) })).toContain('12000 字まで');
    expect(lastLog()).toContain('outcome=too_large');
    expect(await call({ op: 'write', name: 'big', body: '字'.repeat(12_000) })).toContain('作りました');
  });

  it('refuses a NUL character in the body (write and append): a note is text that read returns whole', async () => {
    expect(await call({ op: 'write', name: 'bin', body: 'a\u0000b' })).toBe(
      'body に NUL 文字が含まれています。付箋はテキストだけです（NUL を含むと read で読み返せません）。',
    );
    expect(lastLog()).toBe('blackboard op: agent=alice op=write state=- outcome=invalid');
    expect(there('doing/alice - bin.md')).toBe(false);
    box.put('blackboard/doing/alice - text.md', 'ok\n');
    expect(await call({ op: 'append', name: 'text', body: 'x\u0000' }, ctx({ language: 'en' }))).toBe(
      'body contains a NUL character. A note is text only (with a NUL, read could not return it).',
    );
    expect(note('doing/alice - text.md')).toBe('ok\n');
    expect(await call({ op: 'read', name: 'text' })).toContain('ok');
  });

  it('says what is wrong with bad arguments, in English in an English village', async () => {
    const en = ctx({ language: 'en' });
    expect(await call({ op: 'write', name: '', body: 'x' }, en)).toBe('Give name (the task name).');
    expect(await call({ op: 'write', name: 'x' }, en)).toContain('Give body');
    expect(await call({ op: 'write', name: 'y'.repeat(81), body: 'x' }, en)).toContain('at most 80');
    expect(await call({ op: 'shred', name: 'x' }, en)).toContain('op is one of');
    expect(lastLog()).toBe('blackboard op: agent=alice op=unknown state=- outcome=invalid');
    expect(await call({ op: 'write', name: 'x', body: 'b' }, en)).toBe('Created the note "x" in doing.');
  });
});

describe('append', () => {
  it('adds a newline when the note does not end with one, and counts it toward the limit', async () => {
    box.put('blackboard/doing/alice - a.md', 'one');
    expect(await call({ op: 'append', name: 'a', body: 'two' })).toContain('全 7 字');
    expect(note('doing/alice - a.md')).toBe('one\ntwo');
    box.put('blackboard/on-hold/alice - full.md', 'x'.repeat(11_999));
    expect(await call({ op: 'append', name: 'full', body: 'y' })).toContain('別の仕事名で write');
    expect(lastLog()).toBe('blackboard op: agent=alice op=append state=on-hold outcome=too_large');
    expect(note('on-hold/alice - full.md')).toHaveLength(11_999);
  });

  it('is frozen in done, misplaced at root, and refused on a hard-linked note', async () => {
    box.put('blackboard/done/alice - d.md', 'x\n');
    box.put('blackboard/alice - r.md', 'x\n');
    expect(await call({ op: 'append', name: 'd', body: 'y' })).toContain('もう動かせず');
    expect(lastLog()).toBe('blackboard op: agent=alice op=append state=done outcome=frozen');
    expect(await call({ op: 'append', name: 'r', body: 'y' })).toContain('append・move できません');
    expect(lastLog()).toBe('blackboard op: agent=alice op=append state=root outcome=misplaced');
    writeFileSync(join(box.outside, 'victim.txt'), 'keep\n');
    mkdirSync(join(box.workDir, 'blackboard/doing'));
    linkSync(join(box.outside, 'victim.txt'), join(box.workDir, 'blackboard/doing/alice - h.md'));
    expect(await call({ op: 'append', name: 'h', body: 'y' })).toContain('失敗しました');
    expect(readFileSync(join(box.outside, 'victim.txt'), 'utf8')).toBe('keep\n');
  });
});

describe('ownership', () => {
  it("refuses changing someone else's note, naming the owner; reading it works", async () => {
    box.put('blackboard/doing/bob - plan.md', 'bob text\n');
    for (const op of ['append', 'move', 'remove']) {
      expect(await call({ op, name: 'plan', body: 'x', to: 'done' })).toBe(
        '「plan」は Bob (bob) の付箋です。書き換えられるのは自分の付箋だけです。',
      );
      expect(lastLog()).toContain('outcome=not_owner');
    }
    expect(note('doing/bob - plan.md')).toBe('bob text\n');
    expect(await call({ op: 'read', name: 'plan' })).toBe('「plan」（Bob (bob)・doing）:\nbob text\n');
    expect(await call({ op: 'read', name: 'plan', owner: 'Bob' })).toContain('bob text');
    expect(await call({ op: 'read', name: 'plan', owner: 'alice' })).toContain('見つかりません');
  });

  it('takes its own note whatever the case of .md, as the board splits it (never not_owner to itself)', async () => {
    box.put('blackboard/doing/alice - Job.MD', 'mine\n');
    expect(await call({ op: 'append', name: 'Job', body: 'more' })).toBe(
      '「Job」（doing）に追記しました（全 9 字）。',
    );
    expect(note('doing/alice - Job.MD')).toBe('mine\nmore');
    expect(await call({ op: 'write', name: 'Job', body: 'x' })).toContain('もう doing にあります');
    expect(there('doing/alice - Job.md')).toBe(false);
    expect(await call({ op: 'read', name: 'Job', owner: 'alice' })).toContain('mine\nmore');
    expect(await call({ op: 'move', name: 'Job', to: 'done' })).toContain('doing → done');
    expect(there('done/alice - Job.MD')).toBe(true);
  });

  it('makes append and move ambiguous on duplicates, read names the others, remove trashes all', async () => {
    box.put('blackboard/doing/alice - twin.md', 'first\n');
    box.put('blackboard/done/alice - twin.md', 'second\n');
    expect(await call({ op: 'append', name: 'twin', body: 'x' })).toContain('複数の場所');
    expect(await call({ op: 'move', name: 'twin', to: 'on-hold' })).toContain('複数の場所');
    expect(lastLog()).toBe('blackboard op: agent=alice op=move state=- to=on-hold outcome=ambiguous');
    const read = await call({ op: 'read', name: 'twin' });
    expect(read).toContain('first');
    expect(read).toContain('Alice (alice): done');
    expect(await call({ op: 'remove', name: 'twin' })).toBe('「twin」をごみ箱へ移しました（doing・done）。');
    expect(trashed).toHaveLength(2);
    expect(there('doing/alice - twin.md') || there('done/alice - twin.md')).toBe(false);
  });
});

describe('move', () => {
  it('follows the transitions and states the real one', async () => {
    await call({ op: 'write', name: 'job', body: 'x' });
    expect(await call({ op: 'move', name: 'job', to: 'on-hold' })).toBe(
      '「job」を動かしました: doing → on-hold',
    );
    expect(lastLog()).toBe('blackboard op: agent=alice op=move state=doing to=on-hold outcome=ok');
    expect(await call({ op: 'move', name: 'job', to: 'on-hold' })).toContain('変更なし');
    expect(lastLog()).toContain('outcome=noop');
    expect(await call({ op: 'move', name: 'job', to: 'doing' })).toContain('on-hold → doing');
    expect(await call({ op: 'move', name: 'job', to: 'done' })).toContain('doing → done');
    expect(note('done/alice - job.md')).toBe('x');
    for (const to of ['doing', 'on-hold', 'done']) {
      expect(await call({ op: 'move', name: 'job', to })).toContain('もう動かせず');
      expect(lastLog()).toBe(`blackboard op: agent=alice op=move state=done to=${to} outcome=frozen`);
    }
    expect(await call({ op: 'move', name: 'job', to: 'waiting' })).toContain('doing・on-hold・done');
  });
});

describe('remove', () => {
  it('goes to the trash only: when the trash fails, the note stays', async () => {
    box.put('blackboard/alice - old.md', 'x');
    trashWorks = false;
    expect(await call({ op: 'remove', name: 'old' })).toContain('消していません');
    expect(there('alice - old.md')).toBe(true);
    expect(lastLog()).toBe('blackboard op: agent=alice op=remove state=root outcome=error');
    trashWorks = true;
    expect(await call({ op: 'remove', name: 'old' })).toContain('ごみ箱へ移しました');
    expect(there('alice - old.md')).toBe(false);
    expect(await call({ op: 'remove', name: 'old' })).toContain('見つかりません');
  });
});

describe('list', () => {
  it('shows the board without bodies in board order, orphans with their path', async () => {
    box.put('blackboard/まとめ.md', 'old summary');
    box.put('blackboard/done/bob - b.md', 'secret body');
    box.put('blackboard/doing/alice - a.md', 'secret body');
    box.put('blackboard/archive/alice - z.md', 'x');
    box.put('blackboard/doing/deep/alice - ignored.md', 'x');
    expect(await call({ op: 'list' })).toBe(
      [
        '[doing]',
        '- Alice (alice) - a',
        '[done]',
        '- Bob (bob) - b',
        '[blackboard]',
        '- blackboard/まとめ.md（持ち主なし。file の read で読めます）',
        '[blackboard/archive]',
        '- Alice (alice) - z',
      ].join('\n'),
    );
    expect(lastLog()).toBe('blackboard op: agent=alice op=list state=- outcome=ok');
  });

  it('reads a missing board as empty, and bounds a long board at line boundaries with counts', async () => {
    expect(await call({ op: 'list' })).toBe('黒板に付箋はありません。');
    for (let i = 0; i < 400; i += 1) box.put(`blackboard/doing/alice - ${'t'.repeat(60)}${i}.md`, '');
    box.put('blackboard/done/alice - last.md', '');
    const listed = await call({ op: 'list' });
    expect([...listed].length).toBeLessThanOrEqual(12_000);
    expect(listed).toMatch(/（上限のため省略: doing \d+, done 1）$/);
  });

  it('shows a note whose owner id is no agent by its path, with the file read advice', async () => {
    box.put('blackboard/doing/zari - old job.md', 'x');
    box.put('blackboard/doing/Alice - display name.md', 'x');
    box.put('blackboard/done/carol - mine.md', 'x');
    box.put('blackboard/notes.txt', 'x');
    // carol is the caller and absent from the names map: her own note still has an owner.
    const listed = await call({ op: 'list' }, ctx({ agentId: 'carol' as ToolContext['agentId'] }));
    expect(listed).toBe(
      [
        '[doing]',
        '- blackboard/doing/Alice - display name.md（持ち主の id がこの村にいません。file の read で読めます）',
        '- blackboard/doing/zari - old job.md（持ち主の id がこの村にいません。file の read で読めます）',
        '[done]',
        '- carol - mine',
        '[blackboard]',
        '- blackboard/notes.txt（.md ファイルではないので付箋ではありません。file の read で読めます）',
      ].join('\n'),
    );
    const en = await call({ op: 'list' }, ctx({ language: 'en' }));
    expect(en).toContain(
      '- blackboard/doing/zari - old job.md (its owner id is no agent of this village; read it with file read)',
    );
    expect(en).toContain('- blackboard/notes.txt (not a .md file, so not a note; read it with file read)');
    box.put('blackboard/まとめ.md', 'x');
    expect(await call({ op: 'list' }, ctx({ language: 'en' }))).toContain(
      '- blackboard/まとめ.md (no owner; read it with file read)',
    );
  });

  it('never lets a newline in a file or folder name make a line of its own', async () => {
    box.put('blackboard/doing/bob - a\n[done]\n- Alice (alice) - fake.md', '');
    box.put('blackboard/x\r\ny/alice - z.md', '');
    expect(await call({ op: 'list' })).toBe(
      [
        '[doing]',
        '- Bob (bob) - a?[done]?- Alice (alice) - fake',
        '[blackboard/x??y]',
        '- Alice (alice) - z',
      ].join('\n'),
    );
    // The other results name places and owners the same way.
    box.put('blackboard/x\r\ny/eve\n[done] - w.md', 'body');
    const read = await call({ op: 'read', name: 'w', owner: 'eve\n[done]' });
    expect(read).toBe('「w」（eve?[done]・blackboard/x??y）:\nbody');
    expect(await call({ op: 'write', name: 'z', body: 'b' })).toBe(
      '「z」の付箋はもう blackboard/x??y にあります。remove してから write するか、別の仕事名で write してください。',
    );
  });

  it('keeps the counts line inside the bound, whole lines only, counts per place in board order', async () => {
    for (let i = 0; i < 400; i += 1) box.put(`blackboard/doing/alice - ${'t'.repeat(60)}${i}.md`, '');
    const folders = Array.from({ length: 30 }, (_, i) => `${String(i).padStart(2, '0')}${'f'.repeat(200)}`);
    for (const folder of folders) box.put(`blackboard/${folder}/alice - x.md`, '');
    const listed = await call({ op: 'list' });
    expect([...listed].length).toBeLessThanOrEqual(12_000);
    const lines = listed.split('\n');
    const footer = lines.pop()!;
    for (const l of lines) expect(l).toMatch(/^(\[doing\]|- Alice \(alice\) - t{60}\d+)$/);
    const shown = lines.length - 1;
    const counts = [`doing ${400 - shown}`, ...folders.map((f) => `blackboard/${f} 1`)];
    expect(footer).toBe(`（上限のため省略: ${counts.join(', ')}）`);
  });

  it('refuses a blackboard folder that is a link, and passes over linked notes', async () => {
    mkdirSync(join(box.outside, 'board/doing'), { recursive: true });
    writeFileSync(join(box.outside, 'board/doing/alice - x.md'), 'outside');
    symlinkSync(join(box.outside, 'board'), join(box.workDir, 'blackboard'));
    expect(await call({ op: 'write', name: 'y', body: 'x' })).toContain('普通のフォルダではありません');
    expect(existsSync(join(box.outside, 'board/doing/alice - y.md'))).toBe(false);
    rmSync(join(box.workDir, 'blackboard'));
    mkdirSync(join(box.workDir, 'blackboard/doing'), { recursive: true });
    symlinkSync(
      join(box.outside, 'board/doing/alice - x.md'),
      join(box.workDir, 'blackboard/doing/alice - x.md'),
    );
    expect(await call({ op: 'read', name: 'x' })).toContain('見つかりません');
    expect(await call({ op: 'list' })).toBe('黒板に付箋はありません。');
  });
});

describe('letter case', () => {
  it('refuses a write differing only in case from an own note anywhere, naming it, with advice', async () => {
    box.put('blackboard/done/alice - Survey.md', 'old');
    box.put('blackboard/doing/bob - report.md', 'bob');
    const refused = await call({ op: 'write', name: 'survey', body: 'new' }, ctx({ language: 'en' }));
    expect(refused).toBe(
      '"survey" differs only in letter case from your note "Survey" in done (on macOS and Windows they would be the same file). Remove it and then write, or write under another task name.',
    );
    expect(lastLog()).toBe('blackboard op: agent=alice op=write state=done outcome=exists');
    expect(there('doing/alice - survey.md')).toBe(false);
    box.put('blackboard/doing/alice - Plan.md', 'plan');
    expect(await call({ op: 'write', name: 'PLAN', body: 'x' })).toBe(
      '「PLAN」は、doing にあるあなたの付箋「Plan」と大文字・小文字だけが違います（macOS や Windows では同じファイルになります）。append で書き足すか、move で動かすか、別の仕事名で write してください。',
    );
    // Someone else's note of that name is no clash: the file names differ by owner.
    expect(await call({ op: 'write', name: 'REPORT', body: 'mine' })).toContain('doing に作りました');
  });

  it('takes the single case variant for read, append, move and remove, saying its real name', async () => {
    box.put('blackboard/doing/alice - Survey.md', 'first\n');
    const en = ctx({ language: 'en' });
    const appended = await call({ op: 'append', name: 'survey', body: 'more' }, en);
    expect(appended).toBe(
      '(No note "survey"; used "Survey", which differs only in letter case.)\nAppended to "Survey" (doing), now 10 characters.',
    );
    expect(note('doing/alice - Survey.md')).toBe('first\nmore');
    const read = await call({ op: 'read', name: 'SURVEY' }, en);
    expect(read.split('\n').slice(0, 2)).toEqual([
      '(No note "SURVEY"; used "Survey", which differs only in letter case.)',
      '"Survey" (Alice (alice), doing):',
    ]);
    expect(await call({ op: 'move', name: 'survey', to: 'done' }, en)).toContain(
      'Moved "Survey": doing → done',
    );
    expect(there('done/alice - Survey.md')).toBe(true);
    expect(await call({ op: 'remove', name: 'sURVEY' }, en)).toContain('Moved "Survey" to the trash (done).');
    expect(there('done/alice - Survey.md')).toBe(false);
  });

  it("reads another owner's single case variant, and is ambiguous when several names differ only in case", async () => {
    box.put('blackboard/doing/bob - Report.md', 'bob');
    expect(await call({ op: 'read', name: 'report', owner: 'Bob' })).toContain(
      '「Report」（Bob (bob)・doing）:',
    );
    box.put('blackboard/doing/alice - Job.md', 'a');
    box.put('blackboard/on-hold/alice - JOB.md', 'b');
    for (const op of ['read', 'append', 'move', 'remove']) {
      const answer = await call({ op, name: 'job', body: 'x', to: 'done' }, ctx({ language: 'en' }));
      expect(answer, op).toBe(
        'There is no note "job", and several differ from it only in letter case ("Job", "JOB"). Give the exact task name.',
      );
      expect(lastLog()).toContain('outcome=ambiguous');
    }
    expect(note('doing/alice - Job.md')).toBe('a');
    expect(there('on-hold/alice - JOB.md')).toBe(true);
    expect(trashed).toEqual([]);
  });
});
