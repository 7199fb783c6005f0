/** `run` names the request it queued for approval, so the call's stored record can carry it. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../domain/session.ts';
import { writeConfigFile } from '../../world/config-files.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { runTool } from './run-tool.ts';

describe('run tells its caller when it queued the call', () => {
  let box: ToolSandbox;
  beforeEach(() => {
    box = toolSandbox();
  });
  afterEach(() => box.cleanup());

  async function requestsOf(args: Record<string, unknown>): Promise<ApprovalRequest[]> {
    const seen: ApprovalRequest[] = [];
    await runTool().execute(args, box.ctx({ awaitingApproval: (r: ApprovalRequest) => seen.push(r) }));
    return seen;
  }

  it('names the request when queued, nothing when denied or refused as invalid', async () => {
    expect(await requestsOf({ command: 'git', args: ['log'], reason: 'see commits' })).toEqual([
      { command: 'git', args: ['log'] },
    ]);
    await writeConfigFile(box.ctx().paths, 'alice', 'run', JSON.stringify({ allow: [], deny: ['rm *'] }));
    expect(await requestsOf({ command: 'rm', args: ['-rf', 'x'] })).toEqual([]);
    expect(await requestsOf({ command: 'a/b' })).toEqual([]);
  });
});
