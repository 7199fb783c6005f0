import type { Language } from '../../domain/enums.ts';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { workDirTexts } from '../work-dir/texts.ts';
import { unifiedDiff } from '../work-dir/unified-diff.ts';
import { loadTarget, locateTarget } from '../work-dir/edit-target.ts';
import { compileSd } from './sd-regex.ts';
import type { ReplaceTexts } from './sd-job.ts';
import { MAX_BATCH_PATHS, SD_BATCH_TEXTS, SD_TEXTS, type SdBatchTexts } from './sd-texts.ts';
import { charCount, writeTexts } from '../work-dir/write-texts.ts';

export interface SdRequest {
  pattern: string;
  replacement: string;
  caseInsensitive: boolean;
  /** The village language of every result. */
  language: Language;
}

type FileResult =
  | { kind: 'skipped'; rel: string; reason: string }
  | { kind: 'no_match'; rel: string }
  | { kind: 'same'; rel: string }
  | { kind: 'too_large'; rel: string; message: string }
  | { kind: 'changed'; rel: string; what: string; stats: string; diff: string; chars: number };

/**
 * Batch preview (Spec 17, 8 freezes): preview only; resolve every path first and refuse the whole
 * call on any resolve failure; fold duplicates by resolved path, then count (at most 20); later-stage
 * failures skip that file with its reason; never reorder; one diff over 12,000 → that file's stats;
 * the shown diffs stop at a file boundary before their sum passes 12,000. Nothing is written.
 */
export async function batchPreview(
  workDir: string,
  paths: unknown[],
  request: SdRequest,
  replaceTexts: ReplaceTexts,
  previewNote: (rels: readonly string[]) => string | null = () => null,
): Promise<string> {
  const { language } = request;
  const [S, T, W] = [SD_TEXTS[language], workDirTexts(language), writeTexts(language)];
  if (paths.some((p) => typeof p !== 'string')) return S.pathsNotStrings;
  const failures: string[] = [];
  const targets: { abs: string; rel: string; root: string }[] = [];
  const merged: string[] = [];
  const seen = new Set<string>();
  let missing = false;
  for (const input of paths) {
    const located = await locateTarget(workDir, input, language);
    if (!located.ok) {
      if (located.missingPath !== undefined) missing = true;
      failures.push(located.missingPath !== undefined ? T.missing(located.missingPath) : located.message);
      continue;
    }
    if (seen.has(located.abs)) {
      if (!merged.includes(located.rel)) merged.push(located.rel);
      continue;
    }
    seen.add(located.abs);
    targets.push(located);
  }
  if (failures.length > 0) {
    return `${S.resolveFailed(failures)}${missing ? `\n${W.neverCreates}` : ''}`;
  }
  if (targets.length > MAX_BATCH_PATHS) return S.tooManyPaths(targets.length);

  const loaded = await Promise.all(targets.map((t) => loadTarget(t, { strict: true, language })));
  const results: FileResult[] = [];
  const texts = loaded.flatMap((file) => (file.ok ? [file.text] : []));
  // Stage 7 (regex compile) is reached only when some file passed the earlier stages.
  const compiled = compileSd(request.pattern, request.replacement, request.caseInsensitive, language);
  if (texts.length > 0 && !compiled.ok) return compiled.message;
  const job = compiled.ok && texts.length > 0 ? await replaceTexts(compiled.sd, texts) : null;
  if (job !== null && !job.ok) return job.message;
  let next = 0;
  for (const [i, file] of loaded.entries()) {
    const rel = targets[i]!.rel;
    if (!file.ok) {
      results.push({ kind: 'skipped', rel, reason: file.message });
      continue;
    }
    const replaced = job!.replaced[next++]!;
    if (replaced.count === 0) results.push({ kind: 'no_match', rel });
    else if (replaced.text === file.text) results.push({ kind: 'same', rel });
    else {
      const diff = unifiedDiff(rel, rel, file.text, replaced.text);
      const chars = charCount(diff.text);
      const what = S.replaced(replaced.count);
      if (chars > MAX_OUTPUT_CHARS) {
        results.push({
          kind: 'too_large',
          rel,
          message: W.diffTooLarge(rel, chars, diff.stats, S.tooLargeHint),
        });
      } else {
        results.push({ kind: 'changed', rel, what, stats: W.stats(diff.stats), diff: diff.text, chars });
      }
    }
  }
  return render(SD_BATCH_TEXTS[language], T.maxOutput, results, merged, previewNote);
}

function render(
  B: SdBatchTexts,
  maxOutput: number,
  results: FileResult[],
  merged: string[],
  previewNote: (rels: readonly string[]) => string | null,
): string {
  const count = (kind: FileResult['kind']): number => results.filter((r) => r.kind === kind).length;
  const lines = [
    B.header(
      results.length,
      count('changed') + count('too_large'),
      count('no_match'),
      count('same'),
      count('skipped'),
    ),
  ];
  if (merged.length > 0) lines.push(B.merged(merged));
  let shown = 0;
  let stopped = false;
  const notShown: string[] = [];
  for (const result of results) {
    switch (result.kind) {
      case 'skipped':
        lines.push(B.skipped(result.rel, result.reason));
        break;
      case 'no_match':
        lines.push(B.noMatch(result.rel));
        break;
      case 'same':
        lines.push(B.same(result.rel));
        break;
      case 'too_large':
        lines.push(B.tooLarge(result.rel, result.message));
        break;
      case 'changed':
        // The list stops at a file boundary: once a diff does not fit, no later diff is shown either.
        if (!stopped && shown + result.chars <= MAX_OUTPUT_CHARS) {
          shown += result.chars;
          lines.push(B.changed(result.rel, result.what, result.stats), result.diff.trimEnd());
        } else {
          stopped = true;
          notShown.push(result.rel);
          lines.push(B.notShown(result.rel, result.what, result.stats));
        }
        break;
    }
  }
  if (stopped) lines.push(B.stopped(maxOutput.toLocaleString('en-US'), notShown));
  const changing = results.filter((r) => r.kind === 'changed' || r.kind === 'too_large').map((r) => r.rel);
  if (changing.length > 0) lines.push(B.footer);
  // The fence's note (apply cannot write under blackboard/): the preview itself is never refused.
  const note = changing.length > 0 ? previewNote(changing) : null;
  if (note !== null) lines.push(note);
  return lines.join('\n');
}
