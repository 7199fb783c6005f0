/**
 * A village on disk for a benchmark that drives the orchestrator in-process: fresh temporary folders,
 * an in-memory log and event bus, the 0600 file secret store, English texts, no token budget, and one
 * template (`echo:` base URL, model "instant") for the bench's own backend to stand behind.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryDiagLog } from '../../src/diag/log.ts';
import { EventBus } from '../../src/domain/events.ts';
import type { ModelTemplateId } from '../../src/domain/ids.ts';
import { templateInput } from '../../src/domain/schemas.ts';
import { FileSecretStore } from '../../src/secrets/file-secret-store.ts';
import { openVillage } from '../../src/world/open-village.ts';
import { VillagePaths } from '../../src/world/paths.ts';

export async function openBenchVillage(prefix: string) {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const paths = new VillagePaths(join(root, 'ws'), join(root, 'home'));
  const log = new MemoryDiagLog();
  const events = new EventBus();
  const secrets = new FileSecretStore(paths.secretsFile);
  const { village } = await openVillage({ paths, log, events, secrets }, () => 'en');
  await village.update((w) => ({ ...w, tokenBudget: null }));
  const template = await village.upsertTemplate(
    templateInput.parse({ name: 'T', baseUrl: 'echo:', model: 'instant', credential: 'not_required' }),
  );
  return { root, paths, log, events, secrets, village, templateId: template.id as ModelTemplateId };
}
