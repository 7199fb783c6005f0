import { z } from 'zod';
import { checkRoots, type RootProblem } from '../../tools/rag/roots.ts';
import { command, type CommandTable } from '../command.ts';

/** One declared reference folder and what is wrong with it now (null = usable). */
export interface RagSourceCheck {
  path: string;
  problem: RootProblem | null;
}

/** Bounds on what the settings dialog may ask about in one call (the list is typed by a person). */
export const MAX_RAG_SOURCE_CHECKS = 64;
export const MAX_RAG_SOURCE_PATH_CHARS = 4096;

export const ragCommands: CommandTable = {
  /**
   * The validity of rag sources as the settings dialog holds them, saved or not: the same check the
   * tool makes at every offer and call (checkRoots, nothing cached), so what the dialog marks valid is
   * what the servant gets. Answers in the order asked; the declared string is echoed untouched.
   */
  check_rag_sources: command(
    z.strictObject({
      paths: z.array(z.string().min(1).max(MAX_RAG_SOURCE_PATH_CHARS)).max(MAX_RAG_SOURCE_CHECKS),
    }),
    async (_ctx, { paths }): Promise<RagSourceCheck[]> =>
      (await checkRoots(paths)).map((check) => ({ path: check.declared, problem: check.problem })),
  ),
};
