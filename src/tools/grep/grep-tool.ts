import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Language } from '../../domain/enums.ts';
import type { ToolSpec } from '../../llm/canonical.ts';
import type { AgentTool, ToolContext, ToolSpecContext } from '../../orchestrator/tool.ts';
import { MAX_FILES } from '../work-dir/limits.ts';
import { resolveExisting } from '../work-dir/resolve.ts';
import { workDirTexts } from '../work-dir/texts.ts';
import { parseGrepArgs, readInclude, type IncludeRead } from './args.ts';
import { GREP_DESCRIPTIONS } from './descriptions.ts';
import { formatGrep } from './format.ts';
import type { ScanTarget } from './scan.ts';
import { scanInSlices } from './scan-slices.ts';
import { toSource } from '../regex-worker/jobs.ts';
import type { RegexRunner } from '../regex-worker/runner.ts';
import { sharedRegexRunner } from '../regex-worker/shared.ts';
import { jobFailureText } from '../regex-worker/texts.ts';

export interface GrepToolOptions {
  /** The walk's file cap; MAX_FILES unless a test needs a small one. */
  maxFiles?: number;
  /** Where the regex runs; the process's worker pool unless a test brings its own. */
  regex?: RegexRunner;
}

const LOGGED_INCLUDE_CHARS = 200;

function grepSpec(ctx: ToolSpecContext): ToolSpec {
  const d = GREP_DESCRIPTIONS[ctx.language];
  return {
    name: 'grep',
    description: d.description,
    parameters: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: d.pattern },
        path: { type: 'string', description: d.path },
        include: { type: 'string', description: d.include },
        context: { type: 'integer', description: d.context },
        case_insensitive: { type: 'boolean', description: d.caseInsensitive },
        count_only: { type: 'boolean', description: d.countOnly },
      },
      required: ['pattern'],
    },
  };
}

/** One `grep include:` line for every call that passed include, whatever became of it (Spec 16 #6). */
function logInclude(ctx: ToolContext, include: IncludeRead): void {
  if (!include.present) return;
  const text =
    include.text.length > LOGGED_INCLUDE_CHARS
      ? `${include.text.slice(0, LOGGED_INCLUDE_CHARS)}…`
      : include.text;
  ctx.log.note(`grep include: agent=${ctx.agentId} pattern=${text} outcome=${include.outcome}`);
}

function failureText(failure: Parameters<typeof jobFailureText>[2], language: Language): string {
  return jobFailureText(
    'grep',
    language === 'en' ? 'pattern (or include)' : 'pattern（または include）',
    failure,
    language,
  );
}

async function runGrep(
  args: Record<string, unknown>,
  ctx: ToolContext,
  maxFiles: number,
  runner: RegexRunner,
): Promise<string> {
  const include = readInclude(args.include, args.case_insensitive === true, ctx.language);
  logInclude(ctx, include);
  const T = workDirTexts(ctx.language);
  if (ctx.workDir === null) return T.workDirMissing;
  const parsed = parseGrepArgs(args, include, ctx.language);
  if (!parsed.ok) return parsed.message;
  const { pattern, context, countOnly, caseInsensitive } = parsed.args;
  const resolved = await resolveExisting(ctx.workDir, parsed.args.path, ctx.language);
  if (!resolved.ok) return resolved.message;
  const info = await stat(resolved.abs);
  let targets: ScanTarget[];
  let scanCap: number | null = null;
  if (info.isDirectory()) {
    const walked = await runner.run(
      { kind: 'walk', root: resolved.root, startAbs: resolved.abs, startRel: resolved.rel, maxFiles },
      ctx.signal,
    );
    if (!walked.ok) return failureText(walked, ctx.language);
    const walk = walked.value;
    targets = walk.entries.filter((entry) => !entry.isDir).map(({ rel, abs, name }) => ({ rel, abs, name }));
    if (walk.truncated) scanCap = maxFiles;
  } else {
    targets = [{ rel: resolved.rel, abs: resolved.abs, name: basename(resolved.abs) }];
  }
  const includeRegex = parsed.args.include;
  const job = await scanInSlices(
    runner,
    {
      kind: 'grep',
      root: resolved.root,
      targets,
      pattern: toSource(pattern),
      include: includeRegex === null ? null : toSource(includeRegex),
      context,
      countOnly,
    },
    ctx.signal,
  );
  if (!job.ok) return failureText(job, ctx.language);
  const scan = job.value;
  if (!info.isDirectory()) {
    // One named file: say plainly why it was not searched.
    if (scan.skipped.binary > 0) return T.binary(resolved.rel);
    if (scan.skipped.tooLarge > 0) return T.tooLarge(resolved.rel, info.size);
  }
  return formatGrep({
    scan,
    context,
    countOnly,
    caseInsensitive,
    includeUsed: include.present,
    scanCap,
    language: ctx.language,
  });
}

/** `grep`: search lines of the work folder's text files (ledger part 4 `bundled_tools_contract`). */
export function grepTool(options: GrepToolOptions = {}): AgentTool {
  const maxFiles = options.maxFiles ?? MAX_FILES;
  const runner = options.regex ?? sharedRegexRunner();
  return {
    name: 'grep',
    wantsReason: true,
    specFor: grepSpec,
    async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      try {
        return await runGrep(args, ctx, maxFiles, runner);
      } catch (error) {
        return workDirTexts(ctx.language).toolFailed('grep', error);
      }
    },
  };
}
