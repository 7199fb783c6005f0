import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileTool } from '../file/file-tool.ts';
import { sdTool } from '../sd/sd-tool.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { yqTool } from '../yq/yq-tool.ts';
import { BLACKBOARD_FENCE } from './blackboard-fence.ts';
import { isUnderBlackboard } from './layout.ts';

let box: ToolSandbox;
const trashed: string[] = [];
const file = fileTool({ fence: BLACKBOARD_FENCE, trash: async (abs) => void trashed.push(abs) });
const sd = sdTool(BLACKBOARD_FENCE);
const yq = yqTool(BLACKBOARD_FENCE);
const USE_TOOL = 'blackboard ツール（list・read・write・append・move・remove）';

beforeEach(() => {
  box = toolSandbox();
  trashed.length = 0;
  box.put('blackboard/doing/alice - job.md', 'note\n');
  box.put('notes/a.md', 'free\n');
});
afterEach(() => box.cleanup());

const fileCall = (args: Record<string, unknown>) => file.execute(args, box.ctx());

describe('isUnderBlackboard', () => {
  it('looks at the first component, case-insensitively, never a prefix', () => {
    expect(isUnderBlackboard('blackboard')).toBe(true);
    expect(isUnderBlackboard('blackboard/doing/x.md')).toBe(true);
    expect(isUnderBlackboard('BlackBoard/x.md')).toBe(true);
    expect(isUnderBlackboard('blackboard2/x.md')).toBe(false);
    expect(isUnderBlackboard('notes/blackboard/x.md')).toBe(false);
  });

  it('takes the names Windows reads as blackboard/: trailing dots and spaces, a stream suffix', () => {
    // A missing blackboard/ is not resolved by realpath: `blackboard./doing/x.md` would make it.
    expect(isUnderBlackboard('blackboard./doing/x.md')).toBe(true);
    expect(isUnderBlackboard('blackboard /x.md')).toBe(true);
    expect(isUnderBlackboard('Blackboard. .')).toBe(true);
    expect(isUnderBlackboard('blackboard::$INDEX_ALLOCATION/doing/x.md')).toBe(true);
    expect(isUnderBlackboard('blackboard:note.md')).toBe(true);
    expect(isUnderBlackboard('blackboard.md')).toBe(false);
    expect(isUnderBlackboard('.blackboard/x.md')).toBe(false);
    expect(isUnderBlackboard('blackboard-old/x.md')).toBe(false);
  });
});

describe('the blackboard fence through the file tool', () => {
  it('refuses write, append, mkdir, remove and leaves the board alone', async () => {
    for (const args of [
      { op: 'write', path: 'blackboard/doing/alice - new.md', content: 'x' },
      { op: 'write', path: 'blackboard/doing/alice - job.md', content: 'x', overwrite: true },
      { op: 'append', path: 'blackboard/doing/alice - job.md', content: 'x' },
      { op: 'mkdir', path: 'blackboard/extra' },
      { op: 'remove', path: 'blackboard/doing/alice - job.md' },
      { op: 'remove', path: 'blackboard' },
    ]) {
      expect(await fileCall(args)).toContain(USE_TOOL);
    }
    expect(existsSync(join(box.workDir, 'blackboard/doing/alice - new.md'))).toBe(false);
    expect(existsSync(join(box.workDir, 'blackboard/extra'))).toBe(false);
    expect(readFileSync(join(box.workDir, 'blackboard/doing/alice - job.md'), 'utf8')).toBe('note\n');
    expect(trashed).toEqual([]);
  });

  it('refuses a move either way and a copy into the board; a copy out of it is a read', async () => {
    expect(await fileCall({ op: 'move', path: 'notes/a.md', to: 'blackboard/a.md' })).toContain(USE_TOOL);
    expect(await fileCall({ op: 'move', path: 'blackboard/doing/alice - job.md', to: 'x.md' })).toContain(
      USE_TOOL,
    );
    expect(await fileCall({ op: 'move', path: 'blackboard', to: 'old-board' })).toContain(USE_TOOL);
    expect(await fileCall({ op: 'copy', path: 'notes/a.md', to: 'blackboard/a.md' })).toContain(USE_TOOL);
    expect(
      await fileCall({ op: 'copy', path: 'blackboard/doing/alice - job.md', to: 'copy.md' }),
    ).not.toContain(USE_TOOL);
    expect(readFileSync(join(box.workDir, 'copy.md'), 'utf8')).toBe('note\n');
  });

  it('never fences a read', async () => {
    expect(await fileCall({ op: 'read', path: 'blackboard/doing/alice - job.md' })).toContain('note');
    expect(box.log.lines).toEqual([]);
  });

  it('checks the resolved path: another case and a link to the board are refused, blackboard2 is free', async () => {
    expect(await fileCall({ op: 'write', path: 'BLACKBOARD/doing/x.md', content: 'x' })).toContain(USE_TOOL);
    symlinkSync(join(box.workDir, 'blackboard'), join(box.workDir, 'alias'));
    expect(await fileCall({ op: 'write', path: 'alias/doing/x.md', content: 'x' })).toContain(USE_TOOL);
    expect(existsSync(join(box.workDir, 'blackboard/doing/x.md'))).toBe(false);
    expect(await fileCall({ op: 'write', path: 'blackboard2/x.md', content: 'x' })).not.toContain(USE_TOOL);
    expect(existsSync(join(box.workDir, 'blackboard2/x.md'))).toBe(true);
  });

  it('writes the fence line, never the path, and speaks English in an English village', async () => {
    const en = await file.execute(
      { op: 'write', path: 'blackboard/secret-name.md', content: 'x' },
      box.ctx({ language: 'en' }),
    );
    expect(en).toContain('blackboard tool (list, read, write, append, move, remove)');
    expect(box.log.lines).toEqual(['blackboard fence: agent=alice tool=file op=write']);
  });

  it('tells a servant that opted out that it does not use the blackboard', async () => {
    const text = await file.execute(
      { op: 'write', path: 'blackboard/n.md', content: 'x' },
      box.ctx({ usesBlackboard: false }),
    );
    expect(text).toContain('このサーヴァントは黒板を使わない設定です');
    expect(text).not.toContain(USE_TOOL);
  });
});

describe('the blackboard fence through sd and yq', () => {
  it('refuses sd apply; the preview still shows the diff', async () => {
    const args = { path: 'blackboard/doing/alice - job.md', pattern: 'note', replacement: 'edited' };
    expect(await sd.execute({ ...args, apply: true }, box.ctx())).toContain(USE_TOOL);
    expect(readFileSync(join(box.workDir, 'blackboard/doing/alice - job.md'), 'utf8')).toBe('note\n');
    const preview = await sd.execute(args, box.ctx());
    expect(preview).toContain('+edited');
    expect(preview.endsWith('\n（blackboard/ の下なので、apply では書き込めません）')).toBe(true);
    // The preview is not refused, so it writes no fence line.
    expect(box.log.lines).toEqual(['blackboard fence: agent=alice tool=sd op=apply']);
    box.put('notes/b.md', 'note\n');
    const free = await sd.execute({ ...args, path: 'notes/b.md' }, box.ctx());
    expect(free).not.toContain('apply では書き込めません');
  });

  it('passes a batch preview over board notes with one line naming them, and logs nothing', async () => {
    box.put('blackboard/done/bob - old.md', 'note\n');
    box.put('notes/b.md', 'note\n');
    const paths = [
      'blackboard/doing/alice - job.md',
      'notes/b.md',
      'notes/a.md',
      'blackboard/done/bob - old.md',
    ];
    const preview = await sd.execute({ paths, pattern: 'note', replacement: 'edited' }, box.ctx());
    expect(preview).toContain('+edited');
    expect(preview.split('\n').at(-1)).toBe(
      '（blackboard/ の下なので、apply では書き込めません: blackboard/doing/alice - job.md, blackboard/done/bob - old.md）',
    );
    expect(box.log.lines).toEqual([]);
    expect(readFileSync(join(box.workDir, 'blackboard/doing/alice - job.md'), 'utf8')).toBe('note\n');
    const one = await sd.execute(
      { paths: ['blackboard/doing/alice - job.md'], pattern: 'note', replacement: 'x' },
      box.ctx({ language: 'en' }),
    );
    expect(one.endsWith('\n(This is under blackboard/: apply cannot write it.)')).toBe(true);
    const free = await sd.execute(
      { paths: ['notes/a.md', 'notes/b.md'], pattern: 'note', replacement: 'x' },
      box.ctx(),
    );
    expect(free).not.toContain('apply では書き込めません');
    // Nothing would change on the board (no match there): no note either.
    const noMatch = await sd.execute(
      { paths: ['notes/a.md', 'blackboard/doing/alice - job.md'], pattern: 'free', replacement: 'x' },
      box.ctx(),
    );
    expect(noMatch).not.toContain('apply では書き込めません');
    expect(box.log.lines).toEqual([]);
  });

  it('refuses yq set already at preview, and at apply; get passes', async () => {
    mkdirSync(join(box.workDir, 'blackboard/on-hold'));
    box.put('blackboard/on-hold/c.toml', 'a = 1\n');
    const args = { path: 'blackboard/on-hold/c.toml', op: 'set', key: 'a', value: 2 };
    expect(await yq.execute(args, box.ctx())).toContain(USE_TOOL);
    box.log.lines.length = 0;
    expect(await yq.execute({ ...args, apply: true }, box.ctx())).toContain(USE_TOOL);
    expect(await yq.execute({ ...args, op: 'get' }, box.ctx())).toContain('1');
    expect(readFileSync(join(box.workDir, 'blackboard/on-hold/c.toml'), 'utf8')).toBe('a = 1\n');
    expect(box.log.lines).toEqual(['blackboard fence: agent=alice tool=yq op=write']);
  });
});
