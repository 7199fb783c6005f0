import { constants, type Stats } from 'node:fs';
import { notRegular, taken } from './fs-failures.ts';
import { sourceEntry } from './move-entry.ts';
import { withParent, type PinnedDir } from './pinned-dir.ts';

/**
 * `copy` of the file tool through pinned folders (issue 17 §3): the source is read through descriptors
 * opened in checked folders (an outside file never comes in through a swapped link) and every copy is
 * created with O_EXCL in a pinned folder (nothing is written outside, nothing is replaced). Links inside
 * a copied folder are copied as links, as they were written.
 */
export async function copyEntry(root: string, fromAbs: string, toAbs: string): Promise<void> {
  await withParent(root, fromAbs, false, async (from, name) => {
    const seen = await sourceEntry(from, name);
    await withParent(root, toAbs, true, async (to, toName) => {
      if ((await to.lstat(toName)) !== null) throw taken();
      await copyInto(from, name, seen, to, toName, new Set());
    });
  });
}

const key = (info: Stats) => `${info.dev}:${info.ino}`;

async function copyInto(
  from: PinnedDir,
  name: string,
  seen: Stats,
  to: PinnedDir,
  toName: string,
  made: Set<string>,
): Promise<void> {
  if (seen.isSymbolicLink()) return to.makeLink(await from.readLink(name), toName);
  if (seen.isFile()) return copyFile(from, name, to, toName);
  if (!seen.isDirectory()) throw notRegular();
  await to.makeDir(toName);
  const source = await from.child(name, false);
  try {
    const target = await to.child(toName, false);
    try {
      // A folder copied into itself (a race past the resolver's check) must not copy its copy.
      made.add(key(await target.info()));
      for (const entry of (await source.list()).sort()) {
        const info = await source.lstat(entry);
        if (info === null || (info.isDirectory() && made.has(key(info)))) continue;
        await copyInto(source, entry, info, target, entry, made);
      }
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

async function copyFile(from: PinnedDir, name: string, to: PinnedDir, toName: string): Promise<void> {
  const input = await from.openFile(name, constants.O_RDONLY);
  try {
    const info = await input.stat();
    if (!info.isFile()) throw notRegular();
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
    const output = await to.openFile(toName, flags, info.mode & 0o777);
    try {
      await output.chmod(info.mode & 0o777);
      const buffer = Buffer.allocUnsafe(1 << 20);
      for (let position = 0; ;) {
        const { bytesRead } = await input.read(buffer, 0, buffer.length, position);
        if (bytesRead === 0) break;
        for (let done = 0; done < bytesRead;) {
          done += (await output.write(buffer, done, bytesRead - done)).bytesWritten;
        }
        position += bytesRead;
      }
    } finally {
      await output.close();
    }
  } finally {
    await input.close();
  }
}
