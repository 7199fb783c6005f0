import { ApiError, ipcFailure, type Api } from './api.ts';
import type { ErrorPayload } from './types.ts';

export type DownloadFormat = 'jsonl' | 'md';

/**
 * The name a download is saved under, from `Content-Disposition`: the UTF-8 `filename*` when present
 * (a Japanese title), else the plain `filename`, else `fallback`. Path separators never survive.
 */
export function dispositionFileName(header: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  let name: string | null = null;
  if (star) {
    try {
      name = decodeURIComponent(star[1]!.trim());
    } catch {
      name = null;
    }
  }
  name ??= /filename="([^"]*)"/i.exec(header ?? '')?.[1] ?? null;
  const safe = (name ?? '').replace(/[/\\]/g, '_').trim();
  return safe === '' ? fallback : safe;
}

/**
 * Downloads `GET /api/sessions/{id}.{format}` in the browser. The token goes in the header (a link with
 * the token in its URL would leave it in the browser's download history), so the body is fetched and
 * handed to the browser as a blob under the server's file name.
 */
export async function downloadSession(api: Api, sessionId: string, format: DownloadFormat): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api/sessions/${encodeURIComponent(sessionId)}.${format}`, {
      headers: { Authorization: `Bearer ${api.token}` },
    });
  } catch {
    throw new ApiError(ipcFailure('サーバーに接続できません'));
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as ErrorPayload | null;
    throw new ApiError(
      payload && typeof payload.code === 'string' ? payload : ipcFailure(`HTTP ${response.status}`),
    );
  }
  const name = dispositionFileName(response.headers.get('content-disposition'), `${sessionId}.${format}`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the blob to the download (revoking at once can cancel it).
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return name;
}
