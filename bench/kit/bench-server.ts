/**
 * A real village server for a benchmark: a fresh temporary workspace and home, an ephemeral port, the
 * 0600 file secret store and English texts, with an `api` helper that posts one command (and throws
 * on an error answer) and a `dispose` that stops the server and removes the folders.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSecretStore } from '../../src/secrets/file-secret-store.ts';
import { startServer, type RunningServer } from '../../src/server/serve.ts';

export interface BenchServer {
  server: RunningServer;
  root: string;
  api(name: string, args?: unknown): Promise<unknown>;
  /** Polls `boot_status` until the village is ready (about 2 s at most). */
  waitReady(): Promise<void>;
  /** Stops the server and removes its folders. */
  dispose(): Promise<void>;
}

export async function startBenchServer(prefix: string): Promise<BenchServer> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const server = await startServer({
    workspace: join(root, 'ws'),
    home: join(root, 'home'),
    port: 0,
    secrets: new FileSecretStore(join(root, 'home', 'secrets.json')),
    detectLanguage: () => 'en',
  });
  const api = async (name: string, args: unknown = {}): Promise<unknown> => {
    const response = await fetch(`${server.url}/api/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    // A bench that goes on after a failed set-up call would print figures of the wrong work.
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };
  const waitReady = async () => {
    for (let i = 0; i < 200 && !((await api('boot_status')) as { ready: boolean }).ready; i += 1)
      await new Promise((r) => setTimeout(r, 10));
  };
  const dispose = async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  };
  return { server, root, api, waitReady, dispose };
}
