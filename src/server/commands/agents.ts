import { z } from 'zod';
import { isConfigFileKind, type ConfigFileKind } from '../../domain/enums.ts';
import { agentIdSchema, agentSpecInput, groupIdSchema, UNSAFE_ID_PARAM } from '../../domain/schemas.ts';
import { readConfigFile, writeConfigFile } from '../../world/config-files.ts';
import { clearIcon, decodeIconBase64, readIcon, writeIcon } from '../../world/icons.ts';
import { CoreError } from '../../domain/errors.ts';
import { overlapsVillageFiles } from '../../tools/work-dir/overlap.ts';
import { command, type CommandTable } from '../command.ts';
import type { AppContext } from '../context.ts';
import { pruneApprovals } from '../../schedule/schedule-hooks.ts';
import { sweepAgentNotes } from '../../tools/blackboard/board-sweep.ts';

const agentArg = z.strictObject({ agentId: agentIdSchema });
const kindSchema = z.string().refine(isConfigFileKind, {
  message: 'kind must be one of skill, memory, construct, mcp, run',
  params: UNSAFE_ID_PARAM,
});

const iconBytes = (bytes: Uint8Array | null) => ({
  bytes: bytes ? Buffer.from(bytes).toString('base64') : null,
});

/**
 * A work folder that contains (or lies in) the workspace or the app data folder would let the agent's
 * write tools edit its own run.json or world.json; such a folder is refused when it is set.
 */
async function refuseOverlappingWorkDir(ctx: AppContext, workDir: string | null | undefined): Promise<void> {
  if (typeof workDir !== 'string' || workDir === '') return;
  if (await overlapsVillageFiles({ workDir, paths: ctx.paths })) {
    // English like every core message: the UI leads with its own text for the code (issue 22).
    throw new CoreError(
      'INVALID_ARGUMENT',
      'the work folder overlaps the workspace or the app data folder: choose a folder that contains neither',
    );
  }
}

export const agentCommands: CommandTable = {
  create_agent: command(z.strictObject({ spec: agentSpecInput }), async (ctx, { spec }) => {
    await refuseOverlappingWorkDir(ctx, spec.workDir);
    return ctx.village.createAgent(spec);
  }),

  update_agent: command(
    z.strictObject({ spec: agentSpecInput.partial().extend({ id: agentIdSchema }) }),
    async (ctx, { spec }) => {
      await refuseOverlappingWorkDir(ctx, spec.workDir);
      return ctx.village.updateAgent(spec);
    },
  ),

  delete_agent: command(agentArg, async (ctx, { agentId }) => {
    ctx.village.requireAgent(agentId);
    await ctx.orchestrator.forgetAgent(agentId);
    // Its notes go first (freeze 12), once it can no longer write one, from the folder it faces now
    // (read after it stopped). A failed sweep is only a WARN: the deletion always proceeds.
    const blackboard = await sweepAgentNotes(
      agentId,
      ctx.village.requireAgent(agentId).workDir,
      ctx.trash,
      ctx.log,
    );
    await ctx.village.deleteAgent(agentId);
    // The schedules that target it go too (ledger: remove_agent deletes them), then their approvals,
    // in delete_schedule's order.
    if ((await ctx.schedules.store.deleteForAgent(agentId)) > 0) await pruneApprovals(ctx.schedules, ctx.log);
    // The sweep's counts, so the UI can warn when notes were left (failed > 0) instead of staying silent.
    return { blackboard };
  }),

  set_connections: command(
    z.strictObject({ agentId: agentIdSchema, connectedAgents: z.array(agentIdSchema) }),
    async (ctx, { agentId, connectedAgents }) => {
      await ctx.village.setConnections(agentId, connectedAgents);
      return null;
    },
  ),

  commit_agent_drop: command(
    z.strictObject({
      order: z.array(agentIdSchema),
      regroup: z
        .object({ agentId: agentIdSchema, groupId: groupIdSchema.nullable() })
        .nullable()
        .default(null),
    }),
    async (ctx, { order, regroup }) => {
      await ctx.village.commitAgentDrop(order, regroup);
      return null;
    },
  ),

  read_config_file: command(
    z.strictObject({ agentId: agentIdSchema, kind: kindSchema }),
    (ctx, { agentId, kind }) => {
      ctx.village.requireAgent(agentId);
      return readConfigFile(ctx.paths, agentId, kind as never);
    },
  ),

  write_config_file: command(
    z.strictObject({ agentId: agentIdSchema, kind: kindSchema, content: z.string() }),
    async (ctx, { agentId, kind, content }) => {
      await ctx.village.withAgentFiles(agentId, () =>
        writeConfigFile(ctx.paths, agentId, kind as ConfigFileKind, content),
      );
      // A running agent's servers follow its saved mcp.json; otherwise the file was only validated.
      if (kind === 'mcp') void ctx.mcp.reloadAgent(agentId);
      return null;
    },
  ),

  get_agent_icon: command(agentArg, async (ctx, { agentId }) => {
    ctx.village.requireAgent(agentId);
    return iconBytes(await readIcon(ctx.paths.workspace, ctx.paths.agentIcon(agentId)));
  }),

  set_agent_icon: command(
    z.strictObject({ agentId: agentIdSchema, bytes: z.string() }),
    async (ctx, args) => {
      const bytes = decodeIconBase64(args.bytes);
      await ctx.village.withAgentFiles(args.agentId, () =>
        writeIcon(ctx.paths.workspace, ctx.paths.agentIcon(args.agentId), bytes),
      );
      return null;
    },
  ),

  clear_agent_icon: command(agentArg, async (ctx, { agentId }) => {
    await ctx.village.withAgentFiles(agentId, () =>
      clearIcon(ctx.paths.workspace, ctx.paths.agentIcon(agentId)),
    );
    return null;
  }),
};

export { iconBytes };
