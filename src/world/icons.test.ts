import { mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearIcon, decodeIconBase64, ICON_MAX_BYTES, readIcon, validateIcon, writeIcon } from './icons.ts';
import { codeOf } from '../../test/helpers/core-error.ts';

/** The smallest buffer the check accepts: "RIFF", a size, "WEBP", then a payload. */
function webp(payloadBytes = 4): Uint8Array {
  const bytes = Buffer.alloc(12 + payloadBytes, 0x41);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(4 + payloadBytes, 4);
  bytes.write('WEBP', 8, 'latin1');
  return new Uint8Array(bytes);
}

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

describe('validateIcon', () => {
  it('accepts a minimal RIFF....WEBP buffer', () => {
    expect(() => validateIcon(webp(0))).not.toThrow();
    expect(() => validateIcon(webp())).not.toThrow();
  });

  it('accepts exactly 512 KB', () => {
    expect(() => validateIcon(webp(ICON_MAX_BYTES - 12))).not.toThrow();
  });

  it('refuses PNG magic with INVALID_ICON', () => {
    expect(codeOf(() => validateIcon(PNG))).toBe('INVALID_ICON');
  });

  it('refuses RIFF containers that are not WebP', () => {
    const wave = Buffer.from(webp());
    wave.write('WAVE', 8, 'latin1');
    expect(codeOf(() => validateIcon(new Uint8Array(wave)))).toBe('INVALID_ICON');
  });

  it('refuses buffers shorter than the header', () => {
    expect(codeOf(() => validateIcon(new Uint8Array(0)))).toBe('INVALID_ICON');
    expect(codeOf(() => validateIcon(webp().subarray(0, 11)))).toBe('INVALID_ICON');
  });

  it('refuses more than 512 KB with INVALID_ICON', () => {
    expect(ICON_MAX_BYTES).toBe(512 * 1024);
    expect(codeOf(() => validateIcon(webp(ICON_MAX_BYTES - 12 + 1)))).toBe('INVALID_ICON');
  });
});

describe('decodeIconBase64', () => {
  it('decodes strict base64, ignoring whitespace', () => {
    const bytes = webp();
    const encoded = Buffer.from(bytes).toString('base64');
    expect(Buffer.from(decodeIconBase64(encoded)).equals(Buffer.from(bytes))).toBe(true);
    const spaced = `${encoded.slice(0, 8)}\n ${encoded.slice(8)}`;
    expect(Buffer.from(decodeIconBase64(spaced)).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each(['not base64!', 'abc', 'ab$d', 'YWJj=ZGVm', '====', 'YW-j'])(
    'refuses %j with INVALID_ICON',
    (value) => {
      expect(codeOf(() => decodeIconBase64(value))).toBe('INVALID_ICON');
    },
  );

  it('refuses base64 that is far above the size limit', () => {
    const big = Buffer.alloc(ICON_MAX_BYTES + 1024).toString('base64');
    expect(codeOf(() => decodeIconBase64(big))).toBe('INVALID_ICON');
  });
});

describe('writeIcon / readIcon / clearIcon', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fuseforks-icons-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('round trips an icon in a new folder', async () => {
    const path = join(root, 'agents', 'agent_1', 'icon.webp');
    expect(await readIcon(root, path)).toBeNull();
    const bytes = webp(64);
    await writeIcon(root, path, bytes);
    const read = await readIcon(root, path);
    expect(read).not.toBeNull();
    expect(Buffer.from(read as Uint8Array).equals(Buffer.from(bytes))).toBe(true);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await clearIcon(root, path);
    expect(await readIcon(root, path)).toBeNull();
  });

  it('clearIcon on a missing icon is fine', async () => {
    await expect(clearIcon(root, join(root, 'none.webp'))).resolves.toBeUndefined();
  });

  it('writeIcon refuses an invalid icon and writes nothing', async () => {
    const path = join(root, 'icon.webp');
    await expect(writeIcon(root, path, PNG)).rejects.toMatchObject({ code: 'INVALID_ICON' });
    expect(await readdir(root)).toEqual([]);
  });

  it('writeIcon replaces the previous icon', async () => {
    const path = join(root, 'icon.webp');
    await writeIcon(root, path, webp(4));
    const second = webp(8);
    await writeIcon(root, path, second);
    expect(Buffer.from((await readIcon(root, path)) as Uint8Array).equals(Buffer.from(second))).toBe(true);
    expect(await readdir(root)).toEqual(['icon.webp']);
  });
});

describe('symbolic links under the workspace', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fuseforks-icons-link-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('refuses to read or write through a linked folder or file', async () => {
    const outside = join(root, 'outside');
    const workspace = join(root, 'ws');
    await mkdir(outside, { recursive: true });
    await mkdir(join(workspace, 'agents'), { recursive: true });
    await symlink(outside, join(workspace, 'agents', 'a'));
    const viaLink = join(workspace, 'agents', 'a', 'icon.webp');
    await expect(writeIcon(workspace, viaLink, webp(16))).rejects.toMatchObject({ code: 'CONFIG_IO' });
    await expect(readIcon(workspace, viaLink)).rejects.toMatchObject({ code: 'CONFIG_IO' });
    expect(await readdir(outside)).toEqual([]);
    await mkdir(join(workspace, 'user'));
    await writeFile(join(outside, 'secret.webp'), webp(16));
    await symlink(join(outside, 'secret.webp'), join(workspace, 'user', 'icon.webp'));
    await expect(readIcon(workspace, join(workspace, 'user', 'icon.webp'))).rejects.toMatchObject({
      code: 'CONFIG_IO',
    });
  });
});
