import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fuseforks-rag-index-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const indexModule = fileURLToPath(new URL('./rag-index.ts', import.meta.url));

describe('RagIndex cold walk', () => {
  // A real process with few descriptors (ulimit): opening every file of a folder at once ran out of
  // them (EMFILE), and the files that could not be opened were silently counted as skipped.
  it.skipIf(process.platform !== 'linux')(
    'indexes a folder of more Markdown files than the process may hold open at once',
    () => {
      const docs = join(root, 'docs');
      execFileSync('mkdir', [docs]);
      for (let i = 0; i < 600; i += 1) writeFileSync(join(docs, `f${i}.md`), `# Title ${i}\nbody\n`);
      const script = join(root, 'walk.mts');
      writeFileSync(
        script,
        [
          `import { RagIndex } from ${JSON.stringify(indexModule)};`,
          `const snap = await new RagIndex().snapshot(${JSON.stringify(docs)});`,
          'console.log(JSON.stringify({ files: snap.files.length, skipped: snap.skipped }));',
        ].join('\n'),
      );
      // Node raises the soft limit to the hard one at start: `ulimit -n` lowers both.
      const out = execFileSync('bash', ['-c', 'ulimit -n 200 && exec node --import tsx "$0"', script], {
        cwd: fileURLToPath(new URL('../../..', import.meta.url)),
        encoding: 'utf8',
      });
      expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ files: 600, skipped: 0 });
    },
    30_000,
  );
});
