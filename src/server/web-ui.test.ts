import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readUiFile, uiBuildIsStale } from './web-ui.ts';

let root: string;
function webRoot(): string {
  root = mkdtempSync(join(tmpdir(), 'fuseforks-web-'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<div id="app"></div>');
  writeFileSync(join(root, 'src', 'main.ts'), 'export {};');
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><div id="app"></div>');
  writeFileSync(join(root, 'dist', 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'outside dist');
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('built UI files', () => {
  it('serves index.html at / and hashed assets as immutable, with their content types', async () => {
    const dist = join(webRoot(), 'dist');
    const index = await readUiFile(dist, '/');
    expect(index).toMatchObject({ contentType: 'text/html; charset=utf-8', immutable: false });
    expect(Buffer.from(index!.body).toString()).toContain('id="app"');
    expect(await readUiFile(dist, '/assets/index-abc.js')).toMatchObject({
      contentType: 'text/javascript; charset=utf-8',
      immutable: true,
    });
  });

  it('never leaves dist, and answers null for folders, missing files and bad escapes', async () => {
    const dist = join(webRoot(), 'dist');
    expect(await readUiFile(dist, '/../secret.txt')).toBeNull();
    expect(await readUiFile(dist, '/%2e%2e/secret.txt')).toBeNull();
    expect(await readUiFile(dist, '/assets')).toBeNull();
    expect(await readUiFile(dist, '/nope.js')).toBeNull();
    expect(await readUiFile(dist, '/%E0%A4%A')).toBeNull();
  });

  it('is stale when missing or older than a source, fresh otherwise', async () => {
    const web = webRoot();
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(web, 'index.html'), past, past);
    utimesSync(join(web, 'src', 'main.ts'), past, past);
    expect(await uiBuildIsStale(web)).toBe(false);
    writeFileSync(join(web, 'src', 'main.ts'), 'export const changed = 1;');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(web, 'src', 'main.ts'), future, future);
    expect(await uiBuildIsStale(web)).toBe(true);
    rmSync(join(web, 'dist', 'index.html'));
    expect(await uiBuildIsStale(web)).toBe(true);
  });

  it('is stale when a module of the core domain the bundle imports changed', async () => {
    const web = webRoot();
    // The UI lives in web/ next to the core's src/: lay the temp folders out the same way.
    const nested = join(web, 'web');
    mkdirSync(join(nested, 'src'), { recursive: true });
    mkdirSync(join(nested, 'dist'), { recursive: true });
    mkdirSync(join(web, 'src', 'domain'), { recursive: true });
    const past = new Date(Date.now() - 60_000);
    for (const f of ['web/src/main.ts', 'src/domain/attachment.ts']) {
      writeFileSync(join(web, f), 'export {};');
      utimesSync(join(web, f), past, past);
    }
    writeFileSync(join(nested, 'dist', 'index.html'), '<!doctype html>');
    expect(await uiBuildIsStale(nested)).toBe(false);
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(web, 'src', 'domain', 'attachment.ts'), future, future);
    expect(await uiBuildIsStale(nested)).toBe(true);
  });

  it('ignores test files when deciding staleness', async () => {
    const web = webRoot();
    const past = new Date(Date.now() - 60_000);
    for (const f of ['index.html', 'src/main.ts']) utimesSync(join(web, f), past, past);
    writeFileSync(join(web, 'src', 'x.test.ts'), '');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(web, 'src', 'x.test.ts'), future, future);
    expect(await uiBuildIsStale(web)).toBe(false);
  });
});
