/**
 * Bond map hover benchmark (issue 25, highlight of a servant's bonds): prints figures, asserts nothing.
 * `npx tsx bench/bond-map-hover.ts`
 *
 * Debian's Chromium against `fuseforks serve`, a village of 200 servants and 400 bonds on a grid.
 * The pointer moves from one node to another (each has bonds); per move:
 * - ours: from the first listener of the mouseover event to the end of the UI's update (Vue Flow's
 *   handler, Vue's flush), style and layout forced so they count;
 * - raw: in the same page, the same restyle done by hand: the 400 edge paths' stroke and width set
 *   straight on the DOM for the other servant, style and layout forced the same way (the floor any
 *   implementation pays for restyling 400 edges);
 * and the ratio of the medians.
 */
import { closeBrowser, openUi, startUiVillage } from '../test/e2e/ui-village.ts';
import { ensureUiBuilt } from '../src/server/web-ui.ts';

const SERVANTS = 200;
const MOVES = 60;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

/**
 * Records, per move onto another node, the time from the first listener (window, capture, on
 * mouseover) to the end of the UI's update: a mouseenter listener added to each node after the app's
 * own runs after Vue Flow's handler and Vue's flush (a microtask, run as that handler returns), and
 * forces style and layout so they count. Synchronous, like raw: no wait for a frame or a busy queue.
 */
const WATCH = `(() => {
  const bench = { hover: [], start: null, node: null };
  window.addEventListener('mouseover', (event) => {
    const node = event.target.closest && event.target.closest('.vue-flow__node');
    if (!node || node === bench.node) return;
    bench.node = node;
    bench.start = performance.now();
  }, true);
  for (const node of document.querySelectorAll('.vue-flow__node'))
    node.addEventListener('mouseenter', () => {
      if (bench.start === null) return;
      void document.body.offsetHeight;
      bench.hover.push(performance.now() - bench.start);
      bench.start = null;
    });
  window.__bench = bench;
})()`;

/**
 * The same restyle by hand: every edge path's stroke set for servant \`id\` (own bonds thick and in
 * the accent colour, the rest thin), style and layout forced; then put back, outside the timing.
 */
const rawRestyle = (id: string) => `(() => {
  const paths = [...document.querySelectorAll('.vue-flow__edge')].map((g) => [g, g.querySelector('.vue-flow__edge-path')]);
  const start = performance.now();
  for (const [g, path] of paths) {
    const own = g.getAttribute('data-source') === ${JSON.stringify(id)} || g.getAttribute('data-target') === ${JSON.stringify(id)};
    path.style.stroke = own ? 'var(--accent)' : 'color-mix(in srgb, var(--fg-muted) 78%, var(--bg))';
    path.style.strokeWidth = own ? '3' : '1.5';
  }
  void document.body.offsetHeight;
  const took = performance.now() - start;
  for (const [, path] of paths) path.style.removeProperty('stroke'), path.style.removeProperty('stroke-width');
  void document.body.offsetHeight;
  return took;
})()`;

async function main() {
  await ensureUiBuilt(() => {});
  const village = await startUiVillage('en');
  try {
    const { id } = await village.api<{ id: string }>('upsert_template', {
      template: {
        name: 'Fake',
        baseUrl: 'echo:',
        model: 'fake-1',
        provider: 'open_ai_compat',
        credential: 'not_required',
      },
    });
    for (let i = 1; i <= SERVANTS; i++)
      await village.api('create_agent', { spec: { name: `Servant ${i}`, modelTemplateId: id } });
    const agent = (i: number) => `agent_${((i - 1 + SERVANTS) % SERVANTS) + 1}`;
    for (let i = 1; i <= SERVANTS; i++)
      await village.api('set_connections', {
        agentId: agent(i),
        connectedAgents: [agent(i + 1), agent(i + 7)],
      });
    // A compact grid, so that many nodes are on screen at once.
    const positions: Record<string, { x: number; y: number }> = {};
    for (let i = 1; i <= SERVANTS; i++)
      positions[agent(i)] = { x: ((i - 1) % 20) * 170, y: Math.floor((i - 1) / 20) * 90 };
    await village.api('set_topology_positions', { positions });

    const { page, context } = await openUi(village, {
      viewport: { width: 1920, height: 1080 },
      locale: 'en-US',
    });
    await page
      .locator('.vue-flow__node')
      .nth(SERVANTS - 1)
      .waitFor({ state: 'attached' });
    await page.waitForFunction(() => true);
    await page.getByTestId('map-fit').click();
    await page.evaluate(WATCH);
    const edges = await page.locator('.vue-flow__edge').count();

    // Two nodes well inside the map's box (the pointer has to land on them).
    const map = (await page.locator('.vue-flow').boundingBox())!;
    const targets: { x: number; y: number; id: string }[] = [];
    for (let i = 1; i <= SERVANTS && targets.length < 2; i += 23) {
      const box = await page.locator(`.vue-flow__node[data-id="${agent(i)}"]`).boundingBox();
      if (!box) continue;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      if (x > map.x + 20 && x < map.x + map.width - 20 && y > map.y + 20 && y < map.y + map.height - 20)
        targets.push({ x, y, id: agent(i) });
    }
    if (targets.length < 2) throw new Error('no two nodes on screen to hover');

    const raw: number[] = [];
    for (let n = 0; n < MOVES; n++) {
      const to = targets[n % 2]!;
      await page.mouse.move(to.x, to.y);
      await page.waitForFunction(
        (count) => (globalThis as unknown as { __bench: { hover: number[] } }).__bench.hover.length >= count,
        n + 1,
      );
      raw.push(await page.evaluate<number>(rawRestyle(targets[(n + 1) % 2]!.id)));
    }
    const ours = await page.evaluate<number[]>('window.__bench.hover');
    await context.close();

    const ratio = quantile(ours, 0.5) / quantile(raw, 0.5);
    console.log(
      `bond map hover, ${SERVANTS} servants, ${edges} bonds drawn, ${MOVES} moves between two nodes`,
    );
    console.log(
      `  ours (listener → update, style, layout): median ${ms(quantile(ours, 0.5))}, p95 ${ms(quantile(ours, 0.95))}, max ${ms(Math.max(...ours))}`,
    );
    console.log(
      `  raw  (400 edge strokes set by hand):  median ${ms(quantile(raw, 0.5))}, p95 ${ms(quantile(raw, 0.95))}, max ${ms(Math.max(...raw))}`,
    );
    console.log(
      `  ratio (medians, ours / raw): ${ratio.toFixed(1)}x; goal: one hover well inside a 16.7 ms frame`,
    );
  } finally {
    await closeBrowser();
    await village.stop();
  }
}

await main();
