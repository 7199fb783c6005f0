/**
 * stop_agent reaches a running `run` through the turn's abort signal: the command and a daemon it
 * double-forked away from its process group are both gone once stop_agent has answered.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  dies,
  DOUBLE_FORK_DAEMON,
  killStraysAfterEach,
  shCall,
  WAIT_UNTIL_SEEN,
  waitForPid,
} from '../src/tools/run/descendant-fixture.ts';
import { FakeProvider, openAiToolCall, textReply } from './fakes/fake-provider.ts';
import { startFakeServant, startTestVillage, type TestVillage } from './helpers/village-server.ts';

let fake: FakeProvider;
let v: TestVillage;

killStraysAfterEach();
beforeEach(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
});
afterEach(async () => {
  await v.close();
  await fake.stop();
});

it.runIf(process.platform === 'linux')(
  'stop_agent kills a running command and its double-forked daemon',
  async () => {
    const work = join(v.root, 'work');
    mkdirSync(work);
    const pidFile = join(v.root, 'daemon.pid');
    await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev', workDir: work, enabledTools: ['run'] });
    await v.ok('write_config_file', {
      agentId: 'dev',
      kind: 'run',
      content: JSON.stringify({ allow: ['sh *'], deny: [], timeoutSecs: 600 }),
    });
    fake.enqueue(
      {
        body: openAiToolCall(
          'run',
          shCall(
            `echo $$ > "$1.o" && mv "$1.o" "$1.outer"; ${DOUBLE_FORK_DAEMON}; ${WAIT_UNTIL_SEEN}; sleep 300`,
            pidFile,
          ),
        ),
      },
      { body: textReply('openai', 'never reached') },
    );
    await v.ok('send_user_message', { to: 'dev', content: 'start the daemon' });
    const daemon = await waitForPid(pidFile);
    const outer = await waitForPid(`${pidFile}.outer`);
    await v.ok('stop_agent', { agentId: 'dev' });
    expect(await dies(outer)).toBe(true);
    expect(await dies(daemon)).toBe(true);
    expect(fake.requests).toHaveLength(1);
  },
  40_000,
);
