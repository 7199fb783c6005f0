/**
 * `run`: executes one command per call under the agent's run.json (ledger part 5
 * `command_tool_contract`, Spec 15 rev4). allow -> runs now; deny -> refused, nothing queued;
 * neither -> refused and queued for a person's approval (deny wins). No run.json, or a broken one,
 * means everything is pending: fail closed is guarded by `decide`, not by hiding the tool.
 *
 * Working directory: the agent's work folder when set, else the user's home folder (the contract
 * names none for run; the work-folder boundary does not apply to run either way).
 */
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { AgentId } from '../../domain/ids.ts';
import { readReason, type AgentTool, type ToolContext } from '../../orchestrator/tool.ts';
import { childEnv } from './child-env.ts';
import { currentHost, type HostInfo } from './host.ts';
import { keepBytesFor, STDERR_SLOT_CHARS, STDOUT_SLOT_CHARS } from './output-slots.ts';
import { commandProblem, decide, type Decision } from './patterns.ts';
import { notePending, sweep, sweepPending } from './pending-store.ts';
import { loadPolicyForMatching, type MatchingPolicy } from './policy.ts';
import { runProcessTree } from './process-tree.ts';
import { needsShell, resolveProgram } from './resolve-program.ts';
import { commandLine, exitLabel, formatRunResult } from './run-result.ts';
import { runResultTexts, type RunResultTexts } from './result-texts.ts';
import { describeRun, paramText } from './texts.ts';
import type { TreeReport } from './tree-tracker.ts';

export interface RunToolOptions {
  /** Called when this agent's pending list may have changed (queued or swept): the badge's cue. */
  onPendingChanged?: (agentId: AgentId) => void;
  /** Tests only; the real host is read on every call. */
  host?: () => HostInfo;
  now?: () => number;
}

type ParsedCall = { ok: true; command: string; args: string[] } | { ok: false; message: string };

function parseCall(R: RunResultTexts, input: Record<string, unknown>): ParsedCall {
  const { command, args = [] } = input;
  if (typeof command !== 'string') return { ok: false, message: R.commandNotString };
  if (!Array.isArray(args) || args.some((a) => typeof a !== 'string')) {
    return { ok: false, message: R.argsNotArray };
  }
  const list = args as string[];
  if (list.some((a) => a.includes('\0'))) return { ok: false, message: R.argNul };
  const shown = JSON.stringify(command.slice(0, 200));
  switch (commandProblem(command)) {
    case 'empty':
      return { ok: false, message: R.commandEmpty };
    case 'separator':
    case 'nul':
      return { ok: false, message: R.commandSeparator(shown) };
    case 'whitespace':
      return { ok: false, message: R.commandWhitespace(shown) };
    default:
      return { ok: true, command, args: list };
  }
}

/** The command as the log shows it (never the args' text). */
function logCommand(command: string): string {
  return JSON.stringify(command.slice(0, 64));
}

/** ` killed=N unkilled=N` where the tree was tracked (Linux), else nothing. */
function treeCounts(tree: TreeReport | null): string {
  return tree === null ? '' : ` killed=${tree.killed.length} unkilled=${tree.unkilled.length}`;
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

export function runTool(options: RunToolOptions = {}): AgentTool {
  const hostOf = options.host ?? currentHost;
  const now = options.now ?? Date.now;
  const changed = (agentId: AgentId): void => options.onPendingChanged?.(agentId);

  async function refused(
    input: Record<string, unknown>,
    ctx: ToolContext,
    loaded: MatchingPolicy,
    decision: Decision,
    call: ParsedCall & { ok: true },
    host: HostInfo,
  ): Promise<string> {
    const R = runResultTexts(ctx.language);
    const line = commandLine(call.command, call.args);
    if (decision === 'deny') return R.denied(line);
    if (loaded.source === 'broken') {
      ctx.log.warn(`run: agent=${ctx.agentId} run.json unreadable; nothing queued`);
      return R.brokenPolicy(line, loaded.problem ?? '');
    }
    try {
      // The reason goes into run.json for the approver, never into the log.
      const reason = readReason(input).text;
      const request = { command: call.command, args: call.args, reason };
      const noted = await notePending(ctx.paths, ctx.agentId, request, now(), ctx.log, host);
      if (noted.outcome === 'queued') {
        changed(ctx.agentId);
        ctx.awaitingApproval?.({ command: call.command, args: [...call.args] });
        return R.queued(line, noted.count);
      }
      if (noted.outcome === 'broken') return R.brokenPolicy(line, noted.problem);
      return R.raced(line);
    } catch {
      ctx.log.warn(`run: agent=${ctx.agentId} could not queue a pending request`);
      return R.queueFailed(line);
    }
  }

  /** The pending list heals on every run call, not only when something is queued. */
  async function healPending(ctx: ToolContext, loaded: MatchingPolicy, host: HostInfo): Promise<void> {
    if (loaded.source !== 'file' || sweep(loaded.policy, host).length === loaded.policy.pending.length)
      return;
    try {
      if ((await sweepPending(ctx.paths, ctx.agentId, ctx.log, host)) > 0) changed(ctx.agentId);
    } catch {
      ctx.log.warn(`run: agent=${ctx.agentId} could not tidy the pending list`);
    }
  }

  return {
    name: 'run',
    wantsReason: true,
    async specFor(ctx) {
      const { policy } = await loadPolicyForMatching(ctx.paths, ctx.agentId);
      const text = paramText(ctx.language);
      return {
        name: 'run',
        description: describeRun(ctx.language, policy.allow, policy.timeoutSecs),
        parameters: {
          type: 'object',
          properties: {
            command: { type: 'string', description: text.command },
            args: { type: 'array', items: { type: 'string' }, description: text.args },
          },
          required: ['command'],
        },
      };
    },
    async execute(input: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      const R = runResultTexts(ctx.language);
      const call = parseCall(R, input);
      if (!call.ok) {
        ctx.log.note(`run decision: agent=${ctx.agentId} decision=invalid`);
        return call.message;
      }
      const host = hostOf();
      const loaded = await loadPolicyForMatching(ctx.paths, ctx.agentId);
      const decision = decide(loaded.policy, call.command, call.args, host);
      ctx.log.note(
        `run decision: agent=${ctx.agentId} command=${logCommand(call.command)} args=${call.args.length} decision=${decision}`,
      );
      if (decision !== 'pending') await healPending(ctx, loaded, host);
      if (decision !== 'allow') return refused(input, ctx, loaded, decision, call, host);

      const cwd = ctx.workDir ?? homedir();
      if (!(await isFolder(cwd))) return R.workDirGone;
      const env = childEnv();
      const resolved = await resolveProgram(call.command, env.PATH, host);
      if (resolved === null) {
        ctx.log.note(`run: agent=${ctx.agentId} exit=not_found`);
        return R.notFound(JSON.stringify(call.command));
      }
      if (needsShell(resolved, host)) return R.needsShell(resolved);
      if (ctx.signal.aborted) {
        ctx.log.note(`run: agent=${ctx.agentId} exit=interrupted ms=0`);
        return R.interruptedBeforeStart;
      }
      const timeoutSecs = loaded.policy.timeoutSecs;
      const capture = await runProcessTree({
        file: resolved,
        args: call.args,
        cwd,
        env,
        timeoutMs: timeoutSecs * 1000,
        signal: ctx.signal,
        keepBytes: { stdout: keepBytesFor(STDOUT_SLOT_CHARS), stderr: keepBytesFor(STDERR_SLOT_CHARS) },
        host,
      });
      ctx.log.note(
        `run: agent=${ctx.agentId} exit=${exitLabel(capture.ending)} ms=${capture.elapsedMs} resolved=${JSON.stringify(resolved)}${treeCounts(capture.tree)}`,
      );
      for (const p of capture.tree?.unkilled ?? []) {
        ctx.log.warn(
          `run: agent=${ctx.agentId} could not kill pid=${p.pid} name=${JSON.stringify(p.name)} reason=${p.reason}`,
        );
      }
      return formatRunResult(resolved, cwd, capture, timeoutSecs, ctx.language);
    },
  };
}
