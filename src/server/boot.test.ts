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
import { Boot } from './boot.ts';

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
});
