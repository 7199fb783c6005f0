import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Api } from './api.ts';
import {
  CACHED_ATTACHMENTS,
  clearAttachmentCache,
  fetchAttachment,
  loadCachedAttachment,
} from './attachment-store.ts';

const WEBP = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1');

/** An Api answering read_attachment from a table, counting the calls (the HTTP path is the e2e's). */
function tableApi(files: Record<string, { mimeType: string; bytes: Buffer } | 'gone' | 'down'>) {
  const calls: string[] = [];
  const api: Api = {
    token: 't',
    async call<T>(command: string, args: Record<string, unknown> = {}): Promise<T> {
      expect(command).toBe('read_attachment');
      const id = String(args.id);
      calls.push(id);
      const file = files[id];
      const fail = (code: string) =>
        new ApiError({ code, message: code, detail: null, agentId: null, retryable: false } as never);
      if (file === 'gone' || file === undefined) throw fail('ATTACHMENT_NOT_FOUND');
      if (file === 'down') throw fail('IPC_FAILED');
      return {
        id,
        kind: 'image',
        fileName: 'a.webp',
        mimeType: file.mimeType,
        bytes: file.bytes.toString('base64'),
      } as T;
    },
  };
  return { api, calls };
}

beforeEach(() => clearAttachmentCache());

describe('read_attachment into a Blob', () => {
  it('gives the bytes under their image type', async () => {
    const { api } = tableApi({ a: { mimeType: 'image/webp', bytes: WEBP } });
    const loaded = await fetchAttachment(api, 'a', 'image');
    if (loaded.state !== 'ready') throw new Error('expected the bytes');
    expect(loaded.blob.type).toBe('image/webp');
    expect(Buffer.from(await loaded.blob.arrayBuffer())).toEqual(WEBP);
  });

  it('never types a file as a page, whatever mime type it claims', async () => {
    const { api } = tableApi({ a: { mimeType: 'text/html', bytes: Buffer.from('<script>') } });
    const loaded = await fetchAttachment(api, 'a', 'image');
    expect(loaded.state === 'ready' && loaded.blob.type).toBe('application/octet-stream');
  });

  it('reads ATTACHMENT_NOT_FOUND as gone, and lets other failures through', async () => {
    const { api } = tableApi({ g: 'gone', d: 'down' });
    expect(await fetchAttachment(api, 'g', 'pdf')).toEqual({ state: 'gone' });
    await expect(fetchAttachment(api, 'd', 'pdf')).rejects.toThrow('IPC_FAILED');
  });
});

describe('the per-id cache of images', () => {
  it('fetches an id once', async () => {
    const { api, calls } = tableApi({ a: { mimeType: 'image/webp', bytes: WEBP } });
    await loadCachedAttachment(api, 'a', 'image');
    await loadCachedAttachment(api, 'a', 'image');
    expect(calls).toEqual(['a']);
  });

  it('remembers gone, forgets a failure so the next showing tries again', async () => {
    const { api, calls } = tableApi({ g: 'gone', d: 'down' });
    await loadCachedAttachment(api, 'g', 'image');
    await loadCachedAttachment(api, 'g', 'image');
    await loadCachedAttachment(api, 'd', 'image').catch(() => undefined);
    await loadCachedAttachment(api, 'd', 'image').catch(() => undefined);
    expect(calls).toEqual(['g', 'd', 'd']);
  });

  it('lets the least recently used go past its size', async () => {
    const files = Object.fromEntries(
      Array.from({ length: CACHED_ATTACHMENTS + 1 }, (_, i) => [
        `i${i}`,
        { mimeType: 'image/webp', bytes: WEBP },
      ]),
    );
    const { api, calls } = tableApi(files);
    for (let i = 0; i <= CACHED_ATTACHMENTS; i++) await loadCachedAttachment(api, `i${i}`, 'image');
    await loadCachedAttachment(api, `i${CACHED_ATTACHMENTS}`, 'image');
    await loadCachedAttachment(api, 'i0', 'image');
    expect(calls.filter((id) => id === 'i0')).toHaveLength(2);
    expect(calls.filter((id) => id === `i${CACHED_ATTACHMENTS}`)).toHaveLength(1);
  });
});
