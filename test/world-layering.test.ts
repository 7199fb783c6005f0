/**
 * Dependencies point down (domain <- world/llm/store <- orchestrator …): world and llm are siblings,
 * so nothing in src/world imports src/llm. The attachments' wire shape (AttachmentData) lives in
 * domain for that reason; llm/canonical.ts re-exports it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const WORLD = join(import.meta.dirname, '..', 'src', 'world');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

it('no file of src/world imports src/llm', () => {
  const files = sourceFiles(WORLD);
  expect(files.length).toBeGreaterThan(10);
  const offenders = files.filter((path) => /from '(?:\.\.\/)+llm\//.test(readFileSync(path, 'utf8')));
  expect(offenders.map((path) => relative(WORLD, path))).toEqual([]);
});
