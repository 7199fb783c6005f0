/**
 * axe-core on the rendered page: what a screen reader or keyboard user would trip over (missing
 * labels, roles, contrast). The page's CSP allows no inline script, so axe's source is evaluated
 * through the DevTools protocol, which the CSP does not govern; the page itself stays as it is served.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

/** Loads axe into the page once (a reload drops it; calling again loads it again). */
async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate<boolean>('typeof window.axe === "object"');
  if (present) return;
  const cdp = await page.context().newCDPSession(page);
  try {
    const result = await cdp.send('Runtime.evaluate', { expression: AXE_SOURCE });
    if (result.exceptionDetails) throw new Error(`axe-core did not load: ${result.exceptionDetails.text}`);
  } finally {
    await cdp.detach();
  }
}

/**
 * Every axe violation on the page (or under `include`, a CSS selector), WCAG 2 A/AA and best-practice
 * rules. The whole document by default: a dialog is checked together with what shows behind it.
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  await injectAxe(page);
  // A string, not a function: the tests are type-checked without the DOM library.
  return page.evaluate<AxeViolation[]>(`(async () => {
    const context = ${include === undefined ? 'document' : JSON.stringify({ include: [include] })};
    const result = await window.axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: n.failureSummary || '' })),
    }));
  })()`);
}

/** The violations a person would be blocked by: impact "serious" or "critical". */
export function blocking(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One line per failing element: rule id, impact, target and axe's summary of what to fix. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${v.help}; ${n.summary.replace(/\s+/g, ' ')}`,
      ),
    )
    .join('\n');
}

/** The serious and critical violations of the page as text, '' when there are none (for `expect`). */
export async function blockingViolations(page: Page, include?: string): Promise<string> {
  return describeViolations(blocking(await axeViolations(page, include)));
}
