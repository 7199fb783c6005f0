import { z } from 'zod';
import { readSharedMcp, writeSharedMcp } from '../../world/shared-mcp.ts';
import { command, type CommandTable } from '../command.ts';

export const sharedMcpCommands: CommandTable = {
  /** `{workspace}/mcp.json` as text ('' when absent), for the MCP dialog's editor. */
  read_shared_mcp: command(z.strictObject({}), (ctx) => readSharedMcp(ctx.paths)),
  /**
   * Saves it with an agent mcp.json's validation (SERDE_FAILED names every bad entry, the file on
   * disk stays as it was); '' removes it. The shared servers reconnect to what was saved.
   */
  write_shared_mcp: command(z.strictObject({ content: z.string() }), async (ctx, { content }) => {
    await writeSharedMcp(ctx.paths, content);
    void ctx.mcp.openShared();
    return null;
  }),
};
