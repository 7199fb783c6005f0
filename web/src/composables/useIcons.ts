import { reactive } from 'vue';
import type { Api } from '../lib/api.ts';

/** Object URLs of icons, fetched once per owner and dropped when replaced (`state.icons` in the ledger). */
const urls = reactive<Record<string, string | null>>({});
const loading = new Set<string>();

function toUrl(base64: string | null): string | null {
  if (!base64) return null;
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: 'image/webp' }));
}

function set(key: string, url: string | null) {
  const old = urls[key];
  if (old) URL.revokeObjectURL(old);
  urls[key] = url;
}

/** `agent:{id}`, `user`, `external`. */
export function iconUrl(api: Api, key: string): string | null {
  if (!(key in urls) && !loading.has(key)) {
    loading.add(key);
    const [command, args] = key.startsWith('agent:')
      ? ['get_agent_icon', { agentId: key.slice(6) }]
      : [`get_${key}_icon`, {}];
    api
      .call<{ bytes: string | null } | string | null>(command as string, args as Record<string, unknown>)
      .then((result) =>
        set(key, toUrl(typeof result === 'string' || result === null ? result : result.bytes)),
      )
      .catch(() => set(key, null))
      .finally(() => loading.delete(key));
  }
  return urls[key] ?? null;
}

/** After a set/clear: the next read fetches again. */
export function forgetIcon(key: string): void {
  set(key, null);
  delete urls[key];
}
