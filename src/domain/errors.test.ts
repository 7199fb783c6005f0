import { describe, expect, it } from 'vitest';
import {
  CoreError,
  EXTRA_ERROR_CODES,
  LEDGER_ERROR_CODES,
  MAX_ERROR_DETAIL_CHARS,
  MAX_ERROR_MESSAGE_CHARS,
  httpStatusFor,
  isCoreError,
  isRetryableCode,
  type ErrorCode,
} from './errors.ts';

const EXPECTED_LEDGER_CODES = [
  'AGENT_NOT_FOUND',
  'DUPLICATE_AGENT',
  'DUPLICATE_AGENT_NAME',
  'MODEL_TEMPLATE_NOT_FOUND',
  'SCHEDULE_NOT_FOUND',
  'INVALID_SCHEDULE',
  'SCHEDULE_STORE_BLOCKED',
  'SESSION_NOT_FOUND',
  'SESSION_STORE_FAILED',
  'SESSION_SWITCH_BLOCKED',
  'INVALID_TOKEN_BUDGET',
  'INVALID_TOPOLOGY',
  'ALREADY_RUNNING',
  'NOT_RUNNING',
  'MAILBOX_FULL',
  'CONFIG_IO',
  'UNSAFE_IDENTIFIER',
  'INVALID_ICON',
  'SECRET_STORE_FAILED',
  'CREDENTIAL_MISSING',
  'COMPUTE_FAILED',
  'SERDE_FAILED',
  'LLM_CONFIG',
  'LLM_HTTP',
  'LLM_API',
  'LLM_EMPTY_RESPONSE',
  'LLM_OUTPUT_TRUNCATED',
  'LLM_BLOCKED',
  'LLM_NO_STRUCTURED_OUTPUT',
  'LLM_PARSE',
  'IPC_FAILED',
];

const ALL_CODES: readonly ErrorCode[] = [...LEDGER_ERROR_CODES, ...EXTRA_ERROR_CODES];

describe('error codes', () => {
  it('LEDGER_ERROR_CODES holds exactly the 31 ledger codes in order', () => {
    expect(EXPECTED_LEDGER_CODES).toHaveLength(31);
    expect([...LEDGER_ERROR_CODES]).toEqual(EXPECTED_LEDGER_CODES);
  });

  it('no code is in both the ledger and the extra list, and neither list repeats a code', () => {
    const ledger = new Set<string>(LEDGER_ERROR_CODES);
    expect(EXTRA_ERROR_CODES.filter((code) => ledger.has(code))).toEqual([]);
    expect(new Set(LEDGER_ERROR_CODES).size).toBe(LEDGER_ERROR_CODES.length);
    expect(new Set(EXTRA_ERROR_CODES).size).toBe(EXTRA_ERROR_CODES.length);
  });

  it('every code is UPPER_SNAKE_CASE', () => {
    for (const code of ALL_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });
});

describe('httpStatusFor', () => {
  it('maps the known codes', () => {
    expect(httpStatusFor('AGENT_NOT_FOUND')).toBe(404);
    expect(httpStatusFor('SESSION_SWITCH_BLOCKED')).toBe(409);
    expect(httpStatusFor('UNSAFE_IDENTIFIER')).toBe(400);
    expect(httpStatusFor('MAILBOX_FULL')).toBe(429);
    expect(httpStatusFor('UNAUTHORIZED')).toBe(401);
    expect(httpStatusFor('FORBIDDEN')).toBe(403);
    expect(httpStatusFor('INTERNAL')).toBe(500);
    expect(httpStatusFor('BLACKBOARD_DELETE_FAILED')).toBe(409);
  });

  it.each(ALL_CODES)('maps %s to an error status (400..599)', (code) => {
    const status = httpStatusFor(code);
    expect(Number.isInteger(status)).toBe(true);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThanOrEqual(599);
  });
});

describe('CoreError', () => {
  it('is an Error named CoreError carrying its code and message', () => {
    const error = new CoreError('AGENT_NOT_FOUND', 'no such agent');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('CoreError');
    expect(error.code).toBe('AGENT_NOT_FOUND');
    expect(error.message).toBe('no such agent');
    expect(isCoreError(error)).toBe(true);
    expect(isCoreError(new Error('x'))).toBe(false);
    expect(isCoreError({ code: 'AGENT_NOT_FOUND' })).toBe(false);
  });

  it('toPayload has exactly code, message, detail, agentId and retryable', () => {
    const payload = new CoreError('AGENT_NOT_FOUND', 'no such agent', {
      detail: 'looked everywhere',
      agentId: 'a1',
      cause: new Error('inner'),
    }).toPayload();
    expect(Object.keys(payload).sort()).toEqual(['agentId', 'code', 'detail', 'message', 'retryable']);
    expect(payload).toEqual({
      code: 'AGENT_NOT_FOUND',
      message: 'no such agent',
      detail: 'looked everywhere',
      agentId: 'a1',
      retryable: false,
    });
  });

  it('defaults detail and agentId to null', () => {
    const payload = new CoreError('INTERNAL', 'boom').toPayload();
    expect(Object.keys(payload).sort()).toEqual(['agentId', 'code', 'detail', 'message', 'retryable']);
    expect(payload.detail).toBeNull();
    expect(payload.agentId).toBeNull();
  });

  it('defaults retryable from isRetryableCode', () => {
    expect(isRetryableCode('MAILBOX_FULL')).toBe(true);
    expect(isRetryableCode('AGENT_NOT_FOUND')).toBe(false);
    expect(new CoreError('MAILBOX_FULL', 'full').retryable).toBe(true);
    expect(new CoreError('AGENT_NOT_FOUND', 'gone').retryable).toBe(false);
    for (const code of ALL_CODES) expect(new CoreError(code, 'm').retryable).toBe(isRetryableCode(code));
  });

  it('lets the caller override retryable', () => {
    expect(new CoreError('MAILBOX_FULL', 'full', { retryable: false }).retryable).toBe(false);
    expect(new CoreError('AGENT_NOT_FOUND', 'gone', { retryable: true }).toPayload().retryable).toBe(true);
  });

  it('keeps the cause when given and none otherwise', () => {
    const inner = new Error('inner');
    expect(new CoreError('INTERNAL', 'x', { cause: inner }).cause).toBe(inner);
    expect(new CoreError('INTERNAL', 'x').cause).toBeUndefined();
  });

  it('bounds message and detail in the payload, however long the text it was built from', () => {
    const payload = new CoreError('INVALID_ARGUMENT', `bad: ${'x'.repeat(50_000)}`, {
      detail: 'd'.repeat(50_000),
    }).toPayload();
    expect([...payload.message].length).toBe(MAX_ERROR_MESSAGE_CHARS);
    expect(payload.message.endsWith('…')).toBe(true);
    expect([...(payload.detail ?? '')].length).toBe(MAX_ERROR_DETAIL_CHARS);
    expect(new CoreError('INTERNAL', 'short', { detail: 'also' }).toPayload()).toMatchObject({
      message: 'short',
      detail: 'also',
    });
  });
});
