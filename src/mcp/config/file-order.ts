/**
 * The keys of the root's `rootKey` object ("mcpServers", or VS Code's "servers") in the order they
 * are written. A parsed object lists
 * integer-like keys ("2", "10") first, in numeric order, whatever the file says; servers are
 * listed and connected in file order. Only for text JSON.parse has accepted (no error handling).
 * For a repeated key, the first position is kept (like an object's own key order); a repeated
 * "mcpServers" restarts the list, since JSON.parse keeps the last one.
 */
export function writtenServerOrder(text: string, rootKey = 'mcpServers'): string[] {
  interface Frame {
    isObject: boolean;
    /** The member being read in an object: the last key seen. */
    key: string | null;
    expectKey: boolean;
    /** This object is the root's `rootKey` value. */
    collect: boolean;
  }
  const stack: Frame[] = [];
  let order = new Set<string>();
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') {
      const start = i;
      for (i += 1; text[i] !== '"'; i += text[i] === '\\' ? 2 : 1);
      const top = stack.at(-1);
      if (top?.isObject && top.expectKey) {
        top.key = JSON.parse(text.slice(start, i + 1)) as string;
        top.expectKey = false;
        if (top.collect) order.add(top.key);
      }
    } else if (char === '{' || char === '[') {
      const parent = stack.at(-1);
      const collect =
        char === '{' && stack.length === 1 && parent?.isObject === true && parent.key === rootKey;
      if (collect) order = new Set();
      stack.push({ isObject: char === '{', key: null, expectKey: char === '{', collect });
    } else if (char === '}' || char === ']') {
      stack.pop();
    } else if (char === ',') {
      const top = stack.at(-1);
      if (top?.isObject) top.expectKey = true;
    }
  }
  return [...order];
}
