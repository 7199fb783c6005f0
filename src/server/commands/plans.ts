import { z } from 'zod';
import { agentIdSchema } from '../../domain/schemas.ts';
import { discardPlanWave, dispatchPlanWave } from '../../orchestrator/plan/review-window.ts';
import { command, type CommandTable } from '../command.ts';

const done = () => null;

export const planCommands: CommandTable = {
  /** The plan waves of this process (the last 50), oldest first, running and pending ones included. */
  list_plan_waves: command(z.strictObject({}), (ctx) => ctx.orchestrator.planWaves.list()),
  /** A person approves a pending wave, possibly edited, with an optional verifier (Spec 43 / 53). */
  dispatch_plan_wave: command(
    z.strictObject({
      planId: z.number().int().positive(),
      tasks: z.array(z.strictObject({ to: z.string(), message: z.string() })).max(64),
      verifier: agentIdSchema.nullable().optional(),
    }),
    (ctx, { planId, tasks, verifier }) => {
      dispatchPlanWave(ctx.orchestrator, planId, tasks, verifier);
      return done();
    },
  ),
  discard_plan_wave: command(z.strictObject({ planId: z.number().int().positive() }), (ctx, { planId }) => {
    discardPlanWave(ctx.orchestrator, planId);
    return done();
  }),
  get_plan_review_bypass: command(z.strictObject({}), (ctx) => ({
    enabled: ctx.orchestrator.planReviewBypass,
  })),
  /** Skips every review window while on; memory only, off whenever the app starts. */
  set_plan_review_bypass: command(z.strictObject({ enabled: z.boolean() }), (ctx, { enabled }) => {
    ctx.orchestrator.planReviewBypass = enabled;
    return done();
  }),
};
