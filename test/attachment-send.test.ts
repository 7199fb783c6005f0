/**
 * The send entry's order (ledger §5.3) with real files in a temp workspace: each refusal stores
 * nothing and writes exactly one rejected line; a target that stops while the file is being stored
 * gets the file removed again and the message is never delivered.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MemoryDiagLog } from '../src/diag/log.ts';
import type { Provider } from '../src/domain/enums.ts';
import { CoreError } from '../src/domain/errors.ts';
import { fileAttachmentPort, type AttachmentPort } from '../src/orchestrator/attachment-port.ts';
import { sendWithAttachment } from '../src/orchestrator/attachment-send.ts';
import { VillagePaths } from '../src/world/paths.ts';
import { mp4Bytes, pngBytes } from './helpers/attachment-files.ts';
import { makeTempRoot, removeRoot } from './helpers/village-server.ts';

let root: string;
let paths: VillagePaths;
let log: MemoryDiagLog;
beforeEach(async () => {
  root = await makeTempRoot();
  paths = new VillagePaths(join(root, 'ws'), join(root, 'home'));
  await mkdir(paths.workspace, { recursive: true });
  log = new MemoryDiagLog();
});
afterEach(async () => {
  await removeRoot(root);
});

const files = () => (existsSync(paths.attachmentsDir) ? readdirSync(paths.attachmentsDir) : []);
const running = (provider: Provider) => ({
  checks: 0,
  stopped: false,
  check() {
    this.checks += 1;
    if (this.stopped) throw new CoreError('NOT_RUNNING', 'stopped');
  },
  provider: () => provider,
});

it('a target refused first: nothing detected or stored, one rejected line with the kind the bytes start as', async () => {
  const target = { ...running('anthropic'), stopped: true };
  const delivered: unknown[] = [];
  await expect(
    sendWithAttachment(
      { log, attachments: fileAttachmentPort(paths) },
      target,
      { fileName: 'a.png', bytes: await pngBytes() },
      (r) => delivered.push(r),
    ),
  ).rejects.toMatchObject({ code: 'NOT_RUNNING' });
  expect(log.lines).toEqual(['attachment kind: kind=image provider=anthropic outcome=rejected']);
  expect(files()).toEqual([]);
  expect(delivered).toEqual([]);
});

it('carries is asked before anything is stored', async () => {
  let stores = 0;
  const real = fileAttachmentPort(paths);
  const port: AttachmentPort = { ...real, store: (i, d) => ((stores += 1), real.store(i, d)) };
  await expect(
    sendWithAttachment(
      { log, attachments: port },
      running('anthropic'),
      { fileName: 'c.mp4', bytes: mp4Bytes() },
      () => 1,
    ),
  ).rejects.toMatchObject({ code: 'ATTACHMENT_NOT_CARRIED' });
  expect(stores).toBe(0);
  expect(log.lines).toEqual(['attachment kind: kind=video provider=anthropic outcome=rejected']);
});

it('a target that stops while the file is stored: the file is removed and nothing is delivered', async () => {
  const target = running('open_ai_compat');
  const real = fileAttachmentPort(paths);
  const port: AttachmentPort = {
    ...real,
    store: async (input, detected) => {
      const ref = await real.store(input, detected);
      expect(files()).toEqual([`${ref.id}.webp`]);
      target.stopped = true;
      return ref;
    },
  };
  const delivered: unknown[] = [];
  await expect(
    sendWithAttachment(
      { log, attachments: port },
      target,
      { fileName: 'a.png', bytes: await pngBytes() },
      (r) => delivered.push(r),
    ),
  ).rejects.toMatchObject({ code: 'NOT_RUNNING' });
  expect(target.checks).toBe(2);
  expect(files()).toEqual([]);
  expect(delivered).toEqual([]);
  expect(log.lines).toEqual(['attachment kind: kind=image provider=open_ai_compat outcome=rejected']);
});

it('a success delivers the stored reference and writes the ok line once', async () => {
  const result = await sendWithAttachment(
    { log, attachments: fileAttachmentPort(paths) },
    running('gemini'),
    { fileName: 'c.mp4', bytes: mp4Bytes() },
    (ref) => ref,
  );
  expect(result).toMatchObject({ kind: 'video', fileName: 'c.mp4', mimeType: 'video/mp4' });
  expect(files()).toEqual([`${result.id}.mp4`]);
  expect(log.lines).toEqual(['attachment kind: kind=video provider=gemini outcome=ok']);
});
