import { readFileSync } from 'node:fs';

/** The app version from package.json, for the `version` log line and boot_status. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** `debug` under development and tests, `release` otherwise. */
export function appProfile(env: NodeJS.ProcessEnv = process.env): 'debug' | 'release' {
  return env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? 'debug' : 'release';
}
