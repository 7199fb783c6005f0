/**
 * Where a JSON text fails to parse, as "line L, column C" only. JSON.parse's own message can quote
 * the text, and these files may hold tokens in MCP headers.
 */
export function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const match = /position (\d+)/.exec((error as Error).message);
    if (!match) return 'not valid JSON';
    const offset = Number(match[1]);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return `not valid JSON at line ${line}, column ${column}`;
  }
}
