import { mkdir } from 'node:fs/promises';
import type { Language } from '../domain/enums.ts';
import { secretForUrl } from '../secrets/bound-secret.ts';
import { NEW_VILLAGE_TOKEN_BUDGET } from '../domain/village.ts';
import { detectLanguage as osLanguage } from './language.ts';
import { ensureVillageId } from './village-id.ts';
import { Village, type VillageDeps } from './village.ts';
import { readWorldFile, writeWorldFile } from './world-file.ts';
import { emptyWorld, type WorldState } from './world-state.ts';

/** The ledger's start-up warning for a village without a ceiling. */
export const NO_BUDGET_WARNING =
  'トークン予算なし（天井なし）— world.json の tokenBudget に 1000000（推奨）を設定できます';

export interface OpenedVillage {
  village: Village;
  villageId: string;
}

/**
 * Loads (or creates) the village. A world.json that exists but cannot be decoded throws
 * WorldDecodeError and is left exactly as it is: never replaced by defaults.
 */
export async function openVillage(
  deps: VillageDeps,
  detectLanguage: () => Language = () => osLanguage(),
): Promise<OpenedVillage> {
  const { paths, log, secrets } = deps;
  await mkdir(paths.workspace, { recursive: true });
  const { id: villageId, created } = await ensureVillageId(paths.villageId, paths.workspace);
  if (created) log.note(`village_id: created`);

  const decoded = await readWorldFile(paths.worldJson);
  let world: WorldState;
  let dirty = false;
  if (decoded === null) {
    world = { ...emptyWorld(), tokenBudget: NEW_VILLAGE_TOKEN_BUDGET };
    dirty = true;
    log.note('world: new village');
  } else {
    world = decoded.world;
    for (const note of decoded.notes) log.note(note);
    for (const warning of decoded.warnings) log.warn(warning);
  }
  if (world.language === null) {
    world = { ...world, language: detectLanguage() };
    dirty = true;
    log.note(`language: detected ${world.language}`);
  }
  if (world.tokenBudget === null) log.warn(NO_BUDGET_WARNING);

  // A secret stored while the template still says `unset` is promoted to `keyring` and written back.
  const promoted: string[] = [];
  for (const template of world.templates) {
    const stored = template.credential === 'unset' ? await secrets.get(template.id).catch(() => null) : null;
    if (secretForUrl(stored, template.baseUrl).kind === 'ok') {
      promoted.push(template.id);
    }
  }
  if (promoted.length > 0) {
    world = {
      ...world,
      templates: world.templates.map((t) => (promoted.includes(t.id) ? { ...t, credential: 'keyring' } : t)),
    };
    dirty = true;
    const n = promoted.length;
    log.note(`credentials: ${n} ${n === 1 ? 'template' : 'templates'} promoted to keyring`);
  }
  if (dirty) await writeWorldFile(paths.worldJson, world, paths.workspace);
  return { village: new Village(deps, world), villageId };
}
