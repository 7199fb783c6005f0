import { z } from 'zod';
import {
  agentIdSchema,
  groupIdSchema,
  groupInput,
  languageSchema,
  positionSchema,
  roleIdSchema,
  roleInput,
  templateIdSchema,
  templateInput,
} from '../../domain/schemas.ts';
import { configIo, readTextOrNull, writeFileAtomic } from '../../world/fs-util.ts';
import { clearIcon, decodeIconBase64, readIcon, writeIcon } from '../../world/icons.ts';
import * as settings from '../../world/settings.ts';
import { command, type CommandTable } from '../command.ts';
import type { AppContext } from '../context.ts';
import { iconBytes } from './agents.ts';

const done = () => null;

/** get/set/clear for an icon at a fixed path (the user's, the external client's). */
function iconCommands(name: string, pathOf: (ctx: AppContext) => string): CommandTable {
  return {
    [`get_${name}_icon`]: command(z.object({}), async (ctx) => iconBytes(await readIcon(pathOf(ctx)))),
    [`set_${name}_icon`]: command(z.object({ bytes: z.string() }), async (ctx, { bytes }) => {
      await writeIcon(pathOf(ctx), decodeIconBase64(bytes));
      return null;
    }),
    [`clear_${name}_icon`]: command(z.object({}), async (ctx) => {
      await clearIcon(pathOf(ctx));
      return null;
    }),
  };
}

export const villageCommands: CommandTable = {
  read_ordinance: command(z.object({}), async (ctx) => {
    try {
      return (await readTextOrNull(ctx.paths.ordinance)) ?? '';
    } catch (error) {
      throw configIo('read', ctx.paths.ordinance, error);
    }
  }),
  write_ordinance: command(z.object({ content: z.string() }), async (ctx, { content }) => {
    try {
      await writeFileAtomic(ctx.paths.ordinance, content);
    } catch (error) {
      throw configIo('write', ctx.paths.ordinance, error);
    }
    return null;
  }),

  upsert_template: command(z.object({ template: templateInput }), (ctx, { template }) =>
    ctx.village.upsertTemplate(template),
  ),
  remove_template: command(z.object({ templateId: templateIdSchema }), (ctx, { templateId }) =>
    ctx.village.removeTemplate(templateId).then(done),
  ),
  set_credential: command(
    z.object({ templateId: templateIdSchema, secret: z.string().max(16_384) }),
    (ctx, { templateId, secret }) => ctx.village.setCredential(templateId, secret).then(done),
  ),
  clear_credential: command(z.object({ templateId: templateIdSchema }), (ctx, { templateId }) =>
    ctx.village.clearCredential(templateId).then(done),
  ),

  upsert_role: command(z.object({ role: roleInput }), (ctx, { role }) => ctx.village.upsertRole(role)),
  remove_role: command(z.object({ roleId: roleIdSchema }), (ctx, { roleId }) =>
    ctx.village.removeRole(roleId).then(done),
  ),
  upsert_group: command(z.object({ group: groupInput }), (ctx, { group }) => ctx.village.upsertGroup(group)),
  remove_group: command(z.object({ groupId: groupIdSchema }), (ctx, { groupId }) =>
    ctx.village.removeGroup(groupId).then(done),
  ),

  set_topology_positions: command(
    z.object({ positions: z.record(z.string(), positionSchema) }),
    (ctx, { positions }) => ctx.village.update((w) => settings.setTopologyPositions(w, positions)).then(done),
  ),
  set_token_budget: command(z.object({ tokenBudget: z.number().nullable() }), (ctx, { tokenBudget }) =>
    ctx.village.update((w) => settings.setTokenBudget(w, tokenBudget)).then(done),
  ),
  set_language: command(z.object({ language: languageSchema }), (ctx, { language }) =>
    ctx.village.update((w) => settings.setLanguage(w, language)).then(done),
  ),
  set_user_name: command(z.object({ userName: z.string().nullable() }), (ctx, { userName }) =>
    ctx.village.update((w) => settings.setUserName(w, userName)).then(done),
  ),
  set_external_name: command(z.object({ externalName: z.string().nullable() }), (ctx, { externalName }) =>
    ctx.village.update((w) => settings.setExternalName(w, externalName)).then(done),
  ),
  set_ask_timeout: command(z.object({ askTimeoutSecs: z.number().nullable() }), (ctx, { askTimeoutSecs }) =>
    ctx.village.update((w) => settings.setAskTimeout(w, askTimeoutSecs)).then(done),
  ),
  get_default_verifier: command(z.object({}), (ctx) => ctx.village.state.defaultVerifier),
  set_default_verifier: command(z.object({ agentId: agentIdSchema.nullable() }), (ctx, { agentId }) =>
    ctx.village.update((w) => settings.setDefaultVerifier(w, agentId)).then(done),
  ),
  set_reception: command(z.object({ agentId: agentIdSchema.nullable() }), (ctx, { agentId }) =>
    ctx.village.update((w) => settings.setReception(w, agentId)).then(done),
  ),

  ...iconCommands('user', (ctx) => ctx.paths.userIcon),
  ...iconCommands('external', (ctx) => ctx.paths.externalIcon),
};
