import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../domain/errors.ts';
import { DEFAULT_DOOR_PORT, DOOR_SETTINGS_FILE, parseDoorSettings } from './door-settings-codec.ts';
import { DoorSettingsStore } from './door-settings.ts';

let root: string;
let path: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fuseforks-door-settings-'));
  path = join(root, 'home', DOOR_SETTINGS_FILE);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function rejection(promise: Promise<unknown>): Promise<CoreError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return error as CoreError;
  }
  throw new Error('expected a rejection with a CoreError');
}

const TOKEN = /^[0-9a-f]{32}$/;

describe('DoorSettingsStore', () => {
  it('reads a missing file as the defaults and does not create it', async () => {
    const store = new DoorSettingsStore(path);
    expect(await store.read()).toEqual({
      readable: true,
      settings: { enabled: false, port: DEFAULT_DOOR_PORT, token: null },
    });
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('creates the token the first time the door is enabled, not before', async () => {
    const store = new DoorSettingsStore(path);
    const off = await store.setSettings({ enabled: false, port: 40000 });
    expect(off).toEqual({ enabled: false, port: 40000, token: null });
    const on = await store.setSettings({ enabled: true, port: 40000 });
    expect(on.token).toMatch(TOKEN);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ enabled: true, port: 40000, token: on.token });
  });

  it('keeps the token across disable, enable, port changes and new store instances', async () => {
    const store = new DoorSettingsStore(path);
    const { token } = await store.setSettings({ enabled: true, port: 40000 });
    expect((await store.setSettings({ enabled: false, port: 40000 })).token).toBe(token);
    expect((await store.setSettings({ enabled: true, port: 40001 })).token).toBe(token);
    const again = new DoorSettingsStore(path);
    expect(await again.read()).toEqual({ readable: true, settings: { enabled: true, port: 40001, token } });
  });

  it('regenerates the token only on request', async () => {
    const store = new DoorSettingsStore(path);
    const first = await store.setSettings({ enabled: true, port: 40000 });
    const second = await store.regenerateToken();
    expect(second.token).toMatch(TOKEN);
    expect(second.token).not.toBe(first.token);
    expect(second).toMatchObject({ enabled: true, port: 40000 });
    expect(await store.read()).toEqual({ readable: true, settings: second });
  });

  it.each([1023, 65536, 0, -1, 40000.5, Number.NaN])(
    'rejects port %s with INVALID_ARGUMENT',
    async (port) => {
      const store = new DoorSettingsStore(path);
      const error = await rejection(store.setSettings({ enabled: true, port }));
      expect(error.code).toBe('INVALID_ARGUMENT');
      await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );

  it('accepts the ends of the port range', async () => {
    const store = new DoorSettingsStore(path);
    expect((await store.setSettings({ enabled: false, port: 1024 })).port).toBe(1024);
    expect((await store.setSettings({ enabled: false, port: 65535 })).port).toBe(65535);
  });

  it.skipIf(process.platform === 'win32')('writes the file with mode 0600', async () => {
    const store = new DoorSettingsStore(path);
    await store.setSettings({ enabled: true, port: 40000 });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await store.regenerateToken();
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  describe('an unreadable file', () => {
    const secret = 'abcdefabcdefabcdefabcdefabcdefab';
    const cases: [string, string][] = [
      ['broken JSON', `{ "enabled": true, "port": 40000, "token": "${secret}" `],
      ['a wrong type', JSON.stringify({ enabled: 'yes', port: 40000, token: secret })],
      ['a port out of range', JSON.stringify({ enabled: true, port: 80, token: secret })],
      ['a malformed token', JSON.stringify({ enabled: true, port: 40000, token: `${secret}X` })],
      ['a missing key', JSON.stringify({ enabled: true, token: secret })],
      ['an unknown key', JSON.stringify({ enabled: true, port: 40000, token: secret, extra: 1 })],
      ['enabled without a token', JSON.stringify({ enabled: true, port: 40000, token: null })],
      ['not an object', JSON.stringify([secret])],
    ];

    it.each(cases)('with %s is reported, refused for writes and left byte for byte', async (_, text) => {
      await mkdir(join(root, 'home'), { recursive: true });
      await writeFile(path, text);
      const store = new DoorSettingsStore(path);
      const read = await store.read();
      expect(read.readable).toBe(false);
      if (read.readable) return;
      expect(read.problem).not.toContain(secret);
      expect(store.current()).toEqual(read);

      for (const write of [
        () => store.setSettings({ enabled: true, port: 40000 }),
        () => store.setSettings({ enabled: false, port: 40000 }),
        () => store.regenerateToken(),
      ]) {
        const error = await rejection(write());
        expect(error.code).toBe('CONFIG_IO');
        expect(error.message).toContain('unreadable');
        expect(error.message).toMatch(/fix or remove/i);
        expect(error.message).not.toContain(secret);
        expect(error.detail ?? '').not.toContain(secret);
      }
      expect(await readFile(path, 'utf8')).toBe(text);
    });

    it('works again once the file is removed by hand', async () => {
      await mkdir(join(root, 'home'), { recursive: true });
      await writeFile(path, '{');
      const store = new DoorSettingsStore(path);
      await rejection(store.setSettings({ enabled: true, port: 40000 }));
      await rm(path);
      expect((await store.setSettings({ enabled: true, port: 40000 })).token).toMatch(TOKEN);
    });

    it('is a directory where the file should be', async () => {
      await mkdir(path, { recursive: true });
      const store = new DoorSettingsStore(path);
      expect(await store.read()).toMatchObject({ readable: false });
      expect((await rejection(store.setSettings({ enabled: true, port: 40000 }))).code).toBe('CONFIG_IO');
    });
  });

  it('serialises concurrent saves so neither loses the token', async () => {
    const store = new DoorSettingsStore(path);
    const [a, b] = await Promise.all([
      store.setSettings({ enabled: true, port: 40000 }),
      store.setSettings({ enabled: true, port: 40001 }),
    ]);
    expect(a.token).toMatch(TOKEN);
    expect(b.token).toBe(a.token);
  });
});

describe('parseDoorSettings', () => {
  it('names the key and never quotes the value', () => {
    const result = parseDoorSettings(JSON.stringify({ enabled: true, port: 40000, token: 'SECRET-VALUE' }));
    expect(result).toEqual({ ok: false, problem: 'token: must be 32 lowercase hex digits' });
  });

  it('reads a disabled door with a kept token', () => {
    const token = 'a'.repeat(32);
    expect(parseDoorSettings(JSON.stringify({ enabled: false, port: 1024, token }))).toEqual({
      ok: true,
      settings: { enabled: false, port: 1024, token },
    });
  });
});
