import { z } from 'zod';
import {
  aggregate,
  priceLookupFromTemplates,
  priceTurns,
  turnsInScope,
  type Scope,
} from '../../store/stats/index.ts';
import { command, type CommandTable } from '../command.ts';

const sessionArg = z.strictObject({ sessionId: z.string().min(1).max(100) });
const scopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('session'), sessionId: z.string().min(1).max(100) }),
  z.strictObject({
    kind: z.literal('all'),
    period: z.strictObject({ sinceMs: z.number(), untilMs: z.number() }).optional(),
  }),
]);

export const sessionCommands: CommandTable = {
  list_sessions: command(z.strictObject({}), (ctx) => ctx.sessions.list()),
  /**
   * The open conversation's tool rows (the `tool` records, issue 22), oldest first: the newest `limit`
   * with a time in [fromMs, beforeMs). The chat asks the range of each page of messages it loads.
   */
  list_tool_calls: command(
    z.strictObject({
      fromMs: z.int().optional(),
      beforeMs: z.int().optional(),
      limit: z.int().min(1).max(5000).optional(),
    }),
    (ctx, { fromMs, beforeMs, limit }) =>
      ctx.sessions.toolCalls({ fromMs: fromMs ?? null, beforeMs: beforeMs ?? null }, limit ?? 5000),
  ),
  current_session: command(z.strictObject({}), (ctx) => ctx.sessions.currentSession()),
  reset_conversation: command(z.strictObject({}), (ctx) => ctx.sessions.newChat()),
  resume_session: command(sessionArg, (ctx, { sessionId }) => ctx.sessions.resume(sessionId)),
  continue_latest: command(z.strictObject({}), (ctx) => ctx.sessions.continueLatest()),
  list_fork_points: command(sessionArg, (ctx, { sessionId }) => ctx.sessions.forkPoints(sessionId)),
  fork_session: command(
    z.strictObject({ sessionId: z.string().min(1).max(100), atSeq: z.int().min(0) }),
    (ctx, { sessionId, atSeq }) => ctx.sessions.fork(sessionId, atSeq),
  ),
  delete_session: command(sessionArg, async (ctx, { sessionId }) => {
    await ctx.sessions.delete(sessionId);
    return null;
  }),
  summarize_session: command(z.strictObject({}), async (ctx) => ({
    summarized: await ctx.sessions.summarize(),
  })),
  /** Issue 22: the title rules (1..120 characters, no controls) are the store's, INVALID_ARGUMENT. */
  rename_session: command(
    z.strictObject({ sessionId: z.string().min(1).max(100), title: z.string().max(2_000) }),
    (ctx, { sessionId, title }) => ctx.sessions.rename(sessionId, title),
  ),
  /** Issue 22: `{sessionId, title, seq, snippet, updatedAt}[]`, at most 50, newest first. */
  search_sessions: command(z.strictObject({ query: z.string().max(500) }), (ctx, { query }) =>
    ctx.sessions.search(query),
  ),
  export_session: command(sessionArg, async (ctx, { sessionId }) => ({
    path: await ctx.sessions.export(sessionId),
  })),
  /** The token report, plus its cost in USD where templates carry prices (no currency conversion). */
  session_stats: command(z.strictObject({ scope: scopeSchema }), (ctx, { scope }) => {
    const turns = ctx.sessions.turnsFor(scope.kind === 'session' ? scope.sessionId : null);
    const report = aggregate(turns, ctx.sessions.list(), scope as Scope);
    const cost = priceTurns(
      turnsInScope(turns, scope as Scope).map(([, turn]) => turn),
      priceLookupFromTemplates(ctx.village.state.templates),
    );
    return { ...report, cost };
  }),
};
