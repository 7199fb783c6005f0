import { z } from 'zod';
import { templateInput } from '../../domain/schemas.ts';
import { upsertTemplate } from '../../world/catalog.ts';
import { secretForUrl } from '../../secrets/bound-secret.ts';
import { command, type CommandTable } from '../command.ts';
import type { AppContext } from '../context.ts';
import { testTemplateConnection } from '../template-connection/probe.ts';

/** The test in flight per village: one at a time, so a new test or Cancel stops the last one. */
const inFlight = new WeakMap<AppContext, AbortController>();

export const templateConnectionCommands: CommandTable = {
  /**
   * "Test connection": the template as the form holds it (saved or not) with the credential saved
   * for its id (or none), one cheap request. Answers {ok: true, model, latencyMs, replySample} or
   * {ok: false, code, status, message, advice}; nothing is written.
   */
  test_template_connection: command(z.strictObject({ template: templateInput }), async (ctx, args) => {
    const input = args.template;
    // The catalog's own normalisation (names, base URL, credential), applied to a copy of the world.
    const stored = input.id === undefined ? null : await ctx.secrets.get(input.id);
    const hasSecret = secretForUrl(stored, input.baseUrl.trim()).kind === 'ok';
    const { template } = upsertTemplate(ctx.village.state, input, () => hasSecret);
    inFlight.get(ctx)?.abort();
    const controller = new AbortController();
    inFlight.set(ctx, controller);
    try {
      return await testTemplateConnection(template, {
        secrets: ctx.secrets,
        log: ctx.log,
        language: ctx.orchestrator.language(),
        signal: controller.signal,
      });
    } finally {
      if (inFlight.get(ctx) === controller) inFlight.delete(ctx);
    }
  }),
  /** Stops the test in flight; its own call then answers `failure: "cancelled"`. */
  cancel_template_connection_test: command(z.strictObject({}), (ctx) => {
    const controller = inFlight.get(ctx);
    controller?.abort();
    return { cancelled: controller !== undefined };
  }),
};
