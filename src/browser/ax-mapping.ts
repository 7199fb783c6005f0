import { refKey, type RoleRef } from './role-refs.ts';

/** The part of a CDP `Accessibility.AXNode` the mapping reads. */
export interface AxNode {
  nodeId: string;
  ignored?: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  backendDOMNodeId?: number;
  childIds?: string[];
  parentId?: string;
}

/** Chromium's internal role names where they differ from the ARIA names Playwright prints. */
const CHROMIUM_ROLE_ALIASES: Record<string, string> = {
  image: 'img',
  Iframe: 'iframe',
  RootWebArea: 'document',
};

/** Names as Playwright prints them: whitespace runs folded to one space, trimmed. */
export function normaliseName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/**
 * (role, name) -> backendDOMNodeIds in document order, from `Accessibility.getFullAXTree` (a flat list:
 * the order comes from walking `childIds` from the root). Ignored nodes are skipped as Playwright
 * skips hidden ones.
 */
export function axNodesByRoleName(nodes: readonly AxNode[]): Map<string, number[]> {
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const root = nodes.find((node) => node.parentId === undefined || !byId.has(node.parentId));
  const out = new Map<string, number[]>();
  if (!root) return out;
  const stack: AxNode[] = [root];
  const visited = new Set<string>();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (visited.has(node.nodeId)) continue;
    visited.add(node.nodeId);
    const rawRole = typeof node.role?.value === 'string' ? node.role.value : '';
    if (!node.ignored && rawRole !== '' && node.backendDOMNodeId !== undefined) {
      const role = CHROMIUM_ROLE_ALIASES[rawRole] ?? rawRole;
      const name = normaliseName(typeof node.name?.value === 'string' ? node.name.value : '');
      const key = refKey(role, name);
      const list = out.get(key) ?? [];
      list.push(node.backendDOMNodeId);
      out.set(key, list);
    }
    const children = node.childIds ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      const child = byId.get(children[i]!);
      if (child) stack.push(child);
    }
  }
  return out;
}

/**
 * Fills `backendDOMNodeId` on refs (best effort): a (role, name) pair maps only when the tree has as
 * many nodes of it as the snapshot has refs, so the nth of one is the nth of the other; otherwise
 * (ambiguous or missing) the refs keep no id and evaluate by them goes through Playwright.
 * Returns how many refs got an id.
 */
export function mergeBackendIds(refs: Record<string, RoleRef>, nodes: readonly AxNode[]): number {
  const tree = axNodesByRoleName(nodes);
  const counts = new Map<string, number>();
  for (const ref of Object.values(refs)) {
    const key = refKey(ref.role, normaliseName(ref.name));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let mapped = 0;
  for (const ref of Object.values(refs)) {
    const key = refKey(ref.role, normaliseName(ref.name));
    const ids = tree.get(key);
    delete ref.backendDOMNodeId;
    if (!ids || ids.length !== counts.get(key)) continue;
    const id = ids[ref.nth ?? 0];
    if (id === undefined) continue;
    ref.backendDOMNodeId = id;
    mapped++;
  }
  return mapped;
}
