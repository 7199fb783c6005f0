import { z } from 'zod';
import { isConfigFileKind } from '../../domain/enums.ts';
import { agentIdSchema, agentSpecInput, groupIdSchema, UNSAFE_ID_PARAM } from '../../domain/schemas.ts';
import { readConfigFile, writeConfigFile } from '../../world/config-files.ts';
import { clearIcon, decodeIconBase64, readIcon, writeIcon } from '../../world/icons.ts';
import { command, type CommandTable } from '../command.ts';

const agentArg = z.object({ agentId: agentIdSchema });
const kindSchema = z.string().refine(isConfigFileKind, {
  message: 'kind must be one of skill, memory, construct, mcp, run',
  params: UNSAFE_ID_PARAM,
});

const iconBytes = (bytes: Uint8Array | null) => ({
  bytes: bytes ? Buffer.from(bytes).toString('base64') : null,
});

export const agentCommands: CommandTable = {
  create_agent: command(z.object({ spec: agentSpecInput }), (ctx, { spec }) => ctx.village.createAgent(spec)),

  update_agent: command(
    z.object({ spec: agentSpecInput.partial().extend({ id: agentIdSchema }) }),
    (ctx, { spec }) => ctx.village.updateAgent(spec),
  ),

  delete_agent: command(agentArg, async (ctx, { agentId }) => {
    await ctx.village.deleteAgent(agentId);
    return null;
  }),

  set_connections: command(
    z.object({ agentId: agentIdSchema, connectedAgents: z.array(agentIdSchema) }),
    async (ctx, { agentId, connectedAgents }) => {
      await ctx.village.setConnections(agentId, connectedAgents);
      return null;
    },
  ),

  commit_agent_drop: command(
    z.object({
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
    z.object({ agentId: agentIdSchema, kind: kindSchema }),
    (ctx, { agentId, kind }) => {
      ctx.village.requireAgent(agentId);
      return readConfigFile(ctx.paths, agentId, kind as never);
    },
  ),

  write_config_file: command(
    z.object({ agentId: agentIdSchema, kind: kindSchema, content: z.string() }),
    async (ctx, { agentId, kind, content }) => {
      ctx.village.requireAgent(agentId);
      await writeConfigFile(ctx.paths, agentId, kind as never, content);
      return null;
    },
  ),

  get_agent_icon: command(agentArg, async (ctx, { agentId }) => {
    ctx.village.requireAgent(agentId);
    return iconBytes(await readIcon(ctx.paths.agentIcon(agentId)));
  }),

  set_agent_icon: command(z.object({ agentId: agentIdSchema, bytes: z.string() }), async (ctx, args) => {
    ctx.village.requireAgent(args.agentId);
    await writeIcon(ctx.paths.agentIcon(args.agentId), decodeIconBase64(args.bytes));
    return null;
  }),

  clear_agent_icon: command(agentArg, async (ctx, { agentId }) => {
    ctx.village.requireAgent(agentId);
    await clearIcon(ctx.paths.agentIcon(agentId));
    return null;
  }),
};

export { iconBytes };
