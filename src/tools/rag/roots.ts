import { realpath, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { RagSourceProblem } from '../../domain/blackboard.ts';

export type RootProblem = RagSourceProblem;

/** One declared root, checked now: its canonical path when it is a folder that exists. */
export interface RootCheck {
  declared: string;
  real: string | null;
  problem: RootProblem | null;
}

/**
 * Check each declared rag source (ledger part 5 `rag`): absolute, existing, a folder. Done at every
 * offer and call, never cached, so a root that comes back (a drive plugged in, a path fixed) is valid
 * again at once. Only existence is checked, never readability (permissions mean different things per
 * OS). An invalid root is only marked: the declaration stays in world.json.
 */
export async function checkRoots(declared: readonly string[]): Promise<RootCheck[]> {
  return Promise.all(declared.map(checkRoot));
}

async function checkRoot(declared: string): Promise<RootCheck> {
  if (typeof declared !== 'string' || !isAbsolute(declared)) {
    return { declared, real: null, problem: 'not_absolute' };
  }
  try {
    // The declared root itself is canonicalised (a human wrote it); nothing below it is followed.
    const real = await realpath(declared);
    if (!(await stat(real)).isDirectory()) return { declared, real: null, problem: 'not_folder' };
    return { declared, real, problem: null };
  } catch {
    return { declared, real: null, problem: 'missing' };
  }
}

export function validRoots(checks: readonly RootCheck[]): { declared: string; real: string }[] {
  return checks.flatMap((c) => (c.real !== null ? [{ declared: c.declared, real: c.real }] : []));
}
