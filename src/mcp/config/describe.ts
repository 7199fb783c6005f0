/** Small wording helpers shared by the messages. They describe values by kind, never by content. */

/** "an array", "null", "a number"... for "must be X, not <kind>". */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

/** Names in messages are capped so a pasted blob cannot turn one line into a page. */
export const NAME_SHOWN_MAX = 64;

/** A name (server, header, variable) as a JSON string literal, cut at NAME_SHOWN_MAX code points. */
export function quoteName(name: string): string {
  const points = Array.from(name);
  const shown = points.length > NAME_SHOWN_MAX ? `${points.slice(0, NAME_SHOWN_MAX).join('')}…` : name;
  return JSON.stringify(shown);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
