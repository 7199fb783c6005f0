import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../diag/log.ts';
import type { AgentId } from '../../domain/ids.ts';
import { tempWorkspace } from '../../world/test-kit.ts';
import { ScheduleStore, type ScheduleSettings } from './schedule-store.ts';

const A1 = 'agent_1' as AgentId;
const A2 = 'agent_2' as AgentId;

/** A schedule from an older version: no optional field, in the order this version writes. */
const PLAIN = `[
  {
    "id": "0b7c6a52-3f0e-4f55-9f0a-2c1b5e7d9a10",
    "to": "agent_1",
    "message": "report",
    "recurrence": {
      "kind": "weekly",
      "weekday": "thu",
      "hour": 17,
      "minute": 0
    },
    "createdAtMs": 1767225600000,
    "lastConsumedDueMs": null,
    "enabled": true
  }
]
`;

const settings = (over: Partial<ScheduleSettings> = {}): ScheduleSettings => ({
  to: A1,
  message: 'check the build',
  recurrence: { kind: 'interval', everyMinutes: 30 },
  enabled: true,
  probe: null,
  sessionMode: 'continue',
  summarizeAfter: false,
  acceptance: null,
  autoApprovePlans: false,
  ...over,
});

let ws: ReturnType<typeof tempWorkspace>;
let file: string;
let log: MemoryDiagLog;
let clock: number;
let ids: number;

beforeEach(() => {
  ws = tempWorkspace('fuseforks-schedules-');
  file = join(ws.ws, 'schedules.json');
  log = new MemoryDiagLog();
  clock = 1_000_000;
  ids = 0;
});
afterEach(() => ws.cleanup());

function open(agents: AgentId[] = [A1, A2]) {
  return ScheduleStore.open({
    workspace: ws.ws,
    file,
    log,
    agentExists: (id) => agents.includes(id),
    now: () => clock,
    newId: () => `00000000-0000-4000-8000-00000000000${ids++}`,
  });
}

const onDisk = () => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];

describe('loading schedules.json', () => {
  it('starts empty without a file and writes nothing until a change', async () => {
    const store = await open();
    expect(store.list()).toEqual([]);
    expect(store.blocked).toBeNull();
    expect(existsSync(file)).toBe(false);
  });

  it('fills the defaults of fields added after Spec 07', async () => {
    writeFileSync(file, PLAIN);
    const [s] = (await open()).list();
    expect(s).toMatchObject({
      enabled: true,
      probe: null,
      sessionMode: 'continue',
      summarizeAfter: false,
      acceptance: null,
      autoApprovePlans: false,
    });
  });

  it('saves a schedule that uses no optional field byte-identically', async () => {
    writeFileSync(file, PLAIN);
    const store = await open();
    const [s] = store.list();
    // Two real saves that end where the file started.
    await store.setEnabled(s!.id, false);
    await store.setEnabled(s!.id, true);
    expect(readFileSync(file, 'utf8')).toBe(PLAIN);
  });

  it('keeps unknown keys of an entry, of its recurrence, of its probe and of its acceptance', async () => {
    const entry = {
      ...(JSON.parse(PLAIN) as Record<string, unknown>[])[0],
      recurrence: { kind: 'weekly', weekday: 'thu', hour: 17, minute: 0, futureZone: 'Asia/Tokyo' },
      futureField: { x: 1 },
      probe: { command: 'git', args: ['status'], expect: 'ok', probeExtra: true },
      acceptance: { command: 'npm', args: ['test'], expect: 'pass', maxAttempts: 3, accExtra: 'k' },
    };
    writeFileSync(file, JSON.stringify([entry]));
    const store = await open();
    await store.setEnabled('0b7c6a52-3f0e-4f55-9f0a-2c1b5e7d9a10', false);
    const [saved] = onDisk();
    expect(saved).toMatchObject({
      futureField: { x: 1 },
      enabled: false,
      recurrence: { kind: 'weekly', weekday: 'thu', hour: 17, minute: 0, futureZone: 'Asia/Tokyo' },
      probe: { command: 'git', args: ['status'], expect: 'ok', timeoutSecs: 60, cwd: null, probeExtra: true },
      acceptance: { maxAttempts: 3, accExtra: 'k' },
    });
  });

  it('drops each invalid schedule on its own and keeps the rest', async () => {
    const base = (JSON.parse(PLAIN) as Record<string, unknown>[])[0]!;
    const variants: Record<string, unknown>[] = [
      { recurrence: { kind: 'daily', hour: 24, minute: 0 } },
      { recurrence: { kind: 'daily', hour: 9, minute: 60 } },
      { recurrence: { kind: 'interval', everyMinutes: 0 } },
      { to: 'agent_gone' },
      { probe: { command: '  ', args: [], expect: 'ok' } },
      { probe: { command: 'git', args: [], expect: '' } },
      { probe: { command: 'git', args: [], expect: 'ok', timeoutSecs: 3601 } },
      { probe: { command: 'git', args: [], expect: 'ok', timeoutSecs: 0 } },
      { acceptance: { command: 'git', args: [], expect: 'ok', maxAttempts: 0 } },
      { acceptance: { command: 'git', args: [], expect: 'ok', maxAttempts: 6 } },
      { id: 'bad\nid' },
    ];
    const entries = [
      ...variants.map((v, i) => ({ ...base, id: `bad-${i}`, ...v })),
      { ...base, id: 'good-1' },
      { ...base, id: 'good-1', message: 'twice' },
      'not an object',
      { ...base, id: 'good-2', recurrence: { kind: 'daily', hour: 23, minute: 59 } },
    ];
    writeFileSync(file, JSON.stringify(entries));
    const store = await open();
    expect(store.list().map((s) => s.id)).toEqual(['good-1', 'good-2']);
    expect(store.blocked).toBeNull();
    const warnings = log.lines.filter((l) => l.startsWith('WARN schedules.json: entry'));
    expect(warnings).toHaveLength(variants.length + 2);
    expect(warnings.join('\n')).toContain('no agent agent_gone');
  });

  it('blocks writes when the file is not JSON, and leaves it as it was', async () => {
    writeFileSync(file, '[{ "id": ');
    const store = await open();
    expect(store.list()).toEqual([]);
    expect(store.blocked).toMatch(/not valid JSON/);
    await expect(store.create(settings())).rejects.toMatchObject({ code: 'SCHEDULE_STORE_BLOCKED' });
    expect(readFileSync(file, 'utf8')).toBe('[{ "id": ');
    // Deleting an agent still works: there is nothing loaded to delete.
    expect(await store.deleteForAgent(A1)).toBe(0);
  });

  it('blocks writes when the file is JSON but not an array', async () => {
    writeFileSync(file, '{"schedules": []}');
    const store = await open();
    expect(store.blocked).toMatch(/JSON array/);
    await expect(store.create(settings())).rejects.toMatchObject({ code: 'SCHEDULE_STORE_BLOCKED' });
  });

  it('does not read through a link planted in the workspace', async () => {
    const elsewhere = join(ws.outside, 'planted.json');
    writeFileSync(elsewhere, PLAIN);
    symlinkSync(elsewhere, file);
    const store = await open();
    expect(store.list()).toEqual([]);
    expect(store.blocked).toMatch(/could not be read/);
  });
});

describe('changing schedules', () => {
  it('creates with a new id and createdAtMs = now, nothing consumed yet', async () => {
    const store = await open();
    const created = await store.create(settings());
    expect(created).toMatchObject({
      id: '00000000-0000-4000-8000-000000000000',
      createdAtMs: 1_000_000,
      lastConsumedDueMs: null,
    });
    expect(onDisk()).toEqual([
      {
        id: created.id,
        to: 'agent_1',
        message: 'check the build',
        recurrence: { kind: 'interval', everyMinutes: 30 },
        createdAtMs: 1_000_000,
        lastConsumedDueMs: null,
        enabled: true,
      },
    ]);
    // A restart reads back what was saved.
    expect((await open()).list()).toEqual([created]);
  });

  it('refuses a target that does not exist', async () => {
    const store = await open();
    await expect(store.create(settings({ to: 'agent_9' as AgentId }))).rejects.toMatchObject({
      code: 'AGENT_NOT_FOUND',
    });
    expect(existsSync(file)).toBe(false);
  });

  it('updates the settings but keeps id, createdAtMs and the consumed slot', async () => {
    const store = await open();
    const created = await store.create(settings());
    await store.consume(created.id, 5_000_000);
    clock = 9_000_000;
    const updated = await store.update(created.id, settings({ message: 'new', sessionMode: 'fresh' }));
    expect(updated).toMatchObject({ id: created.id, createdAtMs: 1_000_000, lastConsumedDueMs: 5_000_000 });
    expect(onDisk()[0]).toMatchObject({ message: 'new', sessionMode: 'fresh' });
  });

  it('answers SCHEDULE_NOT_FOUND for an unknown id', async () => {
    const store = await open();
    await expect(store.update('nope', settings())).rejects.toMatchObject({ code: 'SCHEDULE_NOT_FOUND' });
    await expect(store.delete('nope')).rejects.toMatchObject({ code: 'SCHEDULE_NOT_FOUND' });
    await expect(store.setEnabled('nope', false)).rejects.toMatchObject({ code: 'SCHEDULE_NOT_FOUND' });
  });

  it('consumes only forward, and not a schedule that is gone', async () => {
    const store = await open();
    const created = await store.create(settings());
    expect(await store.consume(created.id, 2_000)).toBe(true);
    expect(await store.consume(created.id, 1_000)).toBe(false);
    expect(await store.consume(created.id, 2_000)).toBe(false);
    expect(store.require(created.id).lastConsumedDueMs).toBe(2_000);
    expect(onDisk()[0]!.lastConsumedDueMs).toBe(2_000);
    await store.delete(created.id);
    expect(await store.consume(created.id, 3_000)).toBe(false);
    expect(onDisk()).toEqual([]);
  });

  it('deletes the schedules of a deleted agent', async () => {
    const store = await open();
    await store.create(settings({ to: A1 }));
    const kept = await store.create(settings({ to: A2 }));
    await store.create(settings({ to: A1 }));
    expect(await store.deleteForAgent(A1)).toBe(2);
    expect(store.list()).toEqual([kept]);
    expect(onDisk().map((s) => s.id)).toEqual([kept.id]);
  });

  it('runs concurrent changes one after another, none lost', async () => {
    const store = await open();
    const created = await store.create(settings());
    await Promise.all([
      store.consume(created.id, 7_000),
      store.update(created.id, settings({ message: 'edited' })),
      store.create(settings({ to: A2 })),
      store.setEnabled(created.id, false),
    ]);
    const disk = onDisk();
    expect(disk).toHaveLength(2);
    expect(disk[0]).toMatchObject({ message: 'edited', lastConsumedDueMs: 7_000, enabled: false });
  });

  it('writes through the workspace helper: a link planted after start is refused, not followed', async () => {
    const store = await open();
    const elsewhere = join(ws.outside, 'target.json');
    writeFileSync(elsewhere, 'untouched');
    symlinkSync(elsewhere, file);
    await expect(store.create(settings())).rejects.toMatchObject({ code: 'CONFIG_IO' });
    expect(readFileSync(elsewhere, 'utf8')).toBe('untouched');
    expect(store.list()).toEqual([]);
  });
});
