import type { Language } from '../../domain/enums.ts';
import type { AgentId } from '../../domain/ids.ts';
import type { Orchestrator } from '../orchestrator.ts';
import type { PlanTask } from './execute-wave.ts';
import { PLAN_TEXT } from './plan-texts.ts';

/**
 * Class 1 (static): a wrong shape, a destination that is not a connection now, a repeated one, no
 * tasks, an empty message. The same check runs at dispatch after review. Nothing is delivered.
 */
export function readTasks(
  orch: Orchestrator,
  coordinator: AgentId,
  language: Language,
  raw: unknown,
): PlanTask[] | string {
  const t = PLAN_TEXT[language];
  if (!Array.isArray(raw) || raw.length === 0) return t.noTasks;
  const connections = orch.world().agents.find((a) => a.id === coordinator)?.connectedAgents ?? [];
  const allowed = connections.map((id) => orch.labelOf(id)).join(', ');
  const tasks: PlanTask[] = [];
  for (const [index, item] of raw.entries()) {
    const to = (item as { to?: unknown } | null)?.to;
    const message = (item as { message?: unknown } | null)?.message;
    if (typeof to !== 'string' || typeof message !== 'string') return t.badTask(index);
    if (!connections.includes(to as AgentId)) return t.notConnected(to, allowed);
    if (tasks.some((task) => task.to === to)) return t.duplicate(to);
    if (message.trim() === '') return t.emptyMessage(to);
    tasks.push({ to: to as AgentId, message });
  }
  return tasks;
}
