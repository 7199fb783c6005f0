/**
 * The approval key of a command (ledger part 3 §5 Approval, Spec 28 D10):
 * SHA-256 of canonical JSON `{args, command, cwd, villageId}` — keys in lexicographic order, UTF-8, no
 * whitespace, args in their order, cwd as written (null stays null and differs from ""). `expect` is
 * not in the key: approval is about what runs, not about what passes.
 */
import { createHash } from 'node:crypto';
import type { ScheduleProbe } from '../../domain/schedule.ts';

/** The command part of a probe or acceptance: what approval covers. */
export type ProbeCommand = Pick<ScheduleProbe, 'command' | 'args' | 'cwd'>;

export const APPROVAL_HASH_PATTERN = /^[0-9a-f]{64}$/;

export function canonicalApprovalJson(command: ProbeCommand, villageId: string): string {
  // Written out key by key so the order is visible and never depends on the input object's order.
  return `{"args":${JSON.stringify([...command.args])},"command":${JSON.stringify(command.command)},"cwd":${JSON.stringify(command.cwd)},"villageId":${JSON.stringify(villageId)}}`;
}

export function approvalKey(command: ProbeCommand, villageId: string): string {
  return createHash('sha256').update(canonicalApprovalJson(command, villageId), 'utf8').digest('hex');
}
