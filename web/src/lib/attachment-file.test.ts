import { describe, expect, it } from 'vitest';
import {
  base64OfDataUrl,
  base64ToBlob,
  encodeInWorker,
  isTextWithPicture,
  type EncodeWorker,
  fileCount,
  firstFile,
  isShowableImageType,
  readHead,
  safeBlobType,
  sendUserMessageBody,
} from './attachment-file.ts';

describe('reading the first bytes', () => {
  it('reads only the head of a large blob', async () => {
    const big = new Blob([new Uint8Array(100_000).fill(7)]);
    const head = await readHead(big, 16);
    expect(head.length).toBe(16);
    expect([...head]).toEqual(new Array(16).fill(7));
  });
});

describe('base64 in and out', () => {
  it('takes the payload of a data URL', () => {
    expect(base64OfDataUrl('data:image/png;base64,iVBORw0K')).toBe('iVBORw0K');
    expect(base64OfDataUrl('data:')).toBe('');
  });

  it('decodes in slices to the same bytes, handing the page back between slices', async () => {
    const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 31) % 256);
    const base64 = Buffer.from(bytes).toString('base64');
    let yields = 0;
    const blob = await base64ToBlob(base64, 'image/webp', 400, async () => {
      yields++;
    });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(blob.type).toBe('image/webp');
    expect(yields).toBe(Math.ceil(base64.length / 400) - 1);
  });

  it('decodes an empty file to an empty blob', async () => {
    expect((await base64ToBlob('', 'application/pdf')).size).toBe(0);
  });
});

describe('the blob type: never something a browser renders as a page', () => {
  it('gives images their image type only for the four image types', () => {
    expect(safeBlobType('image', 'image/webp')).toBe('image/webp');
    expect(safeBlobType('image', 'IMAGE/PNG')).toBe('image/png');
    expect(safeBlobType('image', 'image/svg+xml')).toBe('application/octet-stream');
    expect(safeBlobType('image', 'text/html')).toBe('application/octet-stream');
    expect(safeBlobType('image', undefined)).toBe('application/octet-stream');
  });

  it('gives the other kinds only their stored types', () => {
    expect(safeBlobType('pdf', 'application/pdf')).toBe('application/pdf');
    expect(safeBlobType('audio', 'audio/wav')).toBe('audio/wav');
    expect(safeBlobType('video', 'video/mp4')).toBe('video/mp4');
    expect(safeBlobType('pdf', 'text/html')).toBe('application/octet-stream');
    expect(safeBlobType('video', 'image/webp')).toBe('application/octet-stream');
  });

  it('shows only image types in an <img>', () => {
    expect(isShowableImageType('image/webp')).toBe(true);
    expect(isShowableImageType('application/octet-stream')).toBe(false);
  });
});

describe('the file a paste or drop carries', () => {
  const file = (name: string) => ({ name }) as File;
  const transfer = (files: File[], items: { kind: string; file: File | null }[] = []) =>
    ({
      files: Object.assign(files, { item: (i: number) => files[i] ?? null }),
      items: items.map((item) => ({ kind: item.kind, getAsFile: () => item.file })),
    }) as unknown as DataTransfer;

  it('takes the first of the files, and counts them', () => {
    const data = transfer([file('a.png'), file('b.png')]);
    expect(firstFile(data)?.name).toBe('a.png');
    expect(fileCount(data)).toBe(2);
  });

  it('falls back to file items (a clipboard image), ignoring text items', () => {
    const data = transfer(
      [],
      [
        { kind: 'string', file: null },
        { kind: 'file', file: file('image.png') },
      ],
    );
    expect(firstFile(data)?.name).toBe('image.png');
    expect(fileCount(data)).toBe(1);
  });

  it('is null for text only or nothing', () => {
    expect(firstFile(transfer([], [{ kind: 'string', file: null }]))).toBeNull();
    expect(firstFile(null)).toBeNull();
    expect(fileCount(null)).toBe(0);
  });
});

describe('the send_user_message body with the base64 as a Blob part', () => {
  it('is the JSON an object of the same fields would be', async () => {
    const base64 = Buffer.from('%PDF-1.7 bytes').toString('base64');
    const body = sendUserMessageBody('cora', 'look "here"\n', {
      fileName: 'a "b".pdf',
      base64: new Blob([base64]),
    });
    expect(body.type).toBe('application/json');
    expect(JSON.parse(await body.text())).toEqual({
      to: 'cora',
      content: 'look "here"\n',
      attachment: { fileName: 'a "b".pdf', bytes: base64 },
    });
    expect(await body.text()).toBe(
      JSON.stringify({
        to: 'cora',
        content: 'look "here"\n',
        attachment: { fileName: 'a "b".pdf', bytes: base64 },
      }),
    );
  });
});

describe('an encode in the worker always ends', () => {
  function fakeWorker() {
    const worker = {
      terminated: false,
      posted: null as unknown,
      onmessage: null as ((event: MessageEvent) => void) | null,
      onmessageerror: null as ((event: MessageEvent) => void) | null,
      onerror: null as ((event: ErrorEvent) => void) | null,
      postMessage(message: unknown) {
        this.posted = message;
      },
      terminate() {
        this.terminated = true;
      },
    };
    return worker;
  }
  const noFallback = () => Promise.reject(new Error('no fallback here'));

  it('rejects when the answer cannot be deserialized (messageerror), and stops the worker', async () => {
    const worker = fakeWorker();
    const result = encodeInWorker(worker as unknown as EncodeWorker, new Blob(['x']), noFallback);
    worker.onmessageerror!({} as MessageEvent);
    await expect(result).rejects.toThrow(/could not be passed back/);
    expect(worker.terminated).toBe(true);
  });

  it('resolves with the answer, rejects with the worker’s error, and falls back when the worker fails', async () => {
    const ok = fakeWorker();
    const base64 = new Blob(['eA==']);
    const done = encodeInWorker(ok as unknown as EncodeWorker, new Blob(['x']), noFallback);
    ok.onmessage!({ data: { ok: true, base64 } } as MessageEvent);
    expect(await done).toBe(base64);

    const bad = fakeWorker();
    const refused = encodeInWorker(bad as unknown as EncodeWorker, new Blob(['x']), noFallback);
    bad.onmessage!({ data: { ok: false, error: 'NotReadableError' } } as MessageEvent);
    await expect(refused).rejects.toThrow('NotReadableError');

    const broken = fakeWorker();
    const fallen = encodeInWorker(broken as unknown as EncodeWorker, new Blob(['x']), async () => 'eA==');
    broken.onerror!({ preventDefault: () => undefined } as ErrorEvent);
    expect(await (await fallen).text()).toBe('eA==');
  });
});

describe('text copied with a picture of itself', () => {
  const data = (text: Record<string, string>) =>
    ({
      types: [...Object.keys(text), 'Files'],
      getData: (type: string) => text[type] ?? '',
    }) as unknown as DataTransfer;
  it('is text when it has formatting and plain text, a picture otherwise', () => {
    expect(isTextWithPicture(data({ 'text/plain': 'a', 'text/html': '<b>a</b>' }))).toBe(true);
    expect(isTextWithPicture(data({ 'text/plain': 'a', 'text/rtf': '{\\rtf1 a}' }))).toBe(true);
    expect(isTextWithPicture(data({ 'text/html': '<img src="x">' }))).toBe(false);
    expect(isTextWithPicture(data({ 'text/plain': 'a' }))).toBe(false);
    expect(isTextWithPicture(null)).toBe(false);
  });
});
