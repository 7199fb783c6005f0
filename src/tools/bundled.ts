import type { AgentTool } from '../orchestrator/tool.ts';
import type { Village } from '../world/village.ts';
import { fileTool } from './file/file-tool.ts';
import { rememberTool } from './remember/remember-tool.ts';

/** Every bundled tool, in the order they are offered; the registry filters them per agent. */
export function bundledTools(village: Village): AgentTool[] {
  return [rememberTool(village), fileTool()];
}
