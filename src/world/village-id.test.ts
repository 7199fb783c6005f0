import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUuidV4 } from '../domain/ids.ts';
import { ensureVillageId } from './village-id.ts';

let root: string;
let path: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fuseforks-village-id-'));
  path = join(root, 'village_id');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const VALID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('ensureVillageId', () => {
  it('creates a lowercase uuid v4 file when there is none', async () => {
    const result = await ensureVillageId(path);
    expect(result.created).toBe(true);
    expect(isUuidV4(result.id)).toBe(true);
    expect(result.id).toBe(result.id.toLowerCase());
    expect(await readFile(path, 'utf8')).toBe(`${result.id}\n`);
  });

  it('returns the same id on the next call', async () => {
    const first = await ensureVillageId(path);
    const second = await ensureVillageId(path);
    expect(second).toEqual({ id: first.id, created: false });
  });

  it('keeps a valid id with surrounding whitespace and does not rewrite the file', async () => {
    const text = `  ${VALID}\n\n`;
    await writeFile(path, text, 'utf8');
    expect(await ensureVillageId(path)).toEqual({ id: VALID, created: false });
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it.each([
    ['hello', 'hello'],
    ['an uppercase uuid', VALID.toUpperCase()],
    ['an empty file', ''],
    ['a uuid with trailing text', `${VALID}x`],
  ])('regenerates %s', async (_what, text) => {
    await writeFile(path, text, 'utf8');
    const result = await ensureVillageId(path);
    expect(result.created).toBe(true);
    expect(isUuidV4(result.id)).toBe(true);
    expect(result.id).not.toBe(text.trim());
    expect(await readFile(path, 'utf8')).toBe(`${result.id}\n`);
  });
});
