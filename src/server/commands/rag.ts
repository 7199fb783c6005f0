import { z } from 'zod';
import type { RagSourceCheck } from '../../domain/blackboard.ts';
import { checkRoots } from '../../tools/rag/roots.ts';
import { command, type CommandTable } from '../command.ts';

/** The servant settings' rag sources field, before it is saved. */
const MAX_CHECKED_PATHS = 64;
const MAX_PATH_CHARS = 4096;

export const ragCommands: CommandTable = {
  /**
   * The validity of rag source entries, checked now by the rag tool's own checkRoots (nothing cached),
   * so an entry is marked exactly as the tool will see it. Saving stays update_agent's: an invalid
   * root is kept and only marked.
   */
  check_rag_sources: command(
    z.strictObject({
      paths: z.array(z.string().min(1).max(MAX_PATH_CHARS)).max(MAX_CHECKED_PATHS),
    }),
    async (_ctx, { paths }): Promise<RagSourceCheck[]> =>
      (await checkRoots(paths)).map((check) => ({ path: check.declared, problem: check.problem })),
  ),
};
