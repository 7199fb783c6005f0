import type { AttachmentKind } from '../../domain/attachment.ts';
import { fieldValue } from './fields.ts';

export interface AttachmentKindFields {
  /** `unknown` when the magic bytes match no kind we take. */
  kind: AttachmentKind | 'unknown';
  /** The target's effective wire; `-` when the target or its template could not be resolved. */
  provider: string | null;
  outcome: 'ok' | 'rejected';
}

/**
 * `attachment kind: kind=… provider=… outcome=ok|rejected` (ledger part 2 §5.3, Spec 36): exactly one
 * line per send that carried an attachment. The rejected line is the positive control of a refusal
 * (the instrument ran) beside the negative evidence that no `turn start:` follows it.
 */
export function attachmentKindLine({ kind, provider, outcome }: AttachmentKindFields): string {
  return ['attachment kind:', `kind=${kind}`, `provider=${fieldValue(provider)}`, `outcome=${outcome}`].join(
    ' ',
  );
}
