import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { fileTool } from './file-tool.ts';

let box: ToolSandbox;
let savedXdg: string | undefined;
beforeEach(() => {
  box = toolSandbox();
  savedXdg = process.env.XDG_DATA_HOME;
  // The freedesktop trash of a throwaway home, so the test never fills the real one.
  process.env.XDG_DATA_HOME = join(box.root, 'xdg');
});
afterEach(() => {
  if (savedXdg === undefined) delete process.env.XDG_DATA_HOME;
  else process.env.XDG_DATA_HOME = savedXdg;
  box.cleanup();
});

it.skipIf(process.platform !== 'linux')(
  'moves a removed file into the real OS trash, name with glob characters intact',
  async () => {
    box.put('draft [1]*.md', 'draft');
    box.put('draft 2.md', 'keep me');
    const out = await fileTool().execute({ op: 'remove', path: 'draft [1]*.md' }, box.ctx());
    expect(out).toContain('ごみ箱へ移しました: draft [1]*.md');
    expect(existsSync(join(box.workDir, 'draft [1]*.md'))).toBe(false);
    expect(existsSync(join(box.workDir, 'draft 2.md'))).toBe(true);
    const trashDir = join(box.root, 'xdg', 'Trash');
    const files = readdirSync(join(trashDir, 'files'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(trashDir, 'files', files[0]!), 'utf8')).toBe('draft');
    // The .trashinfo says where it came from, so the OS can put it back.
    const info = readFileSync(join(trashDir, 'info', `${files[0]}.trashinfo`), 'utf8');
    expect(decodeURIComponent(/Path=(.*)/.exec(info)![1]!)).toBe(join(box.workDir, 'draft [1]*.md'));
  },
);
