/** A stable hue for a name's initial circle (the same name always gets the same colour). */
export function avatarHue(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return hash % 360;
}

/** The first character of a display name (a whole code point, not half a surrogate pair). */
export function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toUpperCase() : '?';
}
