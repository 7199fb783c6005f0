/**
 * Tool names that fold alike, through real servers: who gets the plain name is decided by the order
 * of the servers in mcp.json (and a server's own tool order), never by which one connected first, so
 * a name the model used reaches the same tool after a late handshake, a reconnect or a restart.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { useManagerKit } from './manager-kit.ts';
import { gatedStdio, listed, scriptedStdio, until } from './servers.ts';

const kit = useManagerKit();

const FIRST = scriptedStdio([listed('get.page'), listed('get_page')]);
const SECOND = scriptedStdio([listed('get.page'), listed('search')]);

/** Every offered name and what it calls, e.g. `docs_v2__get_page → docs.v2/get.page`. */
function mapping(): string[] {
  const shared = kit.manager.status().shared!;
  return shared.servers.flatMap((server) =>
    server.toolNames.map((entry) => `${entry.name} → ${server.name}/${entry.tool}`),
  );
}

/** Writes the file with one server behind a gate, opens it, and lets the gate open once the other is up. */
async function openWithLate(late: 'docs.v2' | 'docs_v2'): Promise<string[]> {
  const gate = join(kit.root, `go-${late}-${Math.random()}`);
  const entry = (name: string, inner: Record<string, unknown>) =>
    name === late ? gatedStdio(gate, inner) : inner;
  kit.writeShared({ 'docs.v2': entry('docs.v2', FIRST), docs_v2: entry('docs_v2', SECOND) });
  await kit.manager.openShared();
  const early = late === 'docs.v2' ? 'docs_v2' : 'docs.v2';
  await until(() => kit.server(early).state === 'connected', `${early} to connect`);
  expect(kit.server(late).state).toBe('connecting');
  const alone = mapping();
  writeFileSync(gate, '');
  await until(() => kit.server(late).state === 'connected', `${late} to connect`);
  const both = mapping();
  // The early server's names did not change when the late one joined.
  for (const line of alone) expect(both).toContain(line);
  return both;
}

it('gives the plain name to the server first in the file, whichever connects first', async () => {
  // The first server in the file is slow: it connects second.
  const slowFirst = await openWithLate('docs.v2');
  // A reconnect in which the first server in the file connects first.
  const fastFirst = await openWithLate('docs_v2');
  expect(fastFirst).toEqual(slowFirst);
  expect(slowFirst[0]).toBe('docs_v2__get_page → docs.v2/get.page');
  expect(slowFirst[1]).toMatch(/^docs_v2__get_page_[0-9a-f]{6} → docs\.v2\/get_page$/);
  // The later server's names never take a plain name the first one may claim when it connects.
  expect(slowFirst[2]).toMatch(/^docs_v2__get_page_[0-9a-f]{6} → docs_v2\/get\.page$/);
  expect(slowFirst[3]).toMatch(/^docs_v2__search_[0-9a-f]{6} → docs_v2\/search$/);
  expect(new Set(slowFirst.map((line) => line.split(' → ')[0])).size).toBe(4);

  // A restart (a new manager) gives the same names.
  await kit.remake();
  kit.writeShared({ 'docs.v2': FIRST, docs_v2: SECOND });
  await kit.openShared();
  expect(mapping()).toEqual(slowFirst);
  const plain = kit.tool('docs_v2__get_page');
  expect(await plain.execute({}, kit.ctx())).toBe('called get.page');
  expect(kit.server('docs.v2').toolNames[0]).toMatchObject({
    name: 'docs_v2__get_page',
    tool: 'get.page',
  });
});
