/**
 * Where the time goes while flinging a long conversation from the bottom to the top (issue 22's
 * scroll figure): a CPU profile through CDP, self time summed by function, the top entries printed.
 * `npx tsx bench/chat-profile.ts [count]` (a development aid beside bench/chat-ui.ts; asserts nothing).
 */
import { ensureUiBuilt } from '../src/server/web-ui.ts';
import { seedConversation, seededText } from '../test/e2e/chat-seed.ts';
import { closeBrowser, openUi, startUiVillage } from '../test/e2e/ui-village.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const count = Number(process.argv[2] ?? 10_000);
const FLING = `(async () => {
  const el = document.querySelector('[data-testid="chat-flow"]');
  const first = ${JSON.stringify(seededText(0))};
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const started = performance.now();
  while (performance.now() - started < 60000) {
    el.scrollTop = Math.max(0, el.scrollTop - el.clientHeight);
    await frame();
    // The drawn rows are read only at the top: reading them every frame was the harness's own cost.
    if (el.scrollTop !== 0) continue;
    const drawn = [...el.querySelectorAll('[data-testid="chat-content"]')].some((c) => c.textContent.trim() === first);
    if (drawn) return true;
  }
  return false;
})()`;

/** Self time (ms) by function and place, largest first. */
function selfTimes(profile: Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const place = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    totals.set(place, (totals.get(place) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

async function main(): Promise<void> {
  await ensureUiBuilt((line) => console.log(line));
  const village = await startUiVillage({
    language: 'en',
    prepare: (ws) => seedConversation(ws, count, { toolEvery: 2 }),
  });
  try {
    const { id } = await village.api<{ id: string }>('upsert_template', {
      template: { name: 'Echo', baseUrl: 'echo:', model: 'echo', credential: 'not_required' },
    });
    await village.api('create_agent', { spec: { name: 'Ava', modelTemplateId: id } });
    const { page, context } = await openUi(village, { locale: 'en-US' });
    await page.goto(village.url);
    await page.getByTestId('chat-row').first().waitFor();
    await page.waitForTimeout(500);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const reached = await page.evaluate<boolean>(FLING);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    console.log(`${count} messages, top reached: ${reached}; self time by function (ms):`);
    for (const [place, ms] of selfTimes(profile).slice(0, 30))
      console.log(`${ms.toFixed(1).padStart(9)}  ${place}`);
    await context.close();
  } finally {
    await village.stop();
    await closeBrowser();
  }
}

await main();
