import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { readTextFile } from '../work-dir/read-text.ts';
import { resolveExisting } from '../work-dir/resolve.ts';
import type { Language } from '../../domain/enums.ts';
import { workDirTexts } from '../work-dir/texts.ts';
import { fileTexts } from './file-texts.ts';

/**
 * `read { path }`: the text, cut at 12,000 characters with a notice that there is no way to read on.
 * Anything but the text (missing, a folder, binary, …) also calls `failed`: the chat marks the call.
 */
export async function readOp(
  workDir: string,
  path: unknown,
  language: Language,
  failed: () => void = () => {},
): Promise<string> {
  const T = workDirTexts(language);
  const F = fileTexts(language);
  const target = await resolveExisting(workDir, path, language);
  if (!target.ok) {
    failed();
    return target.message;
  }
  const read = await readTextFile(target.root, target.abs, false);
  if (read.kind !== 'ok') failed();
  switch (read.kind) {
    case 'folder':
      return F.folderRead(target.rel);
    case 'too_large':
      return T.tooLarge(target.rel, read.bytes);
    case 'binary':
      return T.binary(target.rel);
    case 'special':
      return T.special(target.rel);
    case 'not_utf8':
      return T.notUtf8(target.rel);
    case 'escaped':
      return T.swapped(target.rel);
    case 'ok': {
      const chars = [...read.text];
      if (chars.length <= MAX_OUTPUT_CHARS) return read.text;
      // The notice counts against the 12,000 too; its length barely depends on the figure shown.
      const shown = MAX_OUTPUT_CHARS - [...F.readTruncated(chars.length, MAX_OUTPUT_CHARS)].length;
      return chars.slice(0, shown).join('') + F.readTruncated(chars.length, shown);
    }
  }
}
