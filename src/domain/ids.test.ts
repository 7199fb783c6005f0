import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isSafeIdentifier,
  isUuidV4,
  parseAgentGroupId,
  parseAgentId,
  parseModelTemplateId,
  parseRoleId,
} from './ids.ts';
import { thrownCoreError as thrown } from '../../test/helpers/core-error.ts';

const ACCEPTED = ['a', 'agent_1', 'A-b_9', 'x'.repeat(64), '0', '-', '_'];
const REJECTED: unknown[] = [
  '',
  'x'.repeat(65),
  '.',
  '..',
  '../x',
  'a/b',
  'a\\b',
  'a.b',
  'a b',
  ' a',
  'a\n',
  'é',
  '%2e%2e',
  'a\u0000b',
  null,
  undefined,
  3,
  {},
  ['a'],
];

describe('parseAgentId', () => {
  it.each(ACCEPTED)('accepts %j', (value) => {
    expect(parseAgentId(value)).toBe(value);
    expect(isSafeIdentifier(value)).toBe(true);
  });

  it.each(REJECTED)('rejects %j with UNSAFE_IDENTIFIER', (value) => {
    expect(isSafeIdentifier(value)).toBe(false);
    expect(thrown(() => parseAgentId(value)).code).toBe('UNSAFE_IDENTIFIER');
  });

  it('does not echo a long rejected input in full', () => {
    const input = `${'a'.repeat(100)}/${'b'.repeat(99)}`;
    expect(input).toHaveLength(200);
    const error = thrown(() => parseAgentId(input));
    expect(error.code).toBe('UNSAFE_IDENTIFIER');
    expect(error.message).not.toContain(input);
    expect(error.detail ?? '').not.toContain(input);
    expect(JSON.stringify(error.toPayload())).not.toContain(input);
    expect(JSON.stringify(error.toPayload())).not.toContain('b'.repeat(99));
  });
});

describe('parseModelTemplateId and parseRoleId', () => {
  it('follow the same rule', () => {
    expect(parseModelTemplateId('tpl_1')).toBe('tpl_1');
    expect(parseRoleId('role-1')).toBe('role-1');
    expect(thrown(() => parseModelTemplateId('../t')).code).toBe('UNSAFE_IDENTIFIER');
    expect(thrown(() => parseRoleId('r.1')).code).toBe('UNSAFE_IDENTIFIER');
  });
});

describe('isUuidV4 and parseAgentGroupId', () => {
  it('accepts crypto.randomUUID()', () => {
    for (let i = 0; i < 20; i += 1) {
      const id = randomUUID();
      expect(isUuidV4(id)).toBe(true);
      expect(parseAgentGroupId(id)).toBe(id);
    }
  });

  it('rejects uppercase', () => {
    const id = randomUUID().toUpperCase();
    expect(isUuidV4(id)).toBe(false);
    expect(thrown(() => parseAgentGroupId(id)).code).toBe('UNSAFE_IDENTIFIER');
  });

  it.each([
    'f47ac10b-58cc-1372-a567-0e02b2c3d479', // version 1
    'f47ac10b-58cc-5372-a567-0e02b2c3d479', // version 5
    'f47ac10b-58cc-4372-c567-0e02b2c3d479', // wrong variant
    '00000000-0000-0000-0000-000000000000',
    'f47ac10b58cc4372a5670e02b2c3d479',
    '{f47ac10b-58cc-4372-a567-0e02b2c3d479}',
    ' f47ac10b-58cc-4372-a567-0e02b2c3d479',
    'f47ac10b-58cc-4372-a567-0e02b2c3d479\n',
    '',
    null,
    42,
  ])('rejects %j', (value) => {
    expect(isUuidV4(value)).toBe(false);
    expect(thrown(() => parseAgentGroupId(value)).code).toBe('UNSAFE_IDENTIFIER');
  });

  it('accepts a fixed lowercase v4', () => {
    expect(isUuidV4('f47ac10b-58cc-4372-a567-0e02b2c3d479')).toBe(true);
    expect(isUuidV4('f47ac10b-58cc-4372-b567-0e02b2c3d479')).toBe(true);
  });
});
