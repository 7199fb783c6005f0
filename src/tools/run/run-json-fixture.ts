/** Shared by the run tests: read and write an agent's run.json in a tool sandbox. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { VillagePaths } from '../../world/paths.ts';
import type { HostInfo } from './host.ts';
import type { PendingCommand } from './policy.ts';

export const POSIX: HostInfo = { platform: 'linux', pathext: [] };

export type RunJsonOnDisk = Record<string, unknown> & { pending: PendingCommand[] };

export interface RunJsonFixture {
  path: (agentId?: string) => string;
  /** Writes a value as pretty JSON, or a string as it is; returns the text written. */
  write: (value: unknown, agentId?: string) => string;
  read: (agentId?: string) => RunJsonOnDisk;
  text: (agentId?: string) => string;
}

export function runJsonFixture(paths: VillagePaths): RunJsonFixture {
  const path = (agentId = 'alice') => paths.configFile(agentId, 'run');
  return {
    path,
    write: (value, agentId) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      mkdirSync(dirname(path(agentId)), { recursive: true });
      writeFileSync(path(agentId), text);
      return text;
    },
    read: (agentId) => JSON.parse(readFileSync(path(agentId), 'utf8')) as RunJsonOnDisk,
    text: (agentId) => readFileSync(path(agentId), 'utf8'),
  };
}

export function entry(
  command: string,
  args: string[],
  firstRequestedAtMs: number,
  count = 1,
): PendingCommand {
  return { command, args, count, firstRequestedAtMs };
}
