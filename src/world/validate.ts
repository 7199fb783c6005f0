import { isAbsolute } from 'node:path';
import { CoreError } from '../domain/errors.ts';
import { USER_NAME_MAX_CHARS } from '../domain/village.ts';
import type { WorldState } from './world-state.ts';

/** Trimmed, non-empty display text; the input is never echoed back. */
export function requireName(value: string, what: string): string {
  const trimmed = value.trim();
  if (trimmed.length === 0) throw new CoreError('INVALID_ARGUMENT', `${what} must not be empty`);
  return trimmed;
}

/**
 * The user's (and the external client's) display name: it goes into the sender envelope
 * `【送り手: X】`, so `】`, line breaks, control characters and long names are refused.
 */
export function userNameProblem(value: string): string | null {
  if (value.trim().length === 0) return 'the name must not be empty';
  if (value.includes('】')) return 'the name must not contain 】';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u.test(value)) {
    return 'the name must not contain line breaks or control characters';
  }
  if ([...value.trim()].length > USER_NAME_MAX_CHARS) {
    return `the name must be at most ${USER_NAME_MAX_CHARS} characters`;
  }
  return null;
}

export function requireWorkDir(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  if (!isAbsolute(value)) throw new CoreError('INVALID_ARGUMENT', 'workDir must be an absolute path');
  return value;
}

export function requireAgent(world: WorldState, id: string) {
  const agent = world.agents.find((a) => a.id === id);
  if (!agent) throw new CoreError('AGENT_NOT_FOUND', `no agent with id ${id}`, { agentId: id });
  return agent;
}

export function requireTemplate(world: WorldState, id: string) {
  const template = world.templates.find((t) => t.id === id);
  if (!template) throw new CoreError('MODEL_TEMPLATE_NOT_FOUND', `no model template with id ${id}`);
  return template;
}

/** Self-loops and edges to unknown agents are refused; cycles are allowed. Duplicates collapse. */
export function validateConnections(world: WorldState, source: string, targets: readonly string[]): string[] {
  const ids = new Set<string>(world.agents.map((a) => a.id));
  for (const target of targets) {
    if (target === source) {
      throw new CoreError('INVALID_TOPOLOGY', 'an agent cannot be connected to itself', { agentId: source });
    }
    if (!ids.has(target)) {
      throw new CoreError('INVALID_TOPOLOGY', `connection to an unknown agent ${target}`, {
        agentId: source,
      });
    }
  }
  return [...new Set(targets)];
}
