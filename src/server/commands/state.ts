import { z } from 'zod';
import { command, type CommandTable } from '../command.ts';
import { projectWorld } from '../projection.ts';

export const stateCommands: CommandTable = {
  get_world: command(z.strictObject({}), (ctx) =>
    projectWorld(ctx.village.state, ctx.villageId, ctx.orchestrator.runtimeView),
  ),
};
