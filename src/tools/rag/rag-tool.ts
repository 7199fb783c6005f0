import type { ToolSpec } from '../../llm/canonical.ts';
import type { AgentTool, ToolContext, ToolSpecContext } from '../../orchestrator/tool.ts';
import type { Village } from '../../world/village.ts';
import { outlineText, readText, searchText, type ScopedFile } from './ops.ts';
import { RagIndex } from './rag-index.ts';
import { checkRoots, validRoots, type RootCheck } from './roots.ts';
import { inScope, resolveScopes, shownPath, type Root } from './scope.ts';
import { RAG_TEXTS, type RagTexts } from './texts.ts';

export const RAG_TOOL_NAME = 'rag';

export interface RagToolOptions {
  /** The walk's file cap; RAG_MAX_FILES unless a test needs a small one. */
  maxFiles?: number;
}

function ragSpec(t: RagTexts): ToolSpec {
  return {
    name: RAG_TOOL_NAME,
    description: t.description,
    parameters: {
      type: 'object',
      properties: {
        op: { type: 'string', enum: ['outline', 'search', 'read'], description: t.op },
        path: { type: 'string', description: t.path },
        pattern: { type: 'string', description: t.pattern },
        section: { type: 'string', description: t.section },
      },
      required: ['op'],
    },
  };
}

function optionalString(
  args: Record<string, unknown>,
  name: string,
  t: RagTexts,
): string | undefined | Error {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : new Error(t.needString(name));
}

/**
 * `rag`: a Markdown heading index over the agent's declared folders (ledger part 5 §1.5 and `rag`).
 * Offered exactly when `ragSources` has a valid root, whatever `enabledTools` says (D13: the
 * declaration, which only a human writes, is the opt-in). The roots are checked at every offer and
 * every call. Not a security mechanism: a declared folder is wholly readable by the agent, and what
 * it reads can reach every agent it can ask and their providers.
 */
export function ragTool(village: Village, options: RagToolOptions = {}): AgentTool {
  const index = new RagIndex(options.maxFiles);
  const sourcesOf = (agentId: string): string[] =>
    village.state.agents.find((a) => a.id === agentId)?.ragSources ?? [];

  async function run(args: Record<string, unknown>, ctx: ToolContext, t: RagTexts): Promise<string> {
    const checks = await checkRoots(sourcesOf(ctx.agentId));
    const roots = validRoots(checks);
    const notes = invalidNotes(checks, t);
    if (roots.length === 0) return [t.noValidRoot, ...notes].join('\n');
    const op = args.op;
    if (op !== 'outline' && op !== 'search' && op !== 'read') return t.unknownOp(String(op));
    const path = optionalString(args, 'path', t);
    if (path instanceof Error) return path.message;
    const scoped = resolveScopes(roots, path);
    if (!scoped.ok) return t.outsideRoots(path ?? '');
    const files: ScopedFile[] = [];
    const several = roots.length > 1;
    for (const scope of scoped.scopes) {
      const snapshot = await index.snapshot(scope.root.real);
      if (snapshot.truncated) notes.push(t.walkCut(options.maxFiles ?? 20_000));
      if (snapshot.skipped > 0) notes.push(t.skipped(snapshot.skipped));
      for (const file of snapshot.files) {
        if (!inScope(file.rel, scope.rel)) continue;
        files.push({ shown: shownFile(scope.root, file.rel, several), file, rootLabel: scope.root.declared });
      }
    }
    if (path !== undefined && path.trim() !== '' && files.length === 0) return t.notFound(path);
    if (op === 'outline') return outlineText(files, t, notes);
    if (op === 'search') {
      const pattern = optionalString(args, 'pattern', t);
      if (pattern instanceof Error) return pattern.message;
      if (pattern === undefined) return t.needString('pattern');
      if (pattern.trim() === '') return t.emptyPattern;
      return searchText(files, pattern, t, notes);
    }
    const section = optionalString(args, 'section', t);
    if (section instanceof Error) return section.message;
    if (path === undefined) return t.needString('path');
    // read names one file: the path itself, in exactly one root.
    const exact = files.filter((f) =>
      scoped.scopes.some((s) => s.rel === f.file.rel && s.root.declared === f.rootLabel),
    );
    if (exact.length === 0) return t.notFound(path);
    if (exact.length > 1)
      return t.ambiguousPath(
        path,
        exact.map((f) => f.shown),
      );
    return readText(exact[0]!, section, t);
  }

  return {
    name: RAG_TOOL_NAME,
    wantsReason: true,
    async specFor(ctx: ToolSpecContext): Promise<ToolSpec | null> {
      const sources = sourcesOf(ctx.agentId);
      if (sources.length === 0) return null;
      const roots = validRoots(await checkRoots(sources));
      return roots.length === 0 ? null : ragSpec(RAG_TEXTS[ctx.language]);
    },
    async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      const t = RAG_TEXTS[ctx.language];
      try {
        return await run(args, ctx, t);
      } catch (error) {
        return t.failed(error);
      }
    },
  };
}

/** With one root the relative path is enough; with several the root is shown so paths stay unique. */
function shownFile(root: Root, rel: string, several: boolean): string {
  return several ? shownPath(root, rel) : rel;
}

function invalidNotes(checks: readonly RootCheck[], t: RagTexts): string[] {
  return checks.flatMap((c) => (c.problem !== null ? [t.rootProblem(String(c.declared), c.problem)] : []));
}
