import { createHash } from 'node:crypto';
import { systemText, type ChatRequest, type Usage } from './canonical.ts';

/**
 * The per-round `cache:` line (ledger part 6 §3.5). Field order is frozen; new fields go at the end.
 * The digest is over the system text exactly as the adapters fold it.
 */
export function cacheDiagLine(
  agent: string,
  model: string,
  round: number,
  request: ChatRequest,
  usage: Usage,
): string {
  const system = systemText(request.system);
  const digest = createHash('sha256').update(system).digest('hex').slice(0, 12);
  return [
    'cache:',
    `agent=${agent}`,
    `model=${model}`,
    `round=${round}`,
    `prompt=${usage.prompt}`,
    `cached=${usage.cacheRead}`,
    `system_chars=${[...system].length}`,
    `stable_chars=${[...request.system.stable].length}`,
    `system_digest=${digest}`,
    `cache_write=${usage.cacheWrite}`,
    `cache_write_1h=${usage.cacheWrite1h}`,
  ].join(' ');
}
