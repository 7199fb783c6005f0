import type { AskProgress } from '../domain/ask-progress.ts';
import type { AttachmentInput, AttachmentRef } from '../domain/attachment.ts';
import type { Language, Provider } from '../domain/enums.ts';
import { CoreError, isCoreError } from '../domain/errors.ts';
import type { AgentId } from '../domain/ids.ts';
import { userNameProblem } from '../world/validate.ts';
import { awaitReply } from './await-reply.ts';
import { sendWithAttachment } from './attachment-send.ts';
import { attachmentKindLine } from './lines/index.ts';
import type { Reply } from './envelope.ts';
import { newMessage } from './message-log.ts';
import type { AgentRuntime } from './agent-runtime.ts';
import type { Orchestrator } from './orchestrator.ts';
import { DEFAULT_EXTERNAL_CLIENT } from './prompt/envelope.ts';
import { followChain, type ChainProgress } from './progress/follow-chain.ts';

/** What the door returns to the outside client: the answer, or why there is none (a tool result). */
export interface ExternalAnswer {
  text: string;
  isError: boolean;
}

/** `normalize_client_name`: the user-name check; a name that fails it becomes `external`, never an error. */
export function normalizeClientName(raw: string): string {
  const trimmed = raw.trim();
  return trimmed === '' || userNameProblem(trimmed) !== null ? DEFAULT_EXTERNAL_CLIENT : trimmed;
}

const TEXTS: Record<
  Language,
  {
    unset: string;
    notFound: (id: string) => string;
    stopped: (label: string) => string;
    empty: string;
    inboxFull: (label: string) => string;
    timedOut: (label: string, secs: number) => string;
    interrupted: (label: string) => string;
    handedOff: (label: string) => string;
    budget: (label: string) => string;
    noAnswer: (label: string, why: string) => string;
    invalidAttachment: (why: string) => string;
    notCarried: (label: string, why: string) => string;
  }
> = {
  ja: {
    unset:
      'EXTERNAL_RECEPTION_UNSET: この村には外部からの依頼を受ける窓口のサーヴァントが設定されていません。村の設定で窓口を選んでください。',
    notFound: (id) =>
      `AGENT_NOT_FOUND: 窓口のサーヴァント ${id} が見つかりません（削除された可能性があります）。村の設定で窓口を選び直してください。`,
    stopped: (label) =>
      `NOT_RUNNING: 窓口のサーヴァント ${label} は停止中です。村で起動してから呼び直してください。`,
    empty: 'message が空です。依頼の本文を書いてください。',
    inboxFull: (label) => `MAILBOX_FULL: ${label} の受信箱がいっぱいです。少し待ってから呼び直してください。`,
    timedOut: (label, secs) => `${label} から ${secs} 秒以内に答えがなかったため、依頼を打ち切りました。`,
    interrupted: (label) => `${label} への依頼は中断されました。`,
    handedOff: (label) => `${label} は依頼を別のサーヴァントへ引き継いだため、答えはここへ戻りません。`,
    budget: (label) => `${label} の作業はトークン予算を使い切ったため止まりました。`,
    noAnswer: (label, why) => `${label} から答えが得られませんでした${why === '' ? '' : `（${why}）`}。`,
    invalidAttachment: (why) =>
      `INVALID_ATTACHMENT: 添付を受け付けられませんでした（${why}）。送れるのは 1 件だけで、画像（PNG / JPEG / WebP / 静止画の GIF、10 MB まで）・音声（mp3 / wav、10 MB まで）・動画（mp4、12 MB まで）・PDF（10 MB まで）です。種別はファイルの中身で判定します。`,
    notCarried: (label, why) =>
      `ATTACHMENT_NOT_CARRIED: 窓口のサーヴァント ${label} の接続先はこの種別の添付を運べません（${why}）。添付を外すか、運べる接続先のサーヴァントを窓口にしてください。`,
  },
  en: {
    unset:
      'EXTERNAL_RECEPTION_UNSET: this village has no reception servant for outside requests. Choose one in the village settings.',
    notFound: (id) =>
      `AGENT_NOT_FOUND: the reception servant ${id} was not found (it may have been deleted). Choose the reception again in the village settings.`,
    stopped: (label) =>
      `NOT_RUNNING: the reception servant ${label} is stopped. Start it in the village, then call again.`,
    empty: 'The message is empty. Write the request.',
    inboxFull: (label) => `MAILBOX_FULL: ${label}'s inbox is full. Wait a little and call again.`,
    timedOut: (label, secs) => `No answer from ${label} within ${secs} s; the request was stopped.`,
    interrupted: (label) => `The request to ${label} was interrupted.`,
    handedOff: (label) =>
      `${label} handed the request on to another servant, so the answer does not come back here.`,
    budget: (label) => `${label}'s work stopped: the token budget was used up.`,
    noAnswer: (label, why) => `No answer from ${label}${why === '' ? '' : ` (${why})`}.`,
    invalidAttachment: (why) =>
      `INVALID_ATTACHMENT: the attachment was refused (${why}). One file may be attached: an image (PNG / JPEG / WebP / still GIF, up to 10 MB), audio (mp3 / wav, up to 10 MB), a video (mp4, up to 12 MB) or a PDF (up to 10 MB). The kind is read from the file's content.`,
    notCarried: (label, why) =>
      `ATTACHMENT_NOT_CARRIED: the connection of the reception servant ${label} cannot carry this kind of attachment (${why}). Leave the attachment out, or make a servant whose connection carries it the reception.`,
  },
};

/**
 * One request through the door (ledger part 5, MCP server): delivered to the reception agent as a new
 * causal root (own budget, hop 0) from `Endpoint external`, answered within askTimeoutSecs. Every
 * outcome is an answer text; nothing throws. `signal` is the outside call: cancelling it interrupts
 * the chain. `onProgress`, when given, is told what this chain (and no other) is doing, paced, until
 * the answer is returned, never after.
 */
export async function askExternal(
  orch: Orchestrator,
  rawClient: string,
  content: string,
  signal: AbortSignal,
  attachment: AttachmentInput | null = null,
  onProgress: ((update: AskProgress) => void) | null = null,
): Promise<ExternalAnswer> {
  const t = TEXTS[orch.language()];
  const world = orch.world();
  const reception = world.reception;
  // The reception's own refusals come before the send entry's: with a file, they owe its one line.
  const refusedEarly = (text: string): ExternalAnswer => {
    if (attachment !== null) {
      const kind = orch.attachments.kindOf(attachment.bytes) ?? 'unknown';
      orch.log.note(attachmentKindLine({ kind, provider: receptionProvider(orch), outcome: 'rejected' }));
    }
    return { text, isError: true };
  };
  if (reception === null) return refusedEarly(t.unset);
  if (!world.agents.some((agent) => agent.id === reception)) return refusedEarly(t.notFound(reception));
  const label = orch.labelOf(reception as AgentId);
  const runtime = orch.runtimeIfKnown(reception as AgentId);
  if (!runtime || runtime.status !== 'running') {
    // A servant stopped by a failure says which (the person's next step depends on it).
    const why = runtime?.lastError ? ` (${runtime.lastError.code}: ${runtime.lastError.message})` : '';
    return refusedEarly(`${t.stopped(label)}${why}`);
  }
  if (content.trim() === '' && attachment === null) return { text: t.empty, isError: true };

  const progress =
    onProgress === null
      ? null
      : followChain({ events: orch.events, nameOf: (id) => orch.labelName(id) }, onProgress);
  try {
    const target = { id: reception as AgentId, label, runtime };
    return await deliverAndAwait(orch, target, { rawClient, content, signal, attachment, progress });
  } finally {
    // Every outcome (answered, timeout, interrupt, a refusal, a throw) ends the following.
    progress?.stop();
  }
}

interface DoorRequest {
  rawClient: string;
  content: string;
  signal: AbortSignal;
  attachment: AttachmentInput | null;
  progress: ChainProgress | null;
}

/** The reception, checked and running. */
interface Reception {
  id: AgentId;
  label: string;
  runtime: AgentRuntime;
}

/** The reception checked: deliver the request as a new root and wait for its answer. */
async function deliverAndAwait(
  orch: Orchestrator,
  { id: reception, label, runtime }: Reception,
  { rawClient, content, signal, attachment, progress }: DoorRequest,
): Promise<ExternalAnswer> {
  const t = TEXTS[orch.language()];
  let resolveReply!: (reply: Reply) => void;
  const answered = new Promise<Reply>((resolve) => (resolveReply = resolve));
  // The chain stops with the outside call, and at the timeout too: the door takes one request at a
  // time, and a chain still running after its caller gave up would spend budget beside the next one.
  const chain = new AbortController();
  const deliver = (ref: AttachmentRef | null): boolean => {
    const message = newMessage({
      from: { kind: 'external', client: normalizeClientName(rawClient) },
      to: { kind: 'agent', id: reception },
      content,
      hop: 0,
      nowMs: orch.now(),
      ...(ref === null ? {} : { attachments: [ref] }),
    });
    const envelope = {
      ...orch.rootEnvelope(message),
      replyTo: resolveReply,
      signal: AbortSignal.any([signal, chain.signal]),
      ...(progress === null ? {} : { watch: progress.watch }),
    };
    if (!runtime.enqueue(envelope)) return false;
    orch.messages.record(message);
    return true;
  };
  if (attachment === null) {
    if (!deliver(null)) return { text: t.inboxFull(label), isError: true };
  } else {
    const refused = await deliverWithAttachment(orch, reception, attachment, deliver);
    if (refused !== null) return { text: refusalText(t, label, refused), isError: true };
  }

  const timeoutSecs = orch.askTimeoutSecs();
  const reply = await awaitReply(answered, timeoutSecs, signal);
  if (reply === 'timeout') {
    chain.abort();
    return { text: t.timedOut(label, timeoutSecs), isError: true };
  }
  if (reply === 'interrupted') return { text: t.interrupted(label), isError: true };
  switch (reply.kind) {
    case 'answered':
      return { text: reply.text, isError: false };
    case 'handed_off':
      return { text: t.handedOff(label), isError: true };
    case 'interrupted':
      return { text: t.interrupted(label), isError: true };
    case 'budget_exhausted':
      return { text: t.budget(label), isError: true };
    default:
      return { text: t.noAnswer(label, reply.text), isError: true };
  }
}

/**
 * The send entry's checks and order for the door's one attachment (attachment-send.ts); the
 * reception's own checks ran already. The refusal comes back as an error, for the answer text.
 */
async function deliverWithAttachment(
  orch: Orchestrator,
  reception: AgentId,
  attachment: AttachmentInput,
  deliver: (ref: AttachmentRef) => boolean,
): Promise<CoreError | null> {
  const target = orch.sendTarget(reception);
  try {
    await sendWithAttachment(orch, target, attachment, (ref) => {
      if (!deliver(ref)) throw new CoreError('MAILBOX_FULL', 'the inbox is full', { agentId: reception });
    });
    return null;
  } catch (error) {
    if (isCoreError(error)) return error;
    return new CoreError('INTERNAL', 'the attachment could not be taken');
  }
}

function refusalText(t: (typeof TEXTS)[Language], label: string, error: CoreError): string {
  switch (error.code) {
    case 'INVALID_ATTACHMENT':
      return t.invalidAttachment(error.message);
    case 'ATTACHMENT_NOT_CARRIED':
      return t.notCarried(label, error.message);
    case 'MAILBOX_FULL':
      return t.inboxFull(label);
    case 'NOT_RUNNING':
      return t.stopped(label);
    default:
      return `${error.code}: ${error.message}`;
  }
}

/**
 * The door refused its attachment argument itself (bad base64, an empty file): a send refusal too,
 * so it writes the entry's one `attachment kind: kind=unknown … outcome=rejected` line, with the
 * reception's wire (`provider=-` when there is no reception or it has no template), as
 * `send_user_message` does for a refused argument.
 */
export function noteRefusedExternalAttachment(orch: Orchestrator): void {
  orch.log.note(
    attachmentKindLine({ kind: 'unknown', provider: receptionProvider(orch), outcome: 'rejected' }),
  );
}

/** The reception's wire for a line; null (`provider=-`) without a reception, a servant or a template. */
function receptionProvider(orch: Orchestrator): Provider | null {
  const reception = orch.world().reception;
  try {
    return reception === null ? null : orch.sendTarget(reception as AgentId).provider();
  } catch {
    // A reception that is gone: the line still says the file was refused.
    return null;
  }
}
