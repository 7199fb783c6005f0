import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveServeConfig } from '../src/cli.ts';
import { makeTempRoot, removeRoot } from './helpers/village-server.ts';

const BIN = join(import.meta.dirname, '..', 'bin', 'fuseforks.mjs');

describe('fuseforks serve', () => {
  it('starts from the bin, prints the UI URL with its token, serves, and stops on SIGTERM', async () => {
    const root = await makeTempRoot();
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
      env: {
        ...process.env,
        FUSEFORKS_HOME: join(root, 'home'),
        FUSEFORKS_WORKSPACE: join(root, 'ws'),
        FUSEFORKS_SECRET_STORE: 'file',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)/.exec(out);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const { origin, searchParams } = new URL(url);
      const token = searchParams.get('token')!;
      expect(token).toBe((await readFile(join(root, 'home', 'api_token'), 'utf8')).trim());
      const status = await fetch(`${origin}/api/boot_status`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(status.status).toBe(200);
      expect(await (await fetch(`${origin}/`)).text()).toContain('Fuseforks');
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(await readFile(join(root, 'ws', 'fuseforks.log'), 'utf8')).toContain('version: app=');
    } finally {
      child.kill('SIGKILL');
      await removeRoot(root);
    }
  });

  it('takes flags over environment variables over defaults', () => {
    const env = { FUSEFORKS_HOME: '/h', FUSEFORKS_WORKSPACE: '/w', FUSEFORKS_PORT: '9000', HOME: '/home/u' };
    expect(resolveServeConfig([], env)).toEqual({
      home: '/h',
      workspace: '/w',
      port: 9000,
      host: '127.0.0.1',
    });
    expect(resolveServeConfig(['--home', '/x', '--port', '1234'], env)).toMatchObject({
      home: '/x',
      workspace: '/w',
      port: 1234,
    });
    expect(resolveServeConfig([], { XDG_DATA_HOME: '/data' })).toMatchObject({
      home: '/data/fuseforks',
      workspace: '/data/fuseforks/workspace',
      port: 7420,
    });
    expect(() => resolveServeConfig(['--port', 'abc'], env)).toThrow('invalid port');
    expect(() => resolveServeConfig(['--nope'], env)).toThrow();
  });
});
