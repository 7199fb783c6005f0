import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { removeRoot, startTestVillage, TEMPLATE } from './helpers/village-server.ts';

const CANARY = 'sk-canary-7f3e9b1c-DO-NOT-LEAK';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('a secret never leaves the secret store', () => {
  it('is absent from every workspace file, the log, API responses and events', async () => {
    const village = await startTestVillage();
    const frames: string[] = [];
    const responses: string[] = [];
    try {
      await village.ready();
      const ws = new WebSocket(
        `ws://127.0.0.1:${village.server.port}/api/events?token=${village.server.token}`,
      );
      ws.on('message', (data) => frames.push(String(data)));
      await new Promise((resolve) => ws.once('open', resolve));

      const record = async (name: string, args: unknown = {}) => {
        const res = await village.call(name, args);
        responses.push(JSON.stringify(res.body));
        return res.body as Record<string, unknown>;
      };
      const template = await record('upsert_template', { template: TEMPLATE });
      await record('set_credential', { templateId: template.id, secret: CANARY });
      // The client claims keyring/unset; the stored credential must survive and stay secret.
      await record('upsert_template', { template: { ...TEMPLATE, id: template.id, credential: 'unset' } });
      await record('create_agent', { spec: { name: 'A', modelTemplateId: template.id } });
      await record('get_world');
      await record('set_credential', { templateId: 'no_such_template', secret: CANARY });
      await record('set_credential', { templateId: template.id, secret: { value: CANARY } });
      await record('set_credential', { templateId: '../x', secret: CANARY });
      const world = await record('get_world');
      expect((world.templates as { credential: string }[])[0]?.credential).toBe('keyring');

      // The secret is in the app-data secret store only, and the file is private.
      const secretsFile = join(village.home, 'secrets.json');
      expect(await readFile(secretsFile, 'utf8')).toContain(CANARY);
      expect((await stat(secretsFile)).mode & 0o777).toBe(0o600);

      await record('clear_credential', { templateId: template.id });
      expect(await readFile(secretsFile, 'utf8')).not.toContain(CANARY);
      ws.close();
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await village.close();
    }
    try {
      expect(frames.length).toBeGreaterThan(0);
      for (const text of [...responses, ...frames]) expect(text).not.toContain(CANARY);
      const files = await filesUnder(village.workspace);
      expect(files.some((f) => f.endsWith('world.json'))).toBe(true);
      expect(files.some((f) => f.endsWith('fuseforks.log'))).toBe(true);
      for (const file of files) expect(await readFile(file, 'utf8'), file).not.toContain(CANARY);
    } finally {
      await removeRoot(village.root);
    }
  });
});
