/**
 * Where the keyboard's focus goes when a delete takes the focused control away (WCAG 2.4.3): without
 * this it falls to the page's start, and a person deleting notes one by one with the keyboard has to
 * find the board again after every note.
 */

/** The places to try after a note's delete, best first: the notes beside it, then its lane. */
export interface NotePlace {
  neighbourKeys: string[];
  lane: HTMLElement | null;
}

const notesIn = (root: ParentNode) => [
  ...root.querySelectorAll<HTMLElement>('[data-testid="blackboard-note"]'),
];

/** Read before the delete, while the note is still on the board: the next note in its lane, then the previous. */
export function notePlace(root: HTMLElement | null, key: string): NotePlace {
  const card = root ? notesIn(root).find((el) => el.dataset.key === key) : undefined;
  const lane = card?.closest<HTMLElement>('[data-testid^="blackboard-lane-"]') ?? null;
  if (!card || !lane) return { neighbourKeys: [], lane };
  const siblings = notesIn(lane);
  const at = siblings.indexOf(card);
  const keys = [siblings[at + 1], siblings[at - 1]].flatMap((el) =>
    el?.dataset.key ? [el.dataset.key] : [],
  );
  return { neighbourKeys: keys, lane };
}

/** The note's own delete button for a neighbour still shown, else the lane's heading. */
export function noteTargets(root: HTMLElement | null, place: NotePlace): (HTMLElement | null)[] {
  const shown = root ? notesIn(root) : [];
  const neighbours = place.neighbourKeys.map(
    (key) =>
      shown
        .find((el) => el.dataset.key === key)
        ?.querySelector<HTMLElement>('[data-testid="blackboard-note-delete"]') ?? null,
  );
  return [...neighbours, place.lane?.querySelector<HTMLElement>('h3') ?? null];
}

function focusLost(root: HTMLElement | null): boolean {
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body || !active.isConnected) return true;
  // A button disabled under the focus (the lane emptied) no longer takes keys.
  return root !== null && root.contains(active) && (active as HTMLButtonElement).disabled === true;
}

/** Moves the focus to the first usable target, only when the focus was lost (a person elsewhere keeps theirs). */
export function restoreFocus(root: HTMLElement | null, targets: readonly (HTMLElement | null)[]): void {
  if (!focusLost(root)) return;
  const target = targets.find((el) => el !== null && el.isConnected && !(el as HTMLButtonElement).disabled);
  target?.focus();
}
