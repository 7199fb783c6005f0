/**
 * Follows one causal chain for the door's progress (issue 23): which servant of THIS chain is working
 * now, the tool it runs, and the tail of the text it streams. The chain's envelopes carry the watch
 * (chain-watch.ts), which says whose turns belong to it; the bus's deltas of those servants are kept,
 * everyone else's (another chain running beside it) are dropped. Narrow on purpose: the bus and the
 * servants' names, not the orchestrator.
 */
import type { AskProgress } from '../../domain/ask-progress.ts';
import type { CoreEvent } from '../../domain/events.ts';
import type { AgentId } from '../../domain/ids.ts';
import { readableToolName } from '../../domain/readable-tool-name.ts';
import type { ChainWatch } from '../chain-watch.ts';
import { keepTail, streamExcerpt } from './excerpt.ts';
import { ProgressPacer, type PaceClock } from './pacer.ts';

export interface ChainProgressPorts {
  events: { subscribe(listener: (event: CoreEvent) => void): () => void };
  /** A servant's name as people read it (`Alice`). */
  nameOf: (id: AgentId) => string;
  clock?: PaceClock;
  intervalMs?: number;
}

export interface ChainProgress {
  /** Put on the request's root envelope; deliveries copy it down the chain. */
  watch: ChainWatch;
  /** Unsubscribes and stops: nothing is told after this, whatever the chain still does. */
  stop(): void;
}

export function followChain(
  ports: ChainProgressPorts,
  onProgress: (update: AskProgress) => void,
): ChainProgress {
  const pacer = new ProgressPacer<AskProgress>({
    send: onProgress,
    // A new servant, or a tool starting, is news: sent at once. Streamed text waits its turn.
    keyOf: (update) => (update.kind === 'tool' ? `${update.agent}\u0000${update.tool}` : update.agent),
    textOf: (update) => (update.kind === 'working' ? `w:${update.excerpt}` : `t:${update.tool}`),
    ...(ports.intervalMs === undefined ? {} : { intervalMs: ports.intervalMs }),
    ...(ports.clock === undefined ? {} : { clock: ports.clock }),
  });
  /** This chain's servants whose turn runs now, the most recent last (the one shown after a return). */
  const working: AgentId[] = [];
  /** The tail of what each of them streamed since its turn, or its last tool call, began. */
  const streamed = new Map<AgentId, string>();
  let stopped = false;

  const workingUpdate = (agentId: AgentId): AskProgress => ({
    kind: 'working',
    agent: ports.nameOf(agentId),
    excerpt: streamExcerpt(streamed.get(agentId) ?? ''),
  });

  const unsubscribe = ports.events.subscribe((event) => {
    if (stopped || event.type !== 'messageDelta' || event.text === '') return;
    if (!working.includes(event.agentId)) return;
    streamed.set(event.agentId, keepTail((streamed.get(event.agentId) ?? '') + event.text));
    pacer.push(workingUpdate(event.agentId));
  });

  const watch: ChainWatch = {
    turnStarted(agentId) {
      if (stopped) return;
      working.push(agentId);
      streamed.set(agentId, '');
      pacer.push(workingUpdate(agentId));
    },
    toolStarted(agentId, tool, target) {
      if (stopped) return;
      // What it wrote before the call is said; what it writes after the result is new.
      streamed.set(agentId, '');
      const name = readableToolName(tool, target ?? undefined, (id) => ports.nameOf(id as AgentId));
      pacer.push({ kind: 'tool', agent: ports.nameOf(agentId), tool: name });
    },
    turnEnded(agentId) {
      if (stopped) return;
      const at = working.lastIndexOf(agentId);
      if (at >= 0) working.splice(at, 1);
      streamed.delete(agentId);
      // Back to whoever waited on it (an ask returns to the asker), if that one still works.
      const back = working.at(-1);
      if (back !== undefined) pacer.push(workingUpdate(back));
    },
  };

  return {
    watch,
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      pacer.stop();
    },
  };
}
