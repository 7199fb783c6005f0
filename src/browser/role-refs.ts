/** What a snapshot ref points at: Playwright finds it by role + name (+ nth); CDP by backendDOMNodeId. */
export interface RoleRef {
  role: string;
  name: string;
  /** Present only when more than one ref of the snapshot has this role and name. */
  nth?: number;
  /** The DOM node for CDP element evaluate, when the accessibility tree maps it unambiguously. */
  backendDOMNodeId?: number;
  /** A CSS selector the snapshot was scoped to; the role lookup runs inside it. */
  scope?: string;
}

export interface RoleSnapshot {
  /** The aria snapshot with ` [ref=eN]` (and ` [nth=K]`) after each element that got a ref. */
  text: string;
  refs: Record<string, RoleRef>;
}

/** Roles a person acts on: they always get a ref. */
const INTERACTIVE_ROLES = new Set([
  'button',
  'checkbox',
  'combobox',
  'link',
  'listbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
  'treeitem',
]);

/** Roles worth pointing at for reading: they get a ref when they have a name. */
const CONTENT_ROLES = new Set([
  'article',
  'cell',
  'columnheader',
  'dialog',
  'gridcell',
  'heading',
  'img',
  'listitem',
  'main',
  'navigation',
  'region',
  'row',
  'rowheader',
  'table',
]);

const LINE = /^(\s*)- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?(.*)$/;

export function refKey(role: string, name: string): string {
  return `${role}\u0000${name}`;
}

/**
 * Gives refs `e1..eN` (one counter per snapshot) to the elements of a Playwright aria snapshot, in
 * document order. `nth` counts refs of the same role and name and is kept only where that pair repeats.
 */
export function buildRoleSnapshot(ariaSnapshot: string, scope?: string): RoleSnapshot {
  const lines = ariaSnapshot.split('\n');
  const refs: Record<string, RoleRef> = {};
  const seen = new Map<string, number>();
  const lineRefs: Array<{ index: number; ref: string }> = [];
  let counter = 0;
  lines.forEach((line, index) => {
    const match = LINE.exec(line);
    if (!match) return;
    const role = match[2]!;
    const name = match[3] === undefined ? '' : unquote(match[3]);
    if (!INTERACTIVE_ROLES.has(role) && !(CONTENT_ROLES.has(role) && name !== '')) return;
    const key = refKey(role, name);
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    const ref = `e${++counter}`;
    refs[ref] = { role, name, nth, ...(scope === undefined ? {} : { scope }) };
    lineRefs.push({ index, ref });
  });
  for (const entry of Object.values(refs)) {
    if ((seen.get(refKey(entry.role, entry.name)) ?? 0) < 2) delete entry.nth;
  }
  const out = [...lines];
  for (const { index, ref } of lineRefs) out[index] = annotate(lines[index]!, ref, refs[ref]!.nth);
  return { text: out.join('\n'), refs };
}

function annotate(line: string, ref: string, nth: number | undefined): string {
  const mark = nth === undefined ? ` [ref=${ref}]` : ` [ref=${ref}] [nth=${nth}]`;
  // `- button "Go": text` or `- list:` keep the colon and what follows it after the mark.
  const match = /^(.*?"(?:[^"\\]|\\.)*"|[^:"]*?)((?: \[[^\]]*\])*)(:.*)?$/.exec(line);
  if (!match) return `${line}${mark}`;
  return `${match[1]}${match[2] ?? ''}${mark}${match[3] ?? ''}`;
}

function unquote(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
