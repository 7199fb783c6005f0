/** Pure mutations of the village settings kept in world.json. */
import { CoreError } from '../domain/errors.ts';
import type { Language } from '../domain/enums.ts';
import type { AgentId } from '../domain/ids.ts';
import { ASK_TIMEOUT_RANGE, type TopologyPosition } from '../domain/village.ts';
import { requireAgent, userNameProblem } from './validate.ts';
import type { WorldState } from './world-state.ts';

/** There is no magic 0: "no ceiling" is null. */
export function setTokenBudget(world: WorldState, tokenBudget: number | null): WorldState {
  if (tokenBudget !== null && (!Number.isSafeInteger(tokenBudget) || tokenBudget <= 0)) {
    throw new CoreError(
      'INVALID_TOKEN_BUDGET',
      'the token limit must be a whole number of effective tokens above 0',
    );
  }
  return { ...world, tokenBudget };
}

export function setLanguage(world: WorldState, language: Language): WorldState {
  return { ...world, language };
}

export function setAskTimeout(world: WorldState, askTimeoutSecs: number | null): WorldState {
  if (
    askTimeoutSecs !== null &&
    (!Number.isInteger(askTimeoutSecs) ||
      askTimeoutSecs < ASK_TIMEOUT_RANGE.min ||
      askTimeoutSecs > ASK_TIMEOUT_RANGE.max)
  ) {
    throw new CoreError(
      'INVALID_ASK_TIMEOUT',
      `the ask timeout must be a whole number of seconds from ${ASK_TIMEOUT_RANGE.min} to ${ASK_TIMEOUT_RANGE.max}`,
    );
  }
  return { ...world, askTimeoutSecs };
}

/** Null clears the name; a rejected name changes nothing and is never echoed. */
export function setUserName(world: WorldState, userName: string | null): WorldState {
  return { ...world, userName: checkedName(userName, 'user name') };
}

export function setExternalName(world: WorldState, externalName: string | null): WorldState {
  return { ...world, externalName: checkedName(externalName, 'external client name') };
}

function checkedName(value: string | null, what: string): string | null {
  if (value === null) return null;
  const problem = userNameProblem(value);
  if (problem) throw new CoreError('INVALID_USER_NAME', `invalid ${what}: ${problem}`);
  return value.trim();
}

export function setDefaultVerifier(world: WorldState, agentId: AgentId | null): WorldState {
  if (agentId !== null) requireAgent(world, agentId);
  return { ...world, defaultVerifier: agentId };
}

export function setReception(world: WorldState, agentId: AgentId | null): WorldState {
  if (agentId !== null) requireAgent(world, agentId);
  return { ...world, reception: agentId };
}

/** Merges positions into the stored ones; every id must name an agent. */
export function setTopologyPositions(
  world: WorldState,
  positions: Record<string, TopologyPosition>,
): WorldState {
  for (const [id, pos] of Object.entries(positions)) {
    requireAgent(world, id);
    if (!Number.isFinite(pos.x) || !Number.isFinite(pos.y)) {
      throw new CoreError('INVALID_ARGUMENT', 'positions must be finite numbers');
    }
  }
  return { ...world, topologyPositions: { ...world.topologyPositions, ...positions } };
}
