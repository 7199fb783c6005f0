import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { issueMessage, issuePath } from '../../domain/zod-issues.ts';
import { jsonProblem } from '../../world/json-problem.ts';

/** The per-device door settings, `{home}/mcp_server.json` (ledger part 5 §2.8), outside every village. */
export const DOOR_SETTINGS_FILE = 'mcp_server.json';
export const DEFAULT_DOOR_PORT = 39091;
export const DOOR_PORT_RANGE = { min: 1024, max: 65535 } as const;

export interface DoorSettings {
  enabled: boolean;
  port: number;
  /** 32 lowercase hex digits; created when the door is first turned on, null until then. */
  token: string | null;
}

export const DEFAULT_DOOR_SETTINGS: Readonly<DoorSettings> = Object.freeze({
  enabled: false,
  port: DEFAULT_DOOR_PORT,
  token: null,
});

/** `Uuid::new_v4().simple()`: 32 lowercase hex digits. */
export function newDoorToken(): string {
  return randomUUID().replaceAll('-', '');
}

/** Why a port cannot be used for the door, or null when it can. */
export function doorPortProblem(port: unknown): string | null {
  if (typeof port !== 'number' || !Number.isInteger(port)) return 'the port must be a whole number';
  if (port < DOOR_PORT_RANGE.min || port > DOOR_PORT_RANGE.max) {
    return `the port must be from ${DOOR_PORT_RANGE.min} to ${DOOR_PORT_RANGE.max}`;
  }
  return null;
}

const TOKEN_PATTERN = /^[0-9a-f]{32}$/;

// Messages are fixed texts: a problem report must never quote the file, which holds the token.
const fileSchema = z
  .strictObject({
    enabled: z.boolean({ error: 'must be true or false' }),
    port: z.number({ error: 'must be a number' }).refine((port) => doorPortProblem(port) === null, {
      error: `must be a whole number from ${DOOR_PORT_RANGE.min} to ${DOOR_PORT_RANGE.max}`,
    }),
    token: z
      .string({ error: 'must be a string or null' })
      .regex(TOKEN_PATTERN, { error: 'must be 32 lowercase hex digits' })
      .nullable(),
  })
  .refine((settings) => !settings.enabled || settings.token !== null, {
    error: 'the door is enabled but has no token',
    path: ['token'],
  });

export type DoorSettingsParse = { ok: true; settings: DoorSettings } | { ok: false; problem: string };

/** Reads the file's text. Anything but the exact shape is a problem, named without quoting a value. */
export function parseDoorSettings(text: string): DoorSettingsParse {
  const syntax = jsonProblem(text);
  if (syntax !== null) return { ok: false, problem: syntax };
  const result = fileSchema.safeParse(JSON.parse(text));
  if (result.success) return { ok: true, settings: result.data };
  const issue = result.error.issues[0];
  if (!issue) return { ok: false, problem: 'not a valid settings object' };
  // Bounded: a hand-edited file may hold any number of keys of any length.
  if (issue.code === 'unrecognized_keys') return { ok: false, problem: issueMessage(issue) };
  if (issue.path.length === 0) {
    return { ok: false, problem: 'not a JSON object with enabled, port and token' };
  }
  return { ok: false, problem: `${issuePath(issue.path)}: ${issueMessage(issue)}` };
}

export function serializeDoorSettings(settings: DoorSettings): string {
  const { enabled, port, token } = settings;
  return `${JSON.stringify({ enabled, port, token }, null, 2)}\n`;
}
