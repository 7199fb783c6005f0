/** Test-only builders for AgentMessage (no randomness: ids are given). */
import type { AgentId } from '../../domain/ids.ts';
import type { AgentMessage, Endpoint } from '../../domain/message.ts';

export const user: Endpoint = { kind: 'user' };
export const system: Endpoint = { kind: 'system' };
export const agent = (id: string): Endpoint => ({ kind: 'agent', id: id as AgentId });

let counter = 0;
/** A uuid-shaped id; `head` (hex) fixes its beginning so tests can force prefix collisions. */
export function uuidLike(head = ''): string {
  counter++;
  const tail = counter.toString(16).padStart(32, '0');
  const hex = (head + tail.slice(head.length)).slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function msg(
  from: Endpoint,
  to: Endpoint,
  content: string,
  over: Partial<AgentMessage> = {},
): AgentMessage {
  return { id: uuidLike(), from, to, content, tokens: 0, tsMs: 0, hop: 0, ...over };
}
