/**
 * The send entry of a message with an attachment (ledger part 2 §5.3, "validation order", Spec 36):
 * the target's checks -> the kind by magic bytes and its size -> `carries(provider, kind)` -> convert
 * and store the file -> (the target checked again: the store awaited) -> record the message ->
 * enqueue. A refusal at any step stores nothing, records nothing, starts no turn and writes exactly
 * one `attachment kind: … outcome=rejected` line; a success writes the same line with outcome=ok.
 * Shared by `send_user_message` and the door (`askExternal`): one order, one instrument.
 */
import type { AttachmentInput, AttachmentKind, AttachmentRef } from '../domain/attachment.ts';
import type { DiagLog } from '../diag/log.ts';
import type { Provider } from '../domain/enums.ts';
import { CoreError } from '../domain/errors.ts';
import { carries } from '../llm/provider.ts';
import type { AttachmentPort } from './attachment-port.ts';
import { attachmentKindLine } from './lines/index.ts';

/** What the entry needs of the village: its checks stay the caller's (the door answers in text). */
export interface AttachmentSendHost {
  readonly log: DiagLog;
  readonly attachments: AttachmentPort;
}

export interface AttachmentSendTarget {
  /** Throws the target's refusal (missing, not running, inbox full); run before and after the store. */
  check(): void;
  /** The target's effective wire; null when it has no model template. */
  provider(): Provider | null;
}

/** The words of a kind in an English error message (the dictionary words the screen shows are in web/). */
const KIND_WORDS: Record<AttachmentKind, string> = {
  image: 'an image',
  audio: 'an audio file',
  video: 'a video',
  pdf: 'a PDF',
};

/**
 * Admits one attachment for `target` and hands its stored reference to `deliver`, which records and
 * enqueues the message synchronously (nothing can come between the last check and the enqueue).
 */
export async function sendWithAttachment<T>(
  host: AttachmentSendHost,
  target: AttachmentSendTarget,
  input: AttachmentInput,
  deliver: (ref: AttachmentRef) => T,
): Promise<T> {
  // Only for the line: a pure look at the first bytes, so a refused target still names the kind.
  let kind: AttachmentKind | 'unknown' = host.attachments.kindOf(input.bytes) ?? 'unknown';
  const provider = safeProvider(target);
  const rejected = (error: unknown): never => {
    host.log.note(attachmentKindLine({ kind, provider, outcome: 'rejected' }));
    throw error;
  };
  try {
    target.check();
  } catch (error) {
    return rejected(error);
  }
  let detected;
  try {
    detected = host.attachments.check(input);
  } catch (error) {
    return rejected(error);
  }
  kind = detected.kind;
  if (provider === null) {
    return rejected(new CoreError('MODEL_TEMPLATE_NOT_FOUND', 'the servant has no model template'));
  }
  if (!carries(provider, detected.kind)) {
    return rejected(
      new CoreError(
        'ATTACHMENT_NOT_CARRIED',
        `the servant's connection (${provider}) cannot carry ${KIND_WORDS[detected.kind]}`,
      ),
    );
  }
  let ref: AttachmentRef;
  try {
    ref = await host.attachments.store(input, detected);
  } catch (error) {
    return rejected(error);
  }
  // The store awaited: the target may have stopped or its inbox filled meanwhile.
  let result: T;
  try {
    target.check();
    result = deliver(ref);
  } catch (error) {
    await host.attachments.remove(ref).catch(() => undefined);
    return rejected(error);
  }
  host.log.note(attachmentKindLine({ kind, provider, outcome: 'ok' }));
  return result;
}

function safeProvider(target: AttachmentSendTarget): Provider | null {
  try {
    return target.provider();
  } catch {
    return null;
  }
}
