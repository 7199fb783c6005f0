import { readFile } from 'node:fs/promises';
import { parseMcpConfig } from './parse-config.ts';
import type { McpConfigRead } from './types.ts';

/**
 * Reads and parses one mcp.json. A missing file is zero servers (an agent without its own file);
 * any other read failure is a file-level error naming the errno code only (no path, no OS text).
 */
export async function readMcpConfig(path: string): Promise<McpConfigRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: true, servers: [] };
    return {
      ok: false,
      message: typeof code === 'string' ? `cannot read the file (${code})` : 'cannot read the file',
    };
  }
  return parseMcpConfig(text);
}
