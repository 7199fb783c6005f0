import { describe, expect, it } from 'vitest';
import { approvalKey, canonicalApprovalJson } from './approval-key.ts';
import { FIXTURE_VILLAGE_ID } from './schedule-fixture.ts';

const VILLAGE = FIXTURE_VILLAGE_ID;
const probe = { command: 'python', args: ['a', 'b c'], cwd: null };

describe('approvalKey', () => {
  it('hashes canonical JSON with sorted keys and no whitespace', () => {
    expect(canonicalApprovalJson(probe, VILLAGE)).toBe(
      `{"args":["a","b c"],"command":"python","cwd":null,"villageId":"${VILLAGE}"}`,
    );
    // Computed outside the code (sha256sum of the text above).
    expect(approvalKey(probe, VILLAGE)).toBe(
      '38e6914c85450942d6bbc4798389d49f8d1a69197d5532236382228c2f36f2d8',
    );
  });

  it('does not depend on the order of the input object keys', () => {
    const reordered = { cwd: null, args: ['a', 'b c'], command: 'python' };
    expect(approvalKey(reordered, VILLAGE)).toBe(approvalKey(probe, VILLAGE));
  });

  it('leaves expect and timeout out of the key', () => {
    const a = { ...probe, expect: 'GoMolt', timeoutSecs: 60 };
    const b = { ...probe, expect: 'GoMoooo', timeoutSecs: 5 };
    expect(approvalKey(a, VILLAGE)).toBe(approvalKey(b, VILLAGE));
  });

  it('tells apart args order, cwd null from "", and villages', () => {
    const base = approvalKey(probe, VILLAGE);
    expect(approvalKey({ ...probe, args: ['b c', 'a'] }, VILLAGE)).not.toBe(base);
    expect(approvalKey({ ...probe, cwd: '' }, VILLAGE)).not.toBe(base);
    expect(approvalKey(probe, '1f8fad5b-d9cb-469f-a165-70867728950e')).not.toBe(base);
  });

  it('writes non-ASCII text as UTF-8, not as escapes', () => {
    expect(canonicalApprovalJson({ command: 'ツール', args: [], cwd: '/tmp/村' }, VILLAGE)).toContain(
      '"command":"ツール","cwd":"/tmp/村"',
    );
  });
});
