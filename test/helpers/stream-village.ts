/**
 * The test bed of the streaming turn tests (issue 23): a booted village over temp folders, the fake
 * provider, the core events in order (from the village's own bus, and over the events socket), and
 * the records the real SQLite file holds for one agent.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import type { Provider } from '../../src/domain/enums.ts';
import type { CoreEvent } from '../../src/domain/events.ts';
import type { Orchestrator } from '../../src/orchestrator/orchestrator.ts';
import { FakeProvider } from '../fakes/fake-provider.ts';
import { MODEL_OF } from '../fakes/stream-backend.ts';
import { removeRoot, startTestVillage, type TestVillage } from './village-server.ts';

export const STREAM_VILLAGE_KEY = 'sk-stream-village-4c1e88';

export interface StreamVillage {
  v: TestVillage;
  fake: FakeProvider;
  /** Every core event, in emit order (the in-process bus the events socket sends from). */
  events: CoreEvent[];
  /** The same events as the events socket delivered them. */
  frames: CoreEvent[];
  orch: Orchestrator;
  close(): Promise<void>;
}

export async function openStreamVillage(): Promise<StreamVillage> {
  const fake = await new FakeProvider().start();
  const v = await startTestVillage();
  await v.ready();
  const events: CoreEvent[] = [];
  const unsubscribe = v.server.events.subscribe((e) => events.push(e));
  const frames: CoreEvent[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${v.server.port}/api/events?token=${v.server.token}`);
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as CoreEvent));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return {
    v,
    fake,
    events,
    frames,
    orch: v.server.boot.require().orchestrator,
    async close() {
      unsubscribe();
      ws.close();
      await v.close();
      await removeRoot(v.root);
      await fake.stop();
    },
  };
}

/** A started servant on its own template of `provider` at the fake provider, with a stored key. */
export async function startStreamServant(
  bed: StreamVillage,
  spec: { id: string; name: string },
  provider: Provider,
  template: Record<string, unknown> = {},
): Promise<void> {
  const { v, fake } = bed;
  const { id } = await v.ok<{ id: string }>('upsert_template', {
    template: {
      name: `${spec.name} model`,
      baseUrl: fake.baseUrl,
      model: MODEL_OF[provider],
      provider,
      ...template,
    },
  });
  await v.ok('set_credential', { templateId: id, secret: STREAM_VILLAGE_KEY });
  await v.ok('create_agent', { spec: { ...spec, modelTemplateId: id } });
  await v.ok('start_agent', { agentId: spec.id });
}

export interface StoredRecord {
  kind: string;
  body: Record<string, unknown>;
}

/**
 * Every record of the current session in the SQLite file, in order. Read beside the app, so what the
 * village recorded in this stretch of the loop is written first (the app's own readers flush it).
 */
export function storedRecords(v: TestVillage): StoredRecord[] {
  v.server.boot.require().sessions.flush();
  const db = new Database(join(v.workspace, 'sessions.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT kind, body FROM records ORDER BY session_id, seq').all() as {
      kind: string;
      body: string;
    }[];
    return rows.map((row) => ({ kind: row.kind, body: JSON.parse(row.body) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}

/** Polls until `check` holds (10 ms steps, 5 s). */
export async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
