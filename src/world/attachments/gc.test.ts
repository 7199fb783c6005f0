import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_GC_MAX_AGE_MS } from '../../domain/attachment.ts';
import { VillagePaths } from '../paths.ts';
import { tempWorkspace } from '../test-kit.ts';
import { attachmentGcLine, collectAttachments } from './index.ts';

let space: ReturnType<typeof tempWorkspace>;
let paths: VillagePaths;
const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

beforeEach(() => {
  space = tempWorkspace('fuseforks-attach-gc-');
  paths = new VillagePaths(space.ws, join(space.base, 'home'));
  mkdirSync(paths.attachmentsDir);
});
afterEach(() => space.cleanup());

let counter = 0;
/** A stored-looking file of `bytes` bytes, last modified `ageMs` before NOW. */
function plant(ext: string, bytes: number, ageMs: number): string {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const path = paths.attachmentFile(id, ext);
  writeFileSync(path, Buffer.alloc(bytes));
  const at = (NOW - ageMs) / 1000;
  utimesSync(path, at, at);
  return id;
}

function left(): string[] {
  return readdirSync(paths.attachmentsDir).sort();
}

describe('collectAttachments', () => {
  it('removes files older than 30 days and keeps the rest, counting bytes per kind', async () => {
    const old = plant('webp', 100, 31 * DAY);
    plant('mp4', 700, ATTACHMENT_GC_MAX_AGE_MS + 1000);
    const fresh = plant('mp3', 50, 29 * DAY);
    const pdf = plant('pdf', 30, DAY);
    const report = await collectAttachments(paths, { nowMs: NOW, keep: new Set([old]) });
    expect(left()).toEqual([`${fresh}.mp3`, `${pdf}.pdf`].sort());
    expect(report.removed).toEqual({ count: 2, bytes: 800 });
    expect(report.byAge).toBe(2);
    expect(report.bySize).toBe(0);
    expect(report.kept).toEqual({ count: 2, bytes: 80 });
    expect(report.removedByKind).toEqual({
      image: { count: 1, bytes: 100 },
      audio: { count: 0, bytes: 0 },
      video: { count: 1, bytes: 700 },
      pdf: { count: 0, bytes: 0 },
    });
    expect(report.keptByKind.audio).toEqual({ count: 1, bytes: 50 });
    expect(attachmentGcLine(report)).toBe(
      'attachment gc: removed=2 removed_bytes=800 by_age=2 by_size=0 kept=2 kept_bytes=80 skipped=0 failed=0 ' +
        'removed_by_kind=image:100,audio:0,video:700,pdf:0 kept_by_kind=image:0,audio:50,video:0,pdf:30',
    );
  });

  it('over the total, removes the oldest first but never an id in keep', async () => {
    plant('mp4', 400, 10 * DAY);
    const kept = plant('webp', 300, 9 * DAY);
    plant('wav', 300, 8 * DAY);
    const newest = plant('pdf', 300, 1 * DAY);
    const report = await collectAttachments(paths, { nowMs: NOW, keep: new Set([kept]), maxTotalBytes: 700 });
    // 1300 bytes: the oldest goes (900), the kept one is passed over, the next goes (600 <= 700).
    expect(left()).toEqual([`${kept}.webp`, `${newest}.pdf`].sort());
    expect([report.bySize, report.byAge]).toEqual([2, 0]);
    expect(report.kept).toEqual({ count: 2, bytes: 600 });
    expect(report.removedByKind.video.bytes).toBe(400);
    expect(report.removedByKind.audio.bytes).toBe(300);
  });

  it('stays over the total when only kept files remain', async () => {
    const a = plant('webp', 500, 2 * DAY);
    const b = plant('webp', 500, DAY);
    const report = await collectAttachments(paths, { nowMs: NOW, keep: new Set([a, b]), maxTotalBytes: 100 });
    expect(report.removed.count).toBe(0);
    expect(left()).toHaveLength(2);
  });

  it('leaves foreign entries alone and does not count them: links, hard links, folders, other names', async () => {
    const outsideFile = join(space.outside, 'precious.webp');
    writeFileSync(outsideFile, Buffer.alloc(1000));
    utimesSync(outsideFile, 0, 0);
    const linkId = '11111111-1111-4111-8111-111111111111';
    symlinkSync(outsideFile, paths.attachmentFile(linkId, 'webp'));
    symlinkSync(space.outside, join(paths.attachmentsDir, '22222222-2222-4222-8222-222222222222.pdf'));
    linkSync(outsideFile, paths.attachmentFile('33333333-3333-4333-8333-333333333333', 'webp'));
    mkdirSync(join(paths.attachmentsDir, '44444444-4444-4444-8444-444444444444.mp4'));
    writeFileSync(join(paths.attachmentsDir, 'notes.txt'), 'x');
    writeFileSync(join(paths.attachmentsDir, `${linkId}.exe`), 'x');
    utimesSync(join(paths.attachmentsDir, 'notes.txt'), 0, 0);
    const report = await collectAttachments(paths, { nowMs: NOW, keep: new Set(), maxTotalBytes: 0 });
    expect(report.skipped).toBe(6);
    expect(report.removed.count).toBe(0);
    expect(report.kept.count).toBe(0);
    expect(left()).toHaveLength(6);
    expect(existsSync(outsideFile)).toBe(true);
    expect(readdirSync(space.outside)).toEqual(['precious.webp']);
  });

  it('does nothing without an attachments folder, and refuses a folder that is a link', async () => {
    const empty = new VillagePaths(join(space.base, 'other'), join(space.base, 'home'));
    expect((await collectAttachments(empty, { nowMs: NOW, keep: new Set() })).kept.count).toBe(0);
    const linked = new VillagePaths(join(space.base, 'linked'), join(space.base, 'home'));
    mkdirSync(linked.workspace);
    writeFileSync(join(space.outside, '55555555-5555-4555-8555-555555555555.webp'), 'x');
    utimesSync(join(space.outside, '55555555-5555-4555-8555-555555555555.webp'), 0, 0);
    symlinkSync(space.outside, linked.attachmentsDir);
    await expect(collectAttachments(linked, { nowMs: NOW, keep: new Set() })).rejects.toMatchObject({
      code: 'CONFIG_IO',
    });
    expect(readdirSync(space.outside)).toHaveLength(1);
  });
});
