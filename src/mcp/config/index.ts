/** mcp.json: the parser / validator of the Claude Desktop `mcpServers` format, and tool naming. */
export type {
  EntryProblem,
  McpConfigRead,
  McpEntry,
  McpHttpEntry,
  McpStdioEntry,
  ServerConfig,
} from './types.ts';
export { checkMcpUrl, isLoopbackHost, type UrlCheck } from './check-url.ts';
export { parseMcpConfig } from './parse-config.ts';
export { configProblems, formatEntryProblem } from './problems.ts';
export { readMcpConfig } from './read-config.ts';
export { serializeMcpEntry } from './serialize-entry.ts';
export { expandMcpEntry } from './expand-vars.ts';
export { assignMcpToolNames } from './tool-name.ts';
export { validateMcpEntry } from './validate-entry.ts';
