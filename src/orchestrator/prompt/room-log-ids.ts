/**
 * The IDs a room-log excerpt shows (ledger part 4 `room_log_pull`): a prefix of AgentMessage.id, 8
 * characters, growing to 12, 16 and then the full id only for lines whose prefix collides with another
 * message of the visible set (git short-hash style). A shown ID is therefore unique at composition
 * time, among exactly the messages `room_log` can resolve. Comparison ignores case.
 */
import type { AgentMessage } from '../../domain/message.ts';

export const ID_PREFIX_LENGTHS = [8, 12, 16] as const;

/** The shortest unambiguous prefix of `message.id` among `visible` (which may include `message`). */
export function displayId(message: AgentMessage, visible: readonly AgentMessage[]): string {
  const others = visible.filter((m) => m !== message).map((m) => m.id.toLowerCase());
  for (const length of ID_PREFIX_LENGTHS) {
    if (length >= message.id.length) break;
    const prefix = message.id.slice(0, length).toLowerCase();
    if (!others.some((id) => id.startsWith(prefix))) return message.id.slice(0, length);
  }
  return message.id;
}
