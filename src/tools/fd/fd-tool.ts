import { stat } from 'node:fs/promises';
import type { ToolSpec } from '../../llm/canonical.ts';
import type { AgentTool, ToolContext, ToolSpecContext } from '../../orchestrator/tool.ts';
import { compileUserRegex, regexFailureText } from '../grep/regex.ts';
import { MAX_FILES } from '../work-dir/limits.ts';
import { resolveExisting, shown as shownPath } from '../work-dir/resolve.ts';
import { T } from '../work-dir/texts.ts';
import { walkWorkDir } from '../work-dir/walk.ts';
import { toSource } from '../regex-worker/jobs.ts';
import type { RegexRunner } from '../regex-worker/runner.ts';
import { sharedRegexRunner } from '../regex-worker/shared.ts';
import { jobFailureText } from '../regex-worker/texts.ts';
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
  if (ctx.workDir === null) return T.workDirMissing;
  if (typeof args.pattern !== 'string') {
    return 'pattern（名前に対する正規表現）を文字列で指定してください。すべてを一覧するなら空文字列 "" です。';
  }
  const rawCase = args.case_sensitive;
  if (rawCase !== undefined && rawCase !== null && typeof rawCase !== 'boolean') {
    return `case_sensitive は true か false で指定してください（指定値: ${shown(rawCase)}）。`;
  }
  const caseSensitive = rawCase === true;
  // fd ignores case unless told otherwise: the opposite of grep, on purpose (names vary in spelling).
  const compiled = compileUserRegex(args.pattern, !caseSensitive);
  if (!compiled.ok) {
    return regexFailureText('pattern', args.pattern, compiled, {
      globTarget: '名前',
      caseHint: 'fd は既定で大文字小文字を区別しません（区別するなら case_sensitive: true）。',
    });
  }
  const resolved = await resolveExisting(ctx.workDir, args.path ?? '.');
  if (!resolved.ok) {
    const missingPath = resolved.reason === 'missing' && resolved.message !== T.workDirGone;
    return missingPath ? T.missingFolderForFd(shownPath(args.path as string)) : resolved.message;
  }
  if (!(await stat(resolved.abs)).isDirectory()) {
    return `${T.notFolder(resolved.rel)}。fd は path に指定したフォルダの中を名前で探します（ファイルの中身を探すなら grep）。`;
  }
  const walk = await walkWorkDir(resolved.root, resolved.abs, resolved.rel, maxFiles);
  const job = await runner.run(
    { kind: 'names', names: walk.entries.map((entry) => entry.name), pattern: toSource(compiled.regex) },
    ctx.signal,
  );
  if (!job.ok) return jobFailureText('fd', 'pattern', job);
  const matched = job.value.map((index) => walk.entries[index]!);
  return formatFd({
    matched,
    seenFiles: walk.files,
    seenFolders: walk.entries.length - walk.files,
    scanCap: walk.truncated ? maxFiles : null,
    caseSensitive,
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
        return T.toolFailed('fd', error);
      }
    },
  };
}
