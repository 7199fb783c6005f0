import { describe, expect, it, vi } from 'vitest';
import { ref } from 'vue';
import { pngBytes } from '../../../../test/e2e/png.ts';
import type { Provider } from '../../lib/types.ts';
import { ApiError } from '../../lib/api.ts';
import { useChatAttachment } from './useChatAttachment.ts';

const t = (key: string, named?: Record<string, unknown>) => `${key} ${JSON.stringify(named ?? {})}`;
const encodeNow = async (file: Blob) => new Blob([Buffer.from(await file.arrayBuffer()).toString('base64')]);

function png(name: string): File {
  return new File([new Uint8Array(pngBytes(4, 4))], name, { type: 'image/png' });
}

/** A paste event as the browser gives it: the clipboard's files, its items and its types. */
export function pasteOf(files: File[], text: Record<string, string> = {}) {
  let prevented = false;
  const data = {
    files,
    items: files.map((file) => ({ kind: 'file', getAsFile: () => file })),
    types: [...Object.keys(text), ...(files.length > 0 ? ['Files'] : [])],
    getData: (type: string) => text[type] ?? '',
  };
  return {
    event: { clipboardData: data, preventDefault: () => (prevented = true) } as unknown as ClipboardEvent,
    prevented: () => prevented,
  };
}

async function settle() {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

function chat(sending = ref(false), encode = encodeNow, showCoreWords = () => true) {
  return useChatAttachment(ref<Provider | null>('open_ai_compat'), ref('Cora'), t, () => 'formatted', {
    sending,
    encode,
    showCoreWords,
  });
}

describe('the chat attachment while a send is under way', () => {
  it('refuses a pasted file with a line, keeps the chip being sent, and cannot remove it', async () => {
    const sending = ref(false);
    const attach = chat(sending);
    attach.onPaste(pasteOf([png('first.png')]).event);
    await settle();
    const sent = attach.draft.pending.value;
    expect(sent?.fileName).toBe('first.png');

    sending.value = true;
    const paste = pasteOf([png('second.png')]);
    attach.onPaste(paste.event);
    await settle();
    expect(paste.prevented()).toBe(true);
    expect(attach.draft.pending.value).toBe(sent);
    expect(attach.noticeLine.value).toContain('attachments.whileSending');
    expect(attach.noticeLine.value).toContain('second.png');
    expect(attach.noticeIsError.value).toBe(true);

    attach.remove();
    expect(attach.draft.pending.value).toBe(sent);

    sending.value = false;
    attach.remove();
    expect(attach.draft.pending.value).toBeNull();
  });
});

describe('a file the browser cannot encode', () => {
  it('leaves the chip with the unreadable line, and a send shows that line, not the browser’s words', async () => {
    const attach = chat(ref(false), () =>
      Promise.reject(new Error('NotReadableError: The requested file could not be read')),
    );
    attach.onPaste(pasteOf([png('gone.png')]).event);
    await settle();
    expect(attach.draft.pending.value).toBeNull();
    expect(attach.noticeLine.value).toBe('attachments.problem.unreadable {"name":"gone.png"}');

    attach.sendFailed(new Error('NotReadableError: The requested file could not be read'), {
      fileName: 'gone.png',
      kind: 'image',
      byteLength: 10,
    });
    expect(attach.sendError.value).toBe(
      'attachments.sendRefused {"reason":"attachments.problem.unreadable {\\"name\\":\\"gone.png\\"}"}',
    );
    expect(attach.sendError.value).not.toContain('NotReadableError');
    expect(attach.noticeLine.value).toBeNull();
  });
});

describe('a paste from Office', () => {
  it('pastes the text (the picture beside it is not attached); a screenshot still attaches', async () => {
    const attach = chat();
    const office = pasteOf([png('image.png')], {
      'text/plain': 'Q3 figures',
      'text/html': '<table><tr><td>Q3 figures</td></tr></table>',
    });
    attach.onPaste(office.event);
    await settle();
    expect(office.prevented()).toBe(false);
    expect(attach.draft.pending.value).toBeNull();

    const screenshot = pasteOf([png('image.png')], { 'text/html': '<img src="x">' });
    attach.onPaste(screenshot.event);
    await settle();
    expect(screenshot.prevented()).toBe(true);
    expect(attach.draft.pending.value?.fileName).toBe('image.png');
  });
});

describe('the chip’s thumbnail', () => {
  it('is a Blob of the type the bytes were checked as, never the type the name suggests', async () => {
    const made: Blob[] = [];
    const spy = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return 'blob:thumb';
    });
    try {
      const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
      const attach = chat();
      attach.onPaste(pasteOf([new File([gif], 'x.html', { type: 'text/html' })]).event);
      await settle();
      expect(attach.draft.pending.value?.previewUrl).toBe('blob:thumb');
      expect(made.map((blob) => blob.type)).toEqual(['image/gif']);
      expect(made[0]!.size).toBe(gif.length);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a refusal from the server', () => {
  const refusal = (message: string) =>
    new ApiError({ code: 'INVALID_ATTACHMENT', message, detail: null, agentId: null, retryable: false });
  const file = { fileName: 'photo.png', kind: 'image' as const, byteLength: 100 };

  it('is the dictionary line; the core’s English follows only where asked (the en village), and is the tooltip', () => {
    const ja = chat(ref(false), encodeNow, () => false);
    ja.sendFailed(refusal('animated images are not accepted'), file);
    expect(ja.sendError.value).toContain('attachments.problem.animated');
    expect(ja.sendError.value).not.toContain('animated images are not accepted');
    expect(ja.sendErrorDetail.value).toBe('animated images are not accepted');

    const en = chat(ref(false), encodeNow, () => true);
    en.sendFailed(refusal('animated images are not accepted'), file);
    expect(en.sendError.value).toContain('(animated images are not accepted)');
  });
});

describe('a line about another file after the send', () => {
  it('stays when the sent file’s chip goes; a line about the sent file itself goes with it', async () => {
    const sending = ref(false);
    const attach = chat(sending);
    attach.onPaste(pasteOf([png('first.png')]).event);
    await settle();
    sending.value = true;
    attach.onPaste(pasteOf([png('second.png')]).event);
    await settle();
    sending.value = false;
    attach.draft.sent();
    expect(attach.draft.pending.value).toBeNull();
    expect(attach.noticeLine.value).toContain('attachments.whileSending');
    expect(attach.noticeLine.value).toContain('second.png');

    attach.onPaste(pasteOf([png('a.png'), png('b.png')]).event);
    await settle();
    expect(attach.noticeLine.value).toContain('attachments.onlyFirst');
    attach.draft.sent();
    expect(attach.noticeLine.value).toBeNull();
  });
});

describe('an image over the server’s pixel ceiling', () => {
  it('is refused once its thumbnail tells its size: the chip goes, the line names the limit', async () => {
    const attach = chat();
    attach.onPaste(pasteOf([png('huge.png')]).event);
    await settle();
    const huge = attach.draft.pending.value!;
    attach.draft.measured(huge, { width: 12000, height: 12000 });
    expect(attach.draft.pending.value).toBeNull();
    expect(attach.draft.reduced.value).toBeNull();
    expect(attach.noticeLine.value).toBe(
      'attachments.problem.tooManyPixels {"name":"huge.png","width":12000,"height":12000,"megapixels":100}',
    );
    expect(attach.noticeIsError.value).toBe(true);

    attach.onPaste(pasteOf([png('photo.png')]).event);
    await settle();
    attach.draft.measured(attach.draft.pending.value!, { width: 4000, height: 3000 });
    expect(attach.draft.reduced.value).toEqual({ width: 1568, height: 1176 });
  });
});

describe('a file the server refused as INVALID_ATTACHMENT', () => {
  const refusal = (code: 'INVALID_ATTACHMENT' | 'ATTACHMENT_NOT_CARRIED') =>
    new ApiError({ code, message: 'x', detail: null, agentId: null, retryable: false });

  it('marks its chip refused until it is removed or replaced; another code does not', async () => {
    const attach = chat();
    attach.onPaste(pasteOf([png('cut.jpg')]).event);
    await settle();
    const cut = attach.draft.pending.value!;
    attach.sendFailed(refusal('ATTACHMENT_NOT_CARRIED'), cut);
    expect(attach.draft.isRefused.value).toBe(false);
    attach.sendFailed(refusal('INVALID_ATTACHMENT'), cut);
    expect(attach.draft.isRefused.value).toBe(true);

    attach.onPaste(pasteOf([png('good.png')]).event);
    await settle();
    expect(attach.draft.isRefused.value).toBe(false);
    attach.sendFailed(refusal('INVALID_ATTACHMENT'), attach.draft.pending.value!);
    attach.remove();
    expect(attach.draft.isRefused.value).toBe(false);
    attach.onPaste(pasteOf([png('good.png')]).event);
    await settle();
    expect(attach.draft.isRefused.value).toBe(false);
  });

  it('a refusal of a file no longer on the chip marks nothing', async () => {
    const attach = chat();
    attach.onPaste(pasteOf([png('first.png')]).event);
    await settle();
    const first = attach.draft.pending.value!;
    attach.onPaste(pasteOf([png('second.png')]).event);
    await settle();
    attach.sendFailed(refusal('INVALID_ATTACHMENT'), first);
    expect(attach.draft.isRefused.value).toBe(false);
  });
});
