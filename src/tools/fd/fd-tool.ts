import { stat } from 'node:fs/promises';
import type { ToolSpec } from '../../llm/canonical.ts';
import type { AgentTool, ToolContext, ToolSpecContext } from '../../orchestrator/tool.ts';
import { compileUserRegex, regexFailureText } from '../grep/regex.ts';
import { MAX_FILES } from '../work-dir/limits.ts';
import { resolveExisting, shown as shownPath } from '../work-dir/resolve.ts';
import { workDirTexts } from '../work-dir/texts.ts';
import { toSource } from '../regex-worker/jobs.ts';
import type { RegexRunner } from '../regex-worker/runner.ts';
import { sharedRegexRunner } from '../regex-worker/shared.ts';
import { jobFailureText } from '../regex-worker/texts.ts';
import { FD_TEXTS } from './fd-texts.ts';
import { FD_DESCRIPTIONS } from './descriptions.ts';
import { formatFd } from './listing.ts';

export interface FdToolOptions {
  /** The walk's file cap; MAX_FILES unless a test needs a small one. */
  maxFiles?: number;
  /** Where the regex runs; the process's worker pool unless a test brings its own. */
  regex?: RegexRunner;
}

function fdSpec(ctx: ToolSpecContext): ToolSpec {
  const d = FD_DESCRIPTIONS[ctx.language];
  return {
    name: 'fd',
    description: d.description,
    parameters: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: d.pattern },
        path: { type: 'string', description: d.path },
        case_sensitive: { type: 'boolean', description: d.caseSensitive },
      },
      required: ['pattern'],
    },
  };
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

async function runFd(
  args: Record<string, unknown>,
  ctx: ToolContext,
  maxFiles: number,
  runner: RegexRunner,
): Promise<string> {
  const T = workDirTexts(ctx.language);
  if (ctx.workDir === null) return T.workDirMissing;
  const t = FD_TEXTS[ctx.language];
  if (typeof args.pattern !== 'string') return t.patternMissing;
  const rawCase = args.case_sensitive;
  if (rawCase !== undefined && rawCase !== null && typeof rawCase !== 'boolean') {
    return t.caseNotBoolean(shown(rawCase));
  }
  const caseSensitive = rawCase === true;
  // fd ignores case unless told otherwise: the opposite of grep, on purpose (names vary in spelling).
  const compiled = compileUserRegex(args.pattern, !caseSensitive);
  if (!compiled.ok) {
    return regexFailureText('pattern', args.pattern, compiled, {
      globTarget: t.globTarget,
      caseHint: t.caseHint,
      language: ctx.language,
    });
  }
  const resolved = await resolveExisting(ctx.workDir, args.path ?? '.', ctx.language);
  if (!resolved.ok) {
    const missingPath = resolved.reason === 'missing' && resolved.message !== T.workDirGone;
    return missingPath ? T.missingFolderForFd(shownPath(args.path as string)) : resolved.message;
  }
  if (!(await stat(resolved.abs)).isDirectory()) {
    return t.notFolder(T.notFolder(resolved.rel));
  }
  const job = await runner.run(
    {
      kind: 'find',
      walk: { kind: 'walk', root: resolved.root, startAbs: resolved.abs, startRel: resolved.rel, maxFiles },
      pattern: toSource(compiled.regex),
    },
    ctx.signal,
  );
  if (!job.ok) return jobFailureText('fd', 'pattern', job, ctx.language);
  const found = job.value;
  return formatFd({
    matched: found.matched,
    seenFiles: found.files,
    seenFolders: found.folders,
    scanCap: found.truncated ? maxFiles : null,
    caseSensitive,
    language: ctx.language,
  });
}

/** `fd`: find files and folders by name (ledger part 4 `bundled_tools_contract`). */
export function fdTool(options: FdToolOptions = {}): AgentTool {
  const maxFiles = options.maxFiles ?? MAX_FILES;
  const runner = options.regex ?? sharedRegexRunner();
  return {
    name: 'fd',
    wantsReason: true,
    specFor: fdSpec,
    async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      try {
        return await runFd(args, ctx, maxFiles, runner);
      } catch (error) {
        return workDirTexts(ctx.language).toolFailed('fd', error);
      }
    },
  };
}
