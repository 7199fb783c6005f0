#!/usr/bin/env node
// Runs the compiled server (dist/server/<stamp>/, built on the first start and again whenever a
// source changes: bin/server-build.mjs), so a fresh clone needs no build step and starts fast.
// FUSEFORKS_DEV=1 runs the TypeScript sources through tsx instead, as development and tests do.
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt } from './server-build.mjs';

/** @returns {Promise<{ main: (argv: string[]) => Promise<number> }>} */
async function loadCli() {
  if (process.env.FUSEFORKS_DEV !== '1') {
    let entry;
    try {
      // On stderr: stdout is the commands' answer (`send` prints the message id there).
      ({ entry } = await ensureServerBuilt({ progress: (line) => process.stderr.write(`${line}\n`) }));
    } catch (error) {
      // A checkout that cannot be written to (or no esbuild) still runs, only slower to start.
      process.stderr.write(
        `fuseforks: the server could not be built (${/** @type {Error} */ (error).message}); running the sources through tsx\n`,
      );
    }
    if (entry) return import(pathToFileURL(entry).href);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/cli.ts');
}

const { main } = await loadCli();
process.exitCode = await main(process.argv.slice(2));
