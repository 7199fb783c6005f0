/**
 * A would-be server for the lock race tests, run as its own process (`node --import tsx`): on each
 * `go N` line it says `ready N`, waits for the file `go-N` in the barrier folder (so all contenders
 * start together), tries to take the workspace lock and says `won N` or `lost N {code}`. A lock it won
 * is kept (never released) while the process lives, as a running server keeps it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { acquireWorkspaceLock, type WorkspaceLock } from '../../src/server/workspace-lock.ts';

const [workspace, barrier] = process.argv.slice(2) as [string, string];
const held: WorkspaceLock[] = [];

const say = (line: string) => process.stdout.write(`${line}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const [command, round] = line.split(' ');
  if (command !== 'go') continue;
  say(`ready ${round}`);
  while (!existsSync(join(barrier, `go-${round}`)));
  try {
    held.push(acquireWorkspaceLock(workspace));
    say(`won ${round}`);
  } catch (error) {
    say(`lost ${round} ${String((error as { code?: unknown }).code)}`);
  }
}
