import { CoreError } from '../domain/errors.ts';
import type { EventBus } from '../domain/events.ts';
import type { AgentId } from '../domain/ids.ts';
import type { AgentTool } from '../orchestrator/tool.ts';
import type { Village } from '../world/village.ts';
import { blackboardTool } from './blackboard/blackboard-tool.ts';
import { BLACKBOARD_FENCE } from './blackboard/blackboard-fence.ts';
import { browserTool, type BrowserDispatch } from './browser/browser-tool.ts';
import { diffTool } from './diff/diff-tool.ts';
import { fdTool } from './fd/fd-tool.ts';
import { fileTool } from './file/file-tool.ts';
import { grepTool } from './grep/grep-tool.ts';
import { ragTool } from './rag/rag-tool.ts';
import { rememberTool } from './remember/remember-tool.ts';
import { runTool } from './run/run-tool.ts';
import { sdTool } from './sd/sd-tool.ts';
import { guardedByOverlap } from './work-dir/overlap.ts';
import { yqTool } from './yq/yq-tool.ts';

/**
 * Every bundled tool, in the ledger's order (BUNDLED_TOOL_NAMES), then the self-gated ones
 * (SELF_GATED_TOOL_NAMES); the registry filters them per agent.
 */
export function bundledTools(village: Village, events: EventBus, browser?: BrowserDispatch): AgentTool[] {
  const inWorkDir = (tool: AgentTool) => guardedByOverlap(tool);
  return [
    rememberTool(village),
    inWorkDir(grepTool()),
    inWorkDir(fdTool()),
    inWorkDir(diffTool()),
    inWorkDir(sdTool(BLACKBOARD_FENCE)),
    inWorkDir(yqTool(BLACKBOARD_FENCE)),
    inWorkDir(fileTool({ fence: BLACKBOARD_FENCE })),
    runTool({
      onPendingChanged: (agentId) =>
        events.emit({ type: 'pendingCommandsChanged', agentId: agentId as AgentId }),
    }),
    browserTool(browser ?? noBrowser),
    // Outside BUNDLED_TOOL_NAMES (SELF_GATED_TOOL_NAMES, in that order): offered by their own gates.
    ragTool(village),
    inWorkDir(blackboardTool()),
  ];
}

/** Where no browser service runs (tests that build a village alone): the tool says so. */
const noBrowser: BrowserDispatch = () =>
  Promise.reject(new CoreError('BROWSER_NOT_RUNNING', 'no browser control service runs in this process'));
