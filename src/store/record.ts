import type { AgentId } from '../domain/ids.ts';
import type { AgentMessage } from '../domain/message.ts';
import type {
  ApprovalRequest,
  ExchangeRecord,
  RecordKind,
  SummaryRecord,
  ToolCallRecord,
  TurnRecord,
} from '../domain/session.ts';
import { RECORD_KINDS } from '../domain/session.ts';
import { invalidArgument, storeProblem } from './store-error.ts';

/**
 * One record of a session; the kinds are closed (ledger part 1 §2.3).
 *
 * Stored shape: the `kind` column holds the kind, the `body` column holds the payload as JSON —
 * `message`: the whole AgentMessage; `exchange`: `{agentId, sent, replied}`; `summary`:
 * `{agentId, text, coversUpToSeq}`; `turn`: the TurnRecord; `tool`: the ToolCallRecord (issue 22, past
 * the ledger: see RECORD_KINDS). An export line is `{seq, ...record}`.
 */
export type SessionRecord = MessageEntry | ExchangeEntry | SummaryEntry | TurnEntry | ToolEntry;

export interface MessageEntry {
  kind: 'message';
  message: AgentMessage;
}
export interface ExchangeEntry extends ExchangeRecord {
  kind: 'exchange';
}
export interface SummaryEntry extends SummaryRecord {
  kind: 'summary';
}
export interface TurnEntry {
  kind: 'turn';
  turn: TurnRecord;
}

export interface ToolEntry {
  kind: 'tool';
  tool: ToolCallRecord;
}

/** A record as read back, with its place in the session (0-based, per session). */
export type StoredRecord = SessionRecord & { seq: number };

/** The columns one record occupies. */
export interface EncodedRecord {
  kind: RecordKind;
  body: string;
}

export function isRecordKind(value: unknown): value is RecordKind {
  return typeof value === 'string' && (RECORD_KINDS as readonly string[]).includes(value);
}

/** The payload written to `body`: only the fields the kind defines, in a fixed order. */
export function encodeRecord(record: SessionRecord): EncodedRecord {
  switch (record.kind) {
    case 'message':
      return { kind: 'message', body: JSON.stringify(record.message) };
    case 'exchange': {
      const { agentId, sent, replied } = record;
      return { kind: 'exchange', body: JSON.stringify({ agentId, sent, replied }) };
    }
    case 'summary': {
      const { agentId, text, coversUpToSeq } = record;
      return { kind: 'summary', body: JSON.stringify({ agentId, text, coversUpToSeq }) };
    }
    case 'turn':
      return { kind: 'turn', body: JSON.stringify(record.turn) };
    case 'tool':
      return { kind: 'tool', body: JSON.stringify(record.tool) };
    default:
      throw invalidArgument(
        `unknown record kind ${JSON.stringify(String((record as { kind: unknown }).kind))}`,
      );
  }
}

type Fields = Record<string, unknown>;

/** Reading a kind this version does not know: an error, never a silent skip (stats would under-report). */
export function unknownKind(seq: number, kind: string): Error {
  return storeProblem('read', `unknown record kind ${JSON.stringify(kind.slice(0, 40))} at seq ${seq}`);
}

/** A stored row back to a record. An unknown kind or a malformed body is an error, never skipped. */
export function decodeRecord(seq: number, kind: string, body: string): StoredRecord {
  if (!isRecordKind(kind)) throw unknownKind(seq, kind);
  const fields = parseBody(seq, body);
  const bad = (why: string) => storeProblem('read', `malformed ${kind} record at seq ${seq}: ${why}`);
  switch (kind) {
    case 'message':
      return { seq, kind, message: decodeMessage(fields, bad) };
    case 'exchange':
      return {
        seq,
        kind,
        agentId: str(fields, 'agentId', bad) as AgentId,
        sent: str(fields, 'sent', bad),
        replied: str(fields, 'replied', bad),
      };
    case 'summary':
      return {
        seq,
        kind,
        agentId: str(fields, 'agentId', bad) as AgentId,
        text: str(fields, 'text', bad),
        coversUpToSeq: num(fields, 'coversUpToSeq', bad),
      };
    case 'turn':
      return { seq, kind, turn: decodeTurn(fields, bad) };
    case 'tool':
      return { seq, kind, tool: decodeTool(fields, bad) };
  }
}

function parseBody(seq: number, body: string): Fields {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw storeProblem('read', `record at seq ${seq} is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw storeProblem('read', `record at seq ${seq} is not a JSON object`);
  }
  return parsed as Fields;
}

/** Kept whole (fields added by later versions survive a read); only what the store relies on is checked. */
function decodeMessage(fields: Fields, bad: (why: string) => Error): AgentMessage {
  str(fields, 'id', bad);
  str(fields, 'content', bad);
  num(fields, 'tsMs', bad);
  for (const end of ['from', 'to']) {
    const value = fields[end] as Fields | null | undefined;
    if (typeof value !== 'object' || value === null || typeof value.kind !== 'string') throw bad(end);
  }
  return fields as unknown as AgentMessage;
}

/** `cacheWrite` / `cacheWrite1h` read as 0 when absent: records written before they existed. */
function decodeTurn(fields: Fields, bad: (why: string) => Error): TurnRecord {
  const stop = fields.stop as Fields | null | undefined;
  if (typeof stop !== 'object' || stop === null || typeof stop.kind !== 'string') throw bad('stop');
  return {
    agentId: str(fields, 'agentId', bad) as AgentId,
    tsMs: num(fields, 'tsMs', bad),
    hop: num(fields, 'hop', bad),
    rounds: num(fields, 'rounds', bad),
    waves: num(fields, 'waves', bad),
    stop: stop as unknown as TurnRecord['stop'],
    prompt: num(fields, 'prompt', bad),
    cached: num(fields, 'cached', bad),
    completion: num(fields, 'completion', bad),
    reasoning: num(fields, 'reasoning', bad),
    cacheWrite: fields.cacheWrite === undefined ? 0 : num(fields, 'cacheWrite', bad),
    cacheWrite1h: fields.cacheWrite1h === undefined ? 0 : num(fields, 'cacheWrite1h', bad),
    model: str(fields, 'model', bad),
    backend: str(fields, 'backend', bad),
    elapsedMs: num(fields, 'elapsedMs', bad),
  };
}

const REASON_STATES = ['written', 'omitted', 'unsupported', 'excluded'] as const;

function decodeTool(fields: Fields, bad: (why: string) => Error): ToolCallRecord {
  const reason = fields.reason;
  if (reason !== null && typeof reason !== 'string') throw bad('reason');
  const reasonState = fields.reasonState as ToolCallRecord['reasonState'];
  if (!REASON_STATES.includes(reasonState)) throw bad('reasonState');
  if (typeof fields.isError !== 'boolean') throw bad('isError');
  return {
    agentId: str(fields, 'agentId', bad) as AgentId,
    callId: str(fields, 'callId', bad),
    name: str(fields, 'name', bad),
    reason,
    reasonState,
    argsPreview: str(fields, 'argsPreview', bad),
    argsChars: num(fields, 'argsChars', bad),
    resultPreview: str(fields, 'resultPreview', bad),
    resultChars: num(fields, 'resultChars', bad),
    isError: fields.isError,
    tsMs: num(fields, 'tsMs', bad),
    hop: num(fields, 'hop', bad),
    ...(fields.target === undefined ? {} : { target: str(fields, 'target', bad) as AgentId }),
    ...(fields.approval === undefined ? {} : { approval: decodeApproval(fields.approval, bad) }),
  };
}

function decodeApproval(value: unknown, bad: (why: string) => Error): ApprovalRequest {
  if (typeof value !== 'object' || value === null) throw bad('approval');
  const { command, args } = value as Record<string, unknown>;
  if (typeof command !== 'string') throw bad('approval.command');
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) throw bad('approval.args');
  return { command, args: [...(args as string[])] };
}

function str(fields: Fields, key: string, bad: (why: string) => Error): string {
  const value = fields[key];
  if (typeof value !== 'string') throw bad(key);
  return value;
}

function num(fields: Fields, key: string, bad: (why: string) => Error): number {
  const value = fields[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(key);
  return value;
}
