import { linkSync, mkdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../domain/enums.ts';
import type { Village } from '../../world/village.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { ragTool } from './rag-tool.ts';

let box: ToolSandbox;
let docs: string;
let agent: { id: string; ragSources: string[] };
const village = () => ({ state: { agents: [agent] } }) as unknown as Village;

function put(root: string, rel: string, content: string): string {
  const abs = join(root, rel);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  return abs;
}

beforeEach(() => {
  box = toolSandbox();
  docs = join(box.root, 'docs');
  mkdirSync(docs);
  agent = { id: 'alice', ragSources: [docs] };
  put(
    docs,
    'guide.md',
    '# Guide\nintro\n## Install\nrun the installer\n### Linux\napt install thing\n## Usage\nthing --help\n',
  );
  put(docs, 'notes/todo.md', '# Todo\n- install docs\n');
  put(docs, 'notes/image.png', 'not markdown install');
});
afterEach(() => box.cleanup());

const call = (tool: ReturnType<typeof ragTool>, args: Record<string, unknown>, language: Language = 'en') =>
  tool.execute(args, box.ctx({ language }));

describe('rag outline / search / read', () => {
  it('outlines each Markdown file with its heading tree', async () => {
    const out = await call(ragTool(village()), { op: 'outline' });
    expect(out).toContain('guide.md\n  # Guide\n    ## Install\n      ### Linux\n    ## Usage');
    expect(out).toContain('notes/todo.md\n  # Todo');
    expect(out).not.toContain('image.png');
  });

  it('searches lines, case ignored, with the heading path, and scopes by path', async () => {
    const tool = ragTool(village());
    const out = await call(tool, { op: 'search', pattern: 'INSTALL' });
    expect(out).toContain('guide.md:4: [Guide > Install] run the installer');
    expect(out).toContain('guide.md:6: [Guide > Install > Linux] apt install thing');
    expect(out).toContain('notes/todo.md:2: [Todo] - install docs');
    expect(out).toContain('4 matching lines');
    const scoped = await call(tool, { op: 'search', pattern: 'install', path: 'notes' });
    expect(scoped).not.toContain('guide.md');
    expect(await call(tool, { op: 'search', pattern: '(a+)+$' })).toContain('No line contains');
  });

  it('indexes setext headings like ATX ones, not front matter nor code', async () => {
    put(
      docs,
      'setext.md',
      '---\ntitle: Meta\n---\nManual\n======\nintro\n\nSetup\n-----\nsteps here\n```\nFake\n---\n```\n\n---\nUse\n---\nuse it\n',
    );
    const tool = ragTool(village());
    const out = await call(tool, { op: 'outline', path: 'setext.md' });
    expect(out).toContain('setext.md\n  # Manual\n    ## Setup\n    ## Use');
    expect(out).not.toContain('Meta');
    expect(out).not.toContain('Fake');
    expect(await call(tool, { op: 'search', pattern: 'steps' })).toContain(
      'setext.md:10: [Manual > Setup] steps here',
    );
    expect(await call(tool, { op: 'read', path: 'setext.md', section: 'Setup' })).toBe(
      'setext.md > Manual > Setup\n\nSetup\n-----\nsteps here\n```\nFake\n---\n```\n\n---',
    );
  });

  it('reads a section with its breadcrumb, by exact, case-ignored or partial name', async () => {
    const tool = ragTool(village());
    const out = await call(tool, { op: 'read', path: 'guide.md', section: 'install' });
    expect(out).toBe(
      'guide.md > Guide > Install\n\n## Install\nrun the installer\n### Linux\napt install thing',
    );
    expect(await call(tool, { op: 'read', path: join(docs, 'guide.md'), section: 'Usag' })).toContain(
      'thing --help',
    );
    expect(await call(tool, { op: 'read', path: 'notes/todo.md' })).toBe(
      'notes/todo.md\n\n# Todo\n- install docs',
    );
  });

  it('refuses an ambiguous or missing section with candidates, in the village language', async () => {
    put(docs, 'twice.md', '# A\n## Setup\nx\n# B\n## Setup\ny\n');
    const tool = ragTool(village());
    const ambiguous = await call(tool, { op: 'read', path: 'twice.md', section: 'setup' });
    expect(ambiguous).toContain('Several headings match');
    expect(ambiguous).toContain('2: A > Setup');
    expect(ambiguous).toContain('5: B > Setup');
    const ja = await call(tool, { op: 'read', path: 'twice.md', section: 'nope' }, 'ja');
    expect(ja).toContain('という見出しはありません');
  });

  it('refuses an oversized section whole, with its counts, the advice and its subsections', async () => {
    const big =
      `# Big\n## Part one\n${'a'.repeat(200)}\n`.repeat(1) +
      `${'b'.repeat(100)}\n`.repeat(130) +
      '## Part two\nz\n';
    put(docs, 'big.md', big);
    const out = await call(ragTool(village()), { op: 'read', path: 'big.md', section: 'Big' });
    expect(out).toMatch(/is 135 lines and 13,3\d\d characters/u);
    expect(out).toContain('Narrow it with search, or split the section.');
    expect(out).toContain('## Part two');
    expect(out).not.toContain('bbbb');
  });

  it('counts characters as code points, like file read: a section of 7,000 emoji is returned whole', async () => {
    put(docs, 'emoji.md', `# Faces\n${'😀'.repeat(7_000)}\n`);
    const out = await call(ragTool(village()), { op: 'read', path: 'emoji.md', section: 'Faces' });
    expect(out).toBe(`emoji.md > Faces\n\n# Faces\n${'😀'.repeat(7_000)}`);
    put(docs, 'more.md', `# Faces\n${'😀'.repeat(12_000)}\n`);
    const refused = await call(ragTool(village()), { op: 'read', path: 'more.md', section: 'Faces' });
    expect(refused).toMatch(/is 2 lines and 12,008 characters/u);
  });

  it('cuts outline at a file boundary and search at a line, saying so', async () => {
    for (let i = 0; i < 60; i++)
      put(docs, `many/f${String(i).padStart(2, '0')}.md`, `# ${'h'.repeat(230)}\n`);
    const tool = ragTool(village());
    const outline = await call(tool, { op: 'outline', path: 'many' });
    expect(outline.length).toBeLessThanOrEqual(12_000);
    expect(outline).toMatch(/after \d+ of 60 files/u);
    expect(outline.split('\n').filter((l) => l.startsWith('many/')).length).toBe(
      outline.split('\n').filter((l) => l.startsWith('  # ')).length,
    );
    const search = await call(tool, { op: 'search', pattern: 'hhh', path: 'many' });
    expect(search.length).toBeLessThanOrEqual(12_000);
    expect(search).toMatch(/\d+ of 60 matching lines shown/u);
    expect(search.split('\n').every((l) => [...l].length <= 241)).toBe(true);
  });

  it('answers bad arguments with a tool text, never a throw', async () => {
    const tool = ragTool(village());
    expect(await call(tool, { op: 'delete' })).toContain('Unknown op');
    expect(await call(tool, { op: 'search', pattern: 3 })).toContain('pattern must be a string');
    expect(await call(tool, { op: 'search', pattern: ' ' })).toContain('pattern is empty');
    expect(await call(tool, { op: 'read' })).toContain('path must be a string');
    expect(await call(tool, { op: 'read', path: '/etc/passwd' })).toContain('Outside the reference folders');
    expect(await call(tool, { op: 'read', path: '../outside/x.md' })).toContain(
      'Outside the reference folders',
    );
    expect(await call(tool, { op: 'read', path: 'nope.md' })).toContain('Not found');
  });
});

describe('rag and the file system', () => {
  it('never follows a symlink, to a file or a folder, nor reads a hard link', async () => {
    put(box.outside, 'secret.md', '# Secret\npassword hunter2\n');
    symlinkSync(join(box.outside, 'secret.md'), join(docs, 'link.md'));
    symlinkSync(box.outside, join(docs, 'linked-folder'));
    linkSync(join(box.outside, 'secret.md'), join(docs, 'hard.md'));
    const tool = ragTool(village());
    expect(await call(tool, { op: 'search', pattern: 'hunter2' })).toContain('No line contains');
    const outline = await call(tool, { op: 'outline' });
    expect(outline).not.toContain('Secret');
    expect(outline).toContain('1 files were not read');
    expect(await call(tool, { op: 'read', path: 'link.md' })).toContain('Not found');
    expect(await call(tool, { op: 'read', path: 'linked-folder/secret.md' })).toContain('Not found');
  });

  it('drops an indexed file that became a hard link or a symlink since, unchanged as it looks', async () => {
    put(docs, 'kept.md', '# Kept\nkept words\n');
    const tool = ragTool(village());
    expect(await call(tool, { op: 'search', pattern: 'kept words' })).toContain('kept.md:2');
    // Same content, size and mtime: only the link count tells.
    linkSync(join(docs, 'kept.md'), join(box.outside, 'alias.md'));
    expect(await call(tool, { op: 'search', pattern: 'kept words' })).toContain('No line contains');
    rmSync(join(box.outside, 'alias.md'));
    expect(await call(tool, { op: 'search', pattern: 'kept words' })).toContain('kept.md:2');
    renameSync(join(docs, 'kept.md'), join(box.outside, 'kept.md'));
    symlinkSync(join(box.outside, 'kept.md'), join(docs, 'kept.md'));
    expect(await call(tool, { op: 'search', pattern: 'kept words' })).toContain('No line contains');
  });

  it('leaves out a file or folder whose name has a line break, and counts the file', async () => {
    put(docs, 'bad\nname.md', '# Injected\nline break words\n');
    put(docs, 'bad\rdir/inner.md', '# Inner\nline break words\n');
    const tool = ragTool(village());
    expect(await call(tool, { op: 'search', pattern: 'line break words' })).toContain('No line contains');
    const outline = await call(tool, { op: 'outline' });
    expect(outline).not.toContain('Injected');
    expect(outline).not.toContain('inner.md');
    expect(outline).toContain(
      '(1 files were not read: hard links, over 2 MB, control characters in the name',
    );
  });

  it('sees an edit at the next call (mtime), and a file removed', async () => {
    const tool = ragTool(village());
    expect(await call(tool, { op: 'search', pattern: 'fresh' })).toContain('No line contains');
    const abs = put(docs, 'guide.md', '# Guide\nfresh words\n');
    utimesSync(abs, new Date(), new Date(Date.now() + 5_000));
    expect(await call(tool, { op: 'search', pattern: 'fresh' })).toContain('guide.md:2: [Guide] fresh words');
    rmSync(abs);
    expect(await call(tool, { op: 'outline' })).not.toContain('guide.md');
  });

  it('marks an invalid root, keeps serving the valid ones, and revives a root when it comes back', async () => {
    const gone = join(box.root, 'later');
    agent.ragSources = [docs, gone, 'relative/path'];
    const tool = ragTool(village());
    const out = await call(tool, { op: 'search', pattern: 'todo' });
    expect(out).toContain(`reference folder unavailable: ${gone} — not found`);
    expect(out).toContain('reference folder unavailable: relative/path — not an absolute path');
    // One valid root: paths relative to it; with two, each path carries its root.
    expect(out).toContain('notes/todo.md:1: [Todo] # Todo');
    expect(agent.ragSources).toHaveLength(3);
    put(gone, 'back.md', '# Back\ntodo later\n');
    const revived = await call(tool, { op: 'search', pattern: 'todo' });
    expect(revived).toContain(`${gone}/back.md:2: [Back] todo later`);
    expect(revived).toContain(`${docs}/notes/todo.md:1: [Todo] # Todo`);
  });

  it('says so when no root is valid, and when the walk hits its file cap', async () => {
    agent.ragSources = [join(box.root, 'missing')];
    expect(await call(ragTool(village()), { op: 'outline' })).toContain('No reference folder is available');
    agent.ragSources = [docs];
    expect(await call(ragTool(village(), { maxFiles: 1 }), { op: 'outline' })).toContain('The walk stopped');
  });

  it('offers the spec only while the declaration has a valid root', async () => {
    const tool = ragTool(village());
    const spec = () => tool.specFor(box.ctx({ language: 'ja' }));
    expect((await spec())?.name).toBe('rag');
    agent.ragSources = [];
    expect(await spec()).toBeNull();
    const moved = `${docs}-moved`;
    agent.ragSources = [docs];
    renameSync(docs, moved);
    expect(await spec()).toBeNull();
    renameSync(moved, docs);
    expect((await spec())?.description).toContain('見出し');
  });
});
