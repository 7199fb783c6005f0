import type { Page } from 'playwright-core';
import { raceBudget, type Budget } from './budget.ts';
import { mergeBackendIds, type AxNode } from './ax-mapping.ts';
import { CdpConnection } from './cdp-connection.ts';
import { buildRoleSnapshot, type RoleRef } from './role-refs.ts';
import { playwrightStep } from './action-error.ts';

export interface TakenSnapshot {
  url: string;
  text: string;
  refs: Record<string, RoleRef>;
  mapped: number;
}

export interface SnapshotRequest {
  page: Page;
  selector: string | undefined;
  budget: Budget;
  browserWsUrl: string;
  targetId: string;
}

/**
 * A role snapshot with refs, and `backendDOMNodeId` filled from the accessibility tree where it maps
 * (best effort). A selector-scoped snapshot gets no ids: its nth counts only inside the scope, the
 * tree's count the whole page, so the two would not line up.
 */
export async function takeSnapshot({
  page,
  selector,
  budget,
  browserWsUrl,
  targetId,
}: SnapshotRequest): Promise<TakenSnapshot> {
  const root = page.locator(selector ?? ':root');
  const aria = await playwrightStep(budget, 'snapshot', (timeout) => root.ariaSnapshot({ timeout }));
  const { text, refs } = buildRoleSnapshot(aria, selector);
  let mapped = 0;
  if (selector === undefined) {
    const nodes = await fullAxTree(browserWsUrl, targetId, budget);
    if (nodes) mapped = mergeBackendIds(refs, nodes);
  }
  return { url: page.url(), text, refs, mapped };
}

/** `Accessibility.getFullAXTree` on a short-lived socket of our own; null when it cannot be had in time. */
async function fullAxTree(browserWsUrl: string, targetId: string, budget: Budget): Promise<AxNode[] | null> {
  let connection: CdpConnection | null = null;
  try {
    connection = await CdpConnection.open(browserWsUrl, Math.max(1, budget.remainingMs()), budget.signal);
    const { sessionId } = await raceBudget(
      budget,
      'snapshot',
      connection.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true }),
    );
    const { nodes } = await raceBudget(
      budget,
      'snapshot',
      connection.send<{ nodes: AxNode[] }>('Accessibility.getFullAXTree', {}, sessionId),
    );
    return nodes;
  } catch {
    return null;
  } finally {
    connection?.close();
  }
}
