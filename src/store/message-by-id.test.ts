import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import type { SessionStore } from './session-store.ts';
import { exchange, message, tempStore } from './test-kit.ts';

let store: SessionStore;
let cleanup: () => void;

beforeEach(() => {
  ({ store, cleanup } = tempStore());
});
afterEach(() => cleanup());

describe('messageById (resend_from finds the request and its seq)', () => {
  it('answers the message and its seq, past other record kinds; null for an id the session lacks', () => {
    const id = store.createSession();
    const first = message('first', { id: '11111111-1111-4111-8111-111111111111' });
    const second = message('second', { id: '22222222-2222-4222-8222-222222222222' });
    store.append(id, { kind: 'message', message: first }); // 0
    store.append(id, exchange('alice', 'first', 'answer')); // 1
    store.append(id, { kind: 'message', message: second }); // 2
    expect(store.messageById(id, first.id)).toEqual({ seq: 0, message: first });
    expect(store.messageById(id, second.id)).toEqual({ seq: 2, message: second });
    expect(store.messageById(id, 'missing')).toBeNull();
    const other = store.createSession();
    expect(store.messageById(other, first.id)).toBeNull();
  });

  it('refuses an unknown session with SESSION_NOT_FOUND', () => {
    expect(thrownCoreError(() => store.messageById('nope', 'x')).code).toBe('SESSION_NOT_FOUND');
  });
});
