import type { AgentTool, ToolContext } from '../../orchestrator/tool.ts';
import { NO_FENCE, type WriteFence } from '../work-dir/fence.ts';
import { workDirTexts } from '../work-dir/texts.ts';
import { openTarget } from '../work-dir/edit-target.ts';
import { batchPreview, type SdRequest } from './sd-batch.ts';
import { compileSd } from './sd-regex.ts';
import { runSdJob } from './sd-job.ts';
import type { RegexRunner } from '../regex-worker/runner.ts';
import { sharedRegexRunner } from '../regex-worker/shared.ts';
import { SD_SPEC, SD_TEXTS } from './sd-texts.ts';
import { finishEdit } from '../work-dir/two-phase.ts';
import { errorDetail, writeTexts } from '../work-dir/write-texts.ts';

/**
 * `sd`: regex replace in one existing file of the work folder, two-phase (ledger part 4
 * `write_tools_contract`, Spec 17 for `paths`). Preview by default; `apply: true` writes through the
 * fence. Every failure comes back as result text.
 */
export function sdTool(fence: WriteFence = NO_FENCE, regex: RegexRunner = sharedRegexRunner()): AgentTool {
  return {
    name: 'sd',
    wantsReason: true,
    specFor: (ctx) => {
      const t = SD_SPEC[ctx.language];
      return {
        name: 'sd',
        description: t.description,
        parameters: {
          type: 'object',
          properties: {
            pattern: { type: 'string', description: t.pattern },
            replacement: { type: 'string', description: t.replacement },
            path: { type: 'string', description: t.path },
            paths: { type: 'array', items: { type: 'string' }, description: t.paths },
            case_insensitive: { type: 'boolean', description: t.caseInsensitive },
            apply: { type: 'boolean', description: t.apply },
          },
          required: ['pattern', 'replacement'],
        },
      };
    },
    async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      try {
        return await run(args, ctx, fence, regex);
      } catch (error) {
        return writeTexts(ctx.language).unexpected(errorDetail(error));
      }
    },
  };
}

async function run(
  args: Record<string, unknown>,
  ctx: ToolContext,
  fence: WriteFence,
  runner: RegexRunner,
): Promise<string> {
  const { language } = ctx;
  const S = SD_TEXTS[language];
  if (ctx.workDir === null) return workDirTexts(language).workDirMissing;
  const { pattern, replacement } = args;
  if (typeof pattern !== 'string') return S.patternMissing;
  if (pattern === '') return S.patternEmpty;
  if (typeof replacement !== 'string') return S.replacementMissing;
  const request: SdRequest = {
    pattern,
    replacement,
    caseInsensitive: args.case_insensitive === true,
    language,
  };
  const apply = args.apply === true;
  const hasPath = args.path !== undefined && args.path !== null;
  const hasPaths = args.paths !== undefined && args.paths !== null;
  if (hasPaths) {
    // Freeze 1 before anything else: there is no write path through `paths`.
    if (apply) return S.pathsWithApply;
    if (hasPath) return S.bothTargets;
    if (!Array.isArray(args.paths)) return S.pathsNotArray;
    if (args.paths.length === 0) return S.pathsEmpty;
    return batchPreview(
      ctx.workDir,
      args.paths,
      request,
      (sd, texts) => runSdJob(runner, sd, texts, ctx.signal, language),
      (rels) => fence.previewNote?.(ctx, rels) ?? null,
    );
  }
  if (!hasPath) return S.noTarget;

  const file = await openTarget(ctx.workDir, args.path, { strict: true, language });
  if (!file.ok) return file.message;
  const compiled = compileSd(request.pattern, request.replacement, request.caseInsensitive, language);
  if (!compiled.ok) return compiled.message;
  const job = await runSdJob(runner, compiled.sd, [file.text], ctx.signal, language);
  if (!job.ok) return job.message;
  const replaced = job.replaced[0]!;
  if (replaced.count === 0) return writeTexts(language).noChange(file.rel, S.noMatch);
  return finishEdit({
    ctx,
    fence,
    op: 'sd_apply',
    root: file.root,
    abs: file.abs,
    rel: file.rel,
    before: file.text,
    after: replaced.text,
    apply,
    what: S.replaced(replaced.count),
    sameWhy: S.sameText,
    tooLargeHint: S.tooLargeHint,
  });
}
