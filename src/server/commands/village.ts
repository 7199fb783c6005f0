import { z } from 'zod';
import {
  agentIdSchema,
  groupIdSchema,
  groupInput,
  languageSchema,
  positionInput,
  roleIdSchema,
  roleInput,
  templateIdSchema,
  templateInput,
} from '../../domain/schemas.ts';
import { secretStoreLocation } from '../../secrets/secret-location.ts';
import { configIo, readTextOrNull } from '../../world/fs-util.ts';
import { clearIcon, decodeIconBase64, readIcon, writeIcon } from '../../world/icons.ts';
import { assertNoSymlink } from '../../world/no-symlink.ts';
import * as settings from '../../world/settings.ts';
import { writeWorkspaceFileAtomic } from '../../world/workspace-write.ts';
import { command, type CommandTable } from '../command.ts';
import type { AppContext } from '../context.ts';
import { iconBytes } from './agents.ts';

const done = () => null;

/** get/set/clear for an icon at a fixed path (the user's, the external client's). */
function iconCommands(name: string, pathOf: (ctx: AppContext) => string): CommandTable {
  return {
    [`get_${name}_icon`]: command(z.strictObject({}), async (ctx) =>
      iconBytes(await readIcon(ctx.paths.workspace, pathOf(ctx))),
    ),
    [`set_${name}_icon`]: command(z.strictObject({ bytes: z.string() }), async (ctx, { bytes }) => {
      await writeIcon(ctx.paths.workspace, pathOf(ctx), decodeIconBase64(bytes));
      return null;
    }),
    [`clear_${name}_icon`]: command(z.strictObject({}), async (ctx) => {
      await clearIcon(ctx.paths.workspace, pathOf(ctx));
      return null;
    }),
  };
}

export const villageCommands: CommandTable = {
  read_ordinance: command(z.strictObject({}), async (ctx) => {
    // The ordinance goes into every prompt: a link to a file elsewhere would send that file out.
    await assertNoSymlink(ctx.paths.workspace, ctx.paths.ordinance);
    try {
      return (await readTextOrNull(ctx.paths.ordinance)) ?? '';
    } catch (error) {
      throw configIo('read', ctx.paths.ordinance, error);
    }
  }),
  write_ordinance: command(z.strictObject({ content: z.string() }), async (ctx, { content }) => {
    try {
      await writeWorkspaceFileAtomic(ctx.paths.workspace, ctx.paths.ordinance, content);
    } catch (error) {
      throw configIo('write', ctx.paths.ordinance, error);
    }
    return null;
  }),

  upsert_template: command(z.strictObject({ template: templateInput }), (ctx, { template }) =>
    ctx.village.upsertTemplate(template),
  ),
  remove_template: command(z.strictObject({ templateId: templateIdSchema }), (ctx, { templateId }) =>
    ctx.village.removeTemplate(templateId).then(done),
  ),
  set_credential: command(
    z.strictObject({ templateId: templateIdSchema, secret: z.string().max(16_384) }),
    // The answer says where this key went (the OS keyring, or the file fallback and its path).
    async (ctx, { templateId, secret }) => {
      await ctx.village.setCredential(templateId, secret);
      return { credentialStore: secretStoreLocation(ctx.secrets) };
    },
  ),
  clear_credential: command(z.strictObject({ templateId: templateIdSchema }), (ctx, { templateId }) =>
    ctx.village.clearCredential(templateId).then(done),
  ),

  upsert_role: command(z.strictObject({ role: roleInput }), (ctx, { role }) => ctx.village.upsertRole(role)),
  remove_role: command(z.strictObject({ roleId: roleIdSchema }), (ctx, { roleId }) =>
    ctx.village.removeRole(roleId).then(done),
  ),
  upsert_group: command(z.strictObject({ group: groupInput }), (ctx, { group }) =>
    ctx.village.upsertGroup(group),
  ),
  remove_group: command(z.strictObject({ groupId: groupIdSchema }), (ctx, { groupId }) =>
    ctx.village.removeGroup(groupId).then(done),
  ),

  set_topology_positions: command(
    z.strictObject({ positions: z.record(z.string(), positionInput) }),
    (ctx, { positions }) => ctx.village.update((w) => settings.setTopologyPositions(w, positions)).then(done),
  ),
  set_token_budget: command(z.strictObject({ tokenBudget: z.number().nullable() }), (ctx, { tokenBudget }) =>
    ctx.village.update((w) => settings.setTokenBudget(w, tokenBudget)).then(done),
  ),
  set_language: command(z.strictObject({ language: languageSchema }), (ctx, { language }) =>
    ctx.village.update((w) => settings.setLanguage(w, language)).then(done),
  ),
  set_user_name: command(z.strictObject({ userName: z.string().nullable() }), (ctx, { userName }) =>
    ctx.village.update((w) => settings.setUserName(w, userName)).then(done),
  ),
  set_external_name: command(
    z.strictObject({ externalName: z.string().nullable() }),
    (ctx, { externalName }) =>
      ctx.village.update((w) => settings.setExternalName(w, externalName)).then(done),
  ),
  set_ask_timeout: command(
    z.strictObject({ askTimeoutSecs: z.number().nullable() }),
    (ctx, { askTimeoutSecs }) =>
      ctx.village.update((w) => settings.setAskTimeout(w, askTimeoutSecs)).then(done),
  ),
  get_default_verifier: command(z.strictObject({}), (ctx) => ctx.village.state.defaultVerifier),
  set_default_verifier: command(z.strictObject({ agentId: agentIdSchema.nullable() }), (ctx, { agentId }) =>
    ctx.village.update((w) => settings.setDefaultVerifier(w, agentId)).then(done),
  ),
  set_reception: command(z.strictObject({ agentId: agentIdSchema.nullable() }), (ctx, { agentId }) =>
    ctx.village.update((w) => settings.setReception(w, agentId)).then(done),
  ),

  ...iconCommands('user', (ctx) => ctx.paths.userIcon),
  ...iconCommands('external', (ctx) => ctx.paths.externalIcon),
};
