import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentMessage } from '../../src/domain/message.ts';
import { FileSecretStore } from '../../src/secrets/file-secret-store.ts';
import type { SecretStore } from '../../src/secrets/secret-store.ts';
import { startServer, type RunningServer } from '../../src/server/serve.ts';

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
}

export interface TestVillage {
  server: RunningServer;
  workspace: string;
  home: string;
  root: string;
  call<T = unknown>(
    name: string,
    args?: unknown,
    init?: { headers?: Record<string, string> },
  ): Promise<ApiResult<T>>;
  /** Calls and expects 200, returning the body. */
  ok<T = unknown>(name: string, args?: unknown): Promise<T>;
  ready(): Promise<void>;
  close(): Promise<void>;
}

export async function makeTempRoot(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'fuseforks-test-'));
}

/** A real server on an ephemeral port over temp folders, with the file secret store. */
export async function startTestVillage(
  options: { root?: string; secrets?: SecretStore; language?: 'ja' | 'en'; priceTableCa?: string } = {},
): Promise<TestVillage> {
  const root = options.root ?? (await makeTempRoot());
  const workspace = join(root, 'workspace');
  const home = join(root, 'home');
  const server = await startServer({
    workspace,
    home,
    port: 0,
    secrets: options.secrets ?? new FileSecretStore(join(home, 'secrets.json')),
    detectLanguage: () => options.language ?? 'en',
    ...(options.priceTableCa === undefined ? {} : { priceTableCa: options.priceTableCa }),
  });
  const call = async <T>(
    name: string,
    args: unknown = {},
    init: { headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${server.url}/api/${name}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
      body: typeof args === 'string' ? args : JSON.stringify(args),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const village: TestVillage = {
    server,
    workspace,
    home,
    root,
    call,
    async ok<T>(name: string, args: unknown = {}) {
      const result = await call<T>(name, args);
      if (result.status !== 200) {
        throw new Error(`${name} answered ${result.status}: ${JSON.stringify(result.body)}`);
      }
      return result.body;
    },
    async ready() {
      for (let i = 0; i < 200; i += 1) {
        const { body } = await call<{ ready: boolean; error: unknown }>('boot_status');
        if (body.ready || body.error) return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('village did not boot');
    },
    async close() {
      await server.close();
    },
  };
  return village;
}

export async function removeRoot(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/** A minimal valid WebP header (RIFF....WEBP) padded to `size` bytes. */
export function webp(size = 64): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(size - 8, 4);
  bytes.write('WEBPVP8 ', 8, 'latin1');
  return bytes;
}

export const TEMPLATE = {
  name: 'Local model',
  baseUrl: 'http://127.0.0.1:9/v1',
  model: 'test-model',
};

/**
 * A started servant whose model is a template at `baseUrl` (the fake provider), OpenAI-compatible
 * unless `provider` names another wire: `spec` takes any AgentSpec fields besides the template.
 */
export async function startFakeServant(
  v: TestVillage,
  baseUrl: string,
  spec: { id: string; name: string } & Record<string, unknown>,
  provider = 'open_ai_compat',
): Promise<void> {
  const { id } = await v.ok<{ id: string }>('upsert_template', {
    template: {
      name: `${spec.name} model`,
      baseUrl,
      model: 'm',
      provider,
      credential: 'not_required',
    },
  });
  await v.ok('create_agent', { spec: { ...spec, modelTemplateId: id } });
  await v.ok('start_agent', { agentId: spec.id });
}

/** Polls `list_messages` until one matches; the list at that moment. */
export async function waitForMessage(
  v: TestVillage,
  matches: (message: AgentMessage) => boolean,
  what: string,
): Promise<AgentMessage[]> {
  for (let i = 0; i < 500; i += 1) {
    const list = await v.ok<AgentMessage[]>('list_messages');
    if (list.some(matches)) return list;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** An agent's reply with exactly this text. */
export const isReply = (text: string) => (m: AgentMessage) => m.from.kind === 'agent' && m.content === text;
/** The System line an interrupted turn leaves (English village). */
export const isInterruptLine = (m: AgentMessage) =>
  m.from.kind === 'system' && m.content.includes('Interrupted');
