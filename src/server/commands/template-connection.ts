import { z } from 'zod';
import { templateInput } from '../../domain/schemas.ts';
import { upsertTemplate } from '../../world/catalog.ts';
import { secretForUrl } from '../../secrets/bound-secret.ts';
import { command, type CommandTable } from '../command.ts';
import type { AppContext } from '../context.ts';
import { testTemplateConnection } from '../template-connection/probe.ts';

/**
 * The test in flight per village: one at a time, so a new test or Cancel stops the last one. A test
 * may carry the caller's id; a Cancel with an id stops only that test, so an editor closing late
 * cannot stop the test the next editor just started.
 */
const inFlight = new WeakMap<AppContext, { controller: AbortController; testId: string | null }>();
const testId = z.string().min(1).max(100).optional();

export const templateConnectionCommands: CommandTable = {
  /**
   * "Test connection": the template as the form holds it (saved or not) with the credential saved
   * for its id (or none), one cheap request. Answers {ok: true, model, latencyMs, replySample} or
   * {ok: false, code, status, message, advice}; nothing is written.
   */
  test_template_connection: command(
    z.strictObject({ template: templateInput, testId }),
    async (ctx, args) => {
      const input = args.template;
      // The catalog's own normalisation (names, base URL, credential), applied to a copy of the world.
      const stored = input.id === undefined ? null : await ctx.secrets.get(input.id);
      const hasSecret = secretForUrl(stored, input.baseUrl.trim()).kind === 'ok';
      const { template } = upsertTemplate(ctx.village.state, input, () => hasSecret);
      inFlight.get(ctx)?.controller.abort();
      const controller = new AbortController();
      inFlight.set(ctx, { controller, testId: args.testId ?? null });
      try {
        return await testTemplateConnection(template, {
          secrets: ctx.secrets,
          log: ctx.log,
          language: ctx.orchestrator.language(),
          signal: controller.signal,
        });
      } finally {
        if (inFlight.get(ctx)?.controller === controller) inFlight.delete(ctx);
      }
    },
  ),
  /** Stops the test in flight (only the one with `testId` when given); its call answers "cancelled". */
  cancel_template_connection_test: command(z.strictObject({ testId }), (ctx, args) => {
    const running = inFlight.get(ctx);
    if (!running || (args.testId !== undefined && running.testId !== args.testId))
      return { cancelled: false };
    running.controller.abort();
    return { cancelled: true };
  }),
};
