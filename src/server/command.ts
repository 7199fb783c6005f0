import type { z } from 'zod';
import type { AppContext } from './context.ts';

/** One API command: its argument schema and its handler. */
export interface Command<S extends z.ZodType = z.ZodType> {
  args: S;
  run(ctx: AppContext, args: z.infer<S>): Promise<unknown> | unknown;
}

export type CommandTable = Record<string, Command>;

export function command<S extends z.ZodType>(
  args: S,
  run: (ctx: AppContext, args: z.infer<S>) => Promise<unknown> | unknown,
): Command {
  return { args, run } as Command;
}
