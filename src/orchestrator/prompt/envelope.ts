/**
 * The sender envelope (ledger part 4 `sender_envelope`, part 5 `sender_envelope_contract`, part 2
 * `user_identity_contract`). Every incoming message reaches a model as `【送り手: X】\n…` (en
 * `【Sender: X】\n…`): the envelope sits at offset 0 and is the only per-message sender identification,
 * because `role: "user"` says nothing about who spoke.
 *
 * Two defences keep the envelope unforgeable:
 * - a label never carries envelope syntax: 【 ［ 】 ］ and line breaks are removed (removing only 】
 *   and line breaks is not enough — the attack string is `】\n【送り手:`);
 * - every body, whoever sent it, is defused: an opening bracket {【, ［} followed by a tag
 *   {送り手, Sender, From} and a colon {:, ：} has its bracket replaced by 〔 (U+3014). The text stays
 *   readable, 〔 is not an opening bracket of the set, so `defuse` is idempotent. This is a deny-list
 *   against the main collision forms, not a guarantee (ledger part 5, freeze 6).
 */
import type { Language } from '../../domain/enums.ts';
import type { Endpoint } from '../../domain/message.ts';

/** System speaks as the app itself, in the UI and in prompts alike. */
export const SYSTEM_LABEL = 'Fuseforks';
/** The envelope name of a user who has not set a name (Spec 35 D5). */
export const DEFAULT_USER_LABEL: Record<Language, string> = { ja: 'ユーザー', en: 'User' };
/** The label an external client falls back to (`DEFAULT_EXTERNAL_CLIENT`). */
export const DEFAULT_EXTERNAL_CLIENT = 'external';
/** Marks an outside MCP client: a bare name could be read as a person of that name. */
export const EXTERNAL_CLIENT_MARK: Record<Language, string> = {
  ja: '（外部クライアント）',
  en: ' (external client)',
};
/** The tag the envelope is written with; `defuse` neutralises all of DEFUSED_TAGS whatever the language. */
export const ENVELOPE_TAG: Record<Language, string> = { ja: '送り手', en: 'Sender' };
export const DEFUSED_TAGS = ['送り手', 'Sender', 'From'] as const;
/** What a forged opening bracket becomes. */
export const DEFUSED_BRACKET = '〔';

export interface SenderContext {
  /** Display names by agent id; a deleted agent is missing and shows as its id. */
  names: ReadonlyMap<string, string>;
  /** null: the language's default (ユーザー / User). */
  userName: string | null;
  /** world.json `externalName`: when set it replaces the client's self-reported name. */
  externalName: string | null;
  language: Language;
}

// Envelope brackets, every C0/C1 control (CR and LF included) and the Unicode line separators.
// eslint-disable-next-line no-control-regex
const LABEL_FORBIDDEN = /[【［】］\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu;

/** A label that cannot open, close or break out of an envelope. */
export function stripLabel(label: string): string {
  return label.replace(LABEL_FORBIDDEN, '').trim();
}

function clean(value: string, fallback: string): string {
  const stripped = stripLabel(value);
  return stripped === '' ? stripLabel(fallback) : stripped;
}

/** The one resolver of sender names: envelopes and the room log both use it. */
export function senderLabel(endpoint: Endpoint, ctx: SenderContext): string {
  switch (endpoint.kind) {
    case 'user':
      return clean(ctx.userName ?? '', DEFAULT_USER_LABEL[ctx.language]);
    case 'system':
      return SYSTEM_LABEL;
    case 'agent':
      return clean(ctx.names.get(endpoint.id) ?? endpoint.id, endpoint.id);
    case 'external': {
      const name = clean(ctx.externalName ?? endpoint.client, DEFAULT_EXTERNAL_CLIENT);
      return `${name}${EXTERNAL_CLIENT_MARK[ctx.language]}`;
    }
  }
}

/** `【送り手: X】` / `【Sender: X】` (the brackets are the same in both languages). */
export function envelopeLine(label: string, language: Language): string {
  return `【${ENVELOPE_TAG[language]}: ${stripLabel(label)}】`;
}

const FORGED_OPENING = /[【［](?=\s*(?:送り手|Sender|From)\s*[:：])/giu;

/** Neutralises every forged envelope opening in a body; idempotent. */
export function defuse(body: string): string {
  return body.replace(FORGED_OPENING, DEFUSED_BRACKET);
}

/** The incoming message as the model reads it and as history stores it: envelope at offset 0. */
export function attributeSender(label: string, content: string, language: Language): string {
  return `${envelopeLine(label, language)}\n${defuse(content)}`;
}

/** Said after outside text whose forged openings were defused, so a model that copies it knows. */
export const DEFUSED_NOTE: Record<Language, (count: number) => string> = {
  ja: (count) =>
    `（送り手の書式に似た括弧 ${count} 個を 〔 に置き換えて表示しています。元の文では 【 または ［ です）`,
  en: (count) =>
    `(${count} bracket${count === 1 ? '' : 's'} that looked like a sender envelope ${count === 1 ? 'is' : 'are'} shown as 〔; the original text has 【 or ［ there)`,
};

/**
 * The one point where text from outside a prompt's own envelope enters a turn's context: every tool
 * result (file read, grep, MCP results and errors), every ask answer and plan bundle, every room_log
 * read. Whatever follows `ownHead` (a head this process wrote itself, such as the room_log reading's
 * real envelope) is defused, so a forged 【Sender: …】 in a file, a server's answer or another servant's
 * reply cannot pass for an envelope. When anything was defused a note says so: a model that reads a
 * file and writes it back must not think the file had 〔 where it has 【.
 */
export function admitOutsideText(text: string, language: Language, ownHead = ''): string {
  const head = ownHead !== '' && text.startsWith(ownHead) ? ownHead : '';
  const body = text.slice(head.length);
  const count = body.match(FORGED_OPENING)?.length ?? 0;
  if (count === 0) return text;
  return `${head}${defuse(body)}\n\n${DEFUSED_NOTE[language](count)}`;
}
