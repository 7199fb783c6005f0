import { describe, expect, it } from 'vitest';
import { ApiError, type Api } from './api.ts';
import { forkFileOf, restoreForkFile } from './fork-attachment.ts';
import type { ErrorPayload } from './types.ts';

const REF = { id: '3b241101-e2bb-4255-8caf-4136c566a962', kind: 'image' as const, fileName: 'photo.png' };
const WEBP_HEAD = Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1');

/** An Api answering `read_attachment` as the server does: the stored file, or ATTACHMENT_NOT_FOUND. */
function apiWith(stored: Buffer | null, calls: unknown[] = []): Api {
  return {
    token: 't',
    call<T>(command: string, args?: Record<string, unknown> | Blob): Promise<T> {
      calls.push([command, args]);
      if (stored === null) {
        const payload = { code: 'ATTACHMENT_NOT_FOUND', message: 'no attachment with this id' };
        return Promise.reject(
          new ApiError({ ...payload, detail: null, agentId: null, retryable: false } as ErrorPayload),
        );
      }
      const answer = { ...REF, mimeType: 'image/webp', bytes: stored.toString('base64') };
      return Promise.resolve(answer as T);
    },
  };
}

describe('the fork puts the request file back', () => {
  it('makes a File under the sent name with the stored type', async () => {
    const file = forkFileOf(new Blob([WEBP_HEAD], { type: 'image/webp' }), REF);
    expect(file.name).toBe('photo.png');
    expect(file.type).toBe('image/webp');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(WEBP_HEAD);
  });

  it('fetches the stored file by id and hands the input the same bytes', async () => {
    const calls: unknown[] = [];
    const handed: File[] = [];
    const outcome = await restoreForkFile(apiWith(WEBP_HEAD, calls), REF, (file) => handed.push(file) > 0);
    expect(outcome).toBe('restored');
    expect(calls).toEqual([['read_attachment', { id: REF.id }]]);
    expect(handed.map((f) => [f.name, f.type])).toEqual([['photo.png', 'image/webp']]);
    expect(Buffer.from(await handed[0]!.arrayBuffer())).toEqual(WEBP_HEAD);
  });

  it('says gone (and hands nothing) when the file was not kept; no chat input is its own outcome', async () => {
    const handed: File[] = [];
    expect(await restoreForkFile(apiWith(null), REF, (file) => handed.push(file) > 0)).toBe('gone');
    expect(handed).toEqual([]);
    expect(await restoreForkFile(apiWith(WEBP_HEAD), REF, () => false)).toBe('no-input');
  });
});
