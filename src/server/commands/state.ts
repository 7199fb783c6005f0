import { z } from 'zod';
import { command, type CommandTable } from '../command.ts';
import { APP_VERSION } from '../../version.ts';
import { secretStoreLocation } from '../../secrets/secret-location.ts';
import { projectWorld } from '../projection.ts';

export const stateCommands: CommandTable = {
  get_world: command(z.strictObject({}), (ctx) => ({
    ...projectWorld(ctx.village.state, ctx.villageId, ctx.orchestrator.runtimeView),
    /** For the status bar: which build is looking at this village. */
    appVersion: APP_VERSION,
    /** Where set_credential puts keys: the OS keyring, or the 0600 file when no keyring answered. */
    credentialStore: secretStoreLocation(ctx.secrets),
  })),
};
