import { z } from 'zod';
import { command, type CommandTable } from '../command.ts';

export const planCommands: CommandTable = {
  /** The plan waves of this process (the last 50), oldest first, running ones included. */
  list_plan_waves: command(z.strictObject({}), (ctx) => ctx.orchestrator.planWaves.list()),
};
