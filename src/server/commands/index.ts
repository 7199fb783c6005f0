import type { CommandTable } from '../command.ts';
import { agentCommands } from './agents.ts';
import { conversationCommands } from './conversation.ts';
import { sessionCommands } from './sessions.ts';
import { stateCommands } from './state.ts';
import { mcpCommands } from './mcp.ts';
import { planCommands } from './plans.ts';
import { pricingCommands } from './pricing.ts';
import { ragCommands } from './rag.ts';
import { resendCommands } from './resend.ts';
import { scheduleCommands } from './schedules.ts';
import { sharedMcpCommands } from './shared-mcp.ts';
import { templateConnectionCommands } from './template-connection.ts';
import { toolCommands } from './tools.ts';
import { villageCommands } from './village.ts';

/** Every `POST /api/<command>` once the village is open (boot_status is answered before). */
export const COMMANDS: CommandTable = {
  ...stateCommands,
  ...agentCommands,
  ...villageCommands,
  ...conversationCommands,
  ...sessionCommands,
  ...resendCommands,
  ...toolCommands,
  ...ragCommands,
  ...mcpCommands,
  ...planCommands,
  ...pricingCommands,
  ...scheduleCommands,
  ...templateConnectionCommands,
  ...sharedMcpCommands,
};
