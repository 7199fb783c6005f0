import { existsSync, readdirSync, symlinkSync, utimesSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../diag/log.ts';
import { httpStatusFor } from '../domain/errors.ts';
import { EventBus } from '../domain/events.ts';
import { FileSecretStore } from '../secrets/file-secret-store.ts';
import { VillagePaths } from '../world/paths.ts';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import { freePort } from '../mcp/door/test-kit.ts';
import { SessionStore, sessionStorePath } from '../store/index.ts';
import type { AgentMessage } from '../domain/message.ts';
import { Boot, type BootDeps } from './boot.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A stored-looking attachment of `bytes` bytes, last modified `ageMs` ago. */
async function plantAttachment(paths: VillagePaths, id: string, ext: string, bytes: number, ageMs: number) {
  await mkdir(paths.attachmentsDir, { recursive: true });
  const path = paths.attachmentFile(id, ext);
  await writeFile(path, Buffer.alloc(bytes));
  const at = (Date.now() - ageMs) / 1000;
  utimesSync(path, at, at);
}

/** A saved session whose one message references `attachmentId` (it is the latest: boot opens it). */
function saveSessionReferencing(paths: VillagePaths, attachmentId: string): void {
  const store = SessionStore.open(sessionStorePath(paths.workspace), { workspace: paths.workspace });
  const session = store.createSession();
  const message: AgentMessage = {
    id: '7d0c3f4e-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
    from: { kind: 'user' },
    to: { kind: 'system' },
    content: '',
    tokens: 0,
    tsMs: Date.now(),
    hop: 0,
    attachments: [{ id: attachmentId, kind: 'video', fileName: 'clip.mp4', mimeType: 'video/mp4' }],
  };
  store.append(session, { kind: 'message', message });
  // A hand-edited record: its attachments are read, never trusted (no crash, nothing kept for it).
  const odd = { ...message, id: '7d0c3f4e-1a2b-4c3d-8e4f-5a6b7c8d9e10', attachments: 'clip.mp4' };
  store.append(session, { kind: 'message', message: odd as unknown as AgentMessage });
  store.append(session, {
    kind: 'message',
    message: { ...message, attachments: [null, { id: 7 }] } as never,
  });
  store.close();
}

async function bootOnce(paths: VillagePaths, extra: Partial<BootDeps> = {}): Promise<MemoryDiagLog> {
  const log = new MemoryDiagLog();
  const boot = new Boot({
    paths,
    log,
    events: new EventBus(),
    secrets: new FileSecretStore(paths.secretsFile),
    detectLanguage: () => 'en',
    ...extra,
  });
  await boot.start();
  expect(boot.status().ready).toBe(true);
  await boot.close();
  return log;
}

/** A workspace folder (made) and a home beside it in a temp root, removed afterwards. */
async function inTempVillage(test: (root: string, paths: VillagePaths) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'fuseforks-boot-gc-'));
  try {
    const paths = new VillagePaths(join(root, 'ws'), join(root, 'home'));
    await mkdir(paths.workspace, { recursive: true });
    await test(root, paths);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

const A = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('Boot', () => {
  it('answers NOT_READY (503, retryable) until init finishes, then hands out the context', async () => {
    const root = await mkdtemp(join(tmpdir(), 'fuseforks-boot-'));
    try {
      const paths = new VillagePaths(join(root, 'ws'), join(root, 'home'));
      const boot = new Boot({
        paths,
        log: new MemoryDiagLog(),
        events: new EventBus(),
        secrets: new FileSecretStore(paths.secretsFile),
        detectLanguage: () => 'en',
      });
      expect(boot.status()).toEqual({ ready: false, error: null, warnings: [] });
      const error = thrownCoreError(() => boot.require());
      expect(error.code).toBe('NOT_READY');
      expect(error.retryable).toBe(true);
      expect(httpStatusFor(error.code)).toBe(503);
      await boot.start();
      expect(boot.status()).toEqual({ ready: true, error: null, warnings: [] });
      expect(boot.require().village.state.tokenBudget).toBe(1_000_000);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('closing while init still runs leaves nothing running: the door it opened is shut again', async () => {
    const root = await mkdtemp(join(tmpdir(), 'fuseforks-boot-'));
    try {
      const paths = new VillagePaths(join(root, 'ws'), join(root, 'home'));
      const port = await freePort();
      await mkdir(paths.home, { recursive: true });
      await writeFile(
        paths.mcpServerSettings,
        JSON.stringify({ enabled: true, port, token: 'a'.repeat(32) }),
      );
      const boot = new Boot({
        paths,
        log: new MemoryDiagLog(),
        events: new EventBus(),
        secrets: new FileSecretStore(paths.secretsFile),
        detectLanguage: () => 'en',
      });
      const starting = boot.start();
      await boot.close();
      await starting;
      await expect(fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST' })).rejects.toThrow();
      // A closed boot never starts again.
      await boot.start();
      await expect(fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST' })).rejects.toThrow();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  describe('the startup attachment GC', () => {
    it('removes old files, then the oldest over the total, never one the opened session references', async () => {
      await inTempVillage(async (_root, paths) => {
        await plantAttachment(paths, A(1), 'webp', 100, 31 * DAY); // past the 30 days
        await plantAttachment(paths, A(2), 'mp4', 600, 5 * DAY); // oldest, but referenced
        await plantAttachment(paths, A(3), 'pdf', 300, 4 * DAY); // the oldest unreferenced: removed
        await plantAttachment(paths, A(4), 'mp3', 200, 1 * DAY);
        saveSessionReferencing(paths, A(2));
        const log = await bootOnce(paths, { attachmentGc: { maxTotalBytes: 900 } });
        expect(readdirSync(paths.attachmentsDir).sort()).toEqual([`${A(2)}.mp4`, `${A(4)}.mp3`]);
        expect(log.lines).toContain(
          'attachment gc: removed=2 removed_bytes=400 by_age=1 by_size=1 kept=2 kept_bytes=800 skipped=0 failed=0 ' +
            'removed_by_kind=image:100,audio:0,video:0,pdf:300 kept_by_kind=image:0,audio:200,video:600,pdf:0',
        );
      });
    });

    it('uses the ledger’s limits by default: 30 days, and 500 MB is far above a few files', async () => {
      await inTempVillage(async (_root, paths) => {
        await plantAttachment(paths, A(1), 'webp', 100, 30 * DAY + 60_000);
        await plantAttachment(paths, A(2), 'webp', 100, 29 * DAY);
        const log = await bootOnce(paths);
        expect(readdirSync(paths.attachmentsDir)).toEqual([`${A(2)}.webp`]);
        expect(log.lines.filter((line) => line.startsWith('attachment gc:'))).toHaveLength(1);
      });
    });

    it('a planted link in place of attachments/ is one WARN and a ready village; nothing behind it is touched', async () => {
      await inTempVillage(async (root, paths) => {
        const outside = join(root, 'outside');
        await mkdir(outside, { recursive: true });
        const victim = join(outside, `${A(9)}.webp`);
        await writeFile(victim, Buffer.alloc(10));
        utimesSync(victim, 0, 0);
        symlinkSync(outside, paths.attachmentsDir);
        const log = await bootOnce(paths);
        expect(existsSync(victim)).toBe(true);
        const gcLines = log.lines.filter((line) => line.includes('attachment gc:'));
        expect(gcLines).toHaveLength(1);
        expect(gcLines[0]).toMatch(
          /^WARN attachment gc: not run \(CONFIG_IO: refused to use attachments in the workspace/,
        );
      });
    });
  });
});
