import { quoteName } from './describe.ts';
import type { EntryProblem, McpConfigRead } from './types.ts';

/** `server "x": field "y": message`, one line (names are JSON-quoted, so no line breaks). */
export function formatEntryProblem(problem: EntryProblem): string {
  return `server ${quoteName(problem.server)}: field ${JSON.stringify(problem.field)}: ${problem.message}`;
}

/** Every problem of a read, one line each (the first per entry), for refusing a save; [] if none. */
export function configProblems(read: McpConfigRead): string[] {
  if (!read.ok) return [read.message];
  return read.servers.flatMap((server) => (server.problem ? [formatEntryProblem(server.problem)] : []));
}
