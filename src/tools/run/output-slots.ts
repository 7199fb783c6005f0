/**
 * stdout and stderr in fixed slots (ledger part 5 §5): stdout 8,000 and stderr 4,000 characters,
 * MAX_OUTPUT_CHARS in all. Unused space is never lent to the other stream: if it were, the length of
 * stderr would move where stdout is cut, and RepeatGuard's exact match of two results would break.
 */
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import type { StreamCapture } from './process-tree.ts';

export const STDOUT_SLOT_CHARS = 8_000;
export const STDERR_SLOT_CHARS = MAX_OUTPUT_CHARS - STDOUT_SLOT_CHARS;

/** Bytes to keep so that a cut stream still fills its slot (a character is at most 4 UTF-8 bytes). */
export function keepBytesFor(slotChars: number): number {
  return slotChars * 4 + 4;
}

export interface SlotText {
  /** The first `slotChars` characters (code points) at most. */
  text: string;
  truncated: boolean;
  totalBytes: number;
}

export function fillSlot(capture: StreamCapture, slotChars: number): SlotText {
  const chars = [...new TextDecoder('utf-8').decode(capture.head)];
  const cutByBytes = capture.totalBytes > capture.head.length;
  const truncated = cutByBytes || chars.length > slotChars;
  return {
    text: chars.slice(0, slotChars).join(''),
    truncated,
    totalBytes: capture.totalBytes,
  };
}
