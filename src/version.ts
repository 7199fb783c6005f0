import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT, RUNS_COMPILED } from './package-root.ts';

/** The app version from package.json, for the `version` log line and boot_status. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/** `debug` under development and tests, `release` otherwise. */
export function appProfile(env: NodeJS.ProcessEnv = process.env): 'debug' | 'release' {
  return env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? 'debug' : 'release';
}

/** How the server's code runs, for the `version` log line: several builds may touch one village. */
export function appRun(): 'compiled' | 'tsx' {
  return RUNS_COMPILED ? 'compiled' : 'tsx';
}
