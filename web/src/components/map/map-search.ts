/** Finding a servant on the bond map by name (issue 25): pure, so the ranking is unit tested. */
export interface Named {
  id: string;
  name: string;
}

/** Width and case folded (NFKC, lower case), so "ＡＶＡ" finds "Ava" and full-width digits match. */
export const foldName = (text: string) => text.normalize('NFKC').toLocaleLowerCase().trim();

/**
 * The best match for `query`: an exact name first, then a name that starts with it, then one that
 * contains it; ties go to the earlier servant in the list (the village's order). Null for no match
 * or an empty query.
 */
export function findServant<T extends Named>(servants: readonly T[], query: string): T | null {
  const q = foldName(query);
  if (q === '') return null;
  let best: T | null = null;
  let bestRank = 3;
  for (const servant of servants) {
    const name = foldName(servant.name);
    const rank = name === q ? 0 : name.startsWith(q) ? 1 : name.includes(q) ? 2 : 3;
    if (rank < bestRank) {
      best = servant;
      bestRank = rank;
    }
  }
  return best;
}
