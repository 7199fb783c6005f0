/**
 * A real village (temp folder, real world.json) with an orchestrator whose agents talk to scripted
 * models, one per agent; events and log lines are collected for assertions.
 */
import { join } from 'node:path';
import { MemoryDiagLog } from '../../src/diag/log.ts';
import type { CoreEvent } from '../../src/domain/events.ts';
import { EventBus } from '../../src/domain/events.ts';
import type { AgentId, ModelTemplateId } from '../../src/domain/ids.ts';
import { templateInput, type AgentSpecInput } from '../../src/domain/schemas.ts';
import type { LlmBackend } from '../../src/llm/backend.ts';
import { Orchestrator } from '../../src/orchestrator/orchestrator.ts';
import type { OrchestratorConfig } from '../../src/orchestrator/config.ts';
import type { ToolRegistry } from '../../src/orchestrator/tool.ts';
import { MemoryTurnSink } from '../../src/orchestrator/turn-sink.ts';
import { FileSecretStore } from '../../src/secrets/file-secret-store.ts';
import { openVillage } from '../../src/world/open-village.ts';
import { VillagePaths } from '../../src/world/paths.ts';
import type { Village } from '../../src/world/village.ts';
import { ScriptedModel } from '../fakes/scripted-model.ts';
import { makeTempRoot, removeRoot } from './village-server.ts';

export interface Orchestra {
  root: string;
  village: Village;
  orch: Orchestrator;
  log: MemoryDiagLog;
  events: CoreEvent[];
  sink: MemoryTurnSink;
  models: Map<string, LlmBackend>;
  /** Adds an agent with its own template and scripted model (or the backend given). */
  agent(id: string, spec?: Partial<AgentSpecInput>, backend?: LlmBackend): Promise<ScriptedModel>;
  connect(from: string, ...to: string[]): Promise<void>;
  start(...ids: string[]): Promise<void>;
  /** Resolves once no agent has a turn running or waiting (and a tick has passed). */
  idle(): Promise<void>;
  lines(prefix: string): string[];
  close(): Promise<void>;
}

export async function makeOrchestra(
  options: {
    tokenBudget?: number | null;
    language?: 'ja' | 'en';
    config?: Partial<OrchestratorConfig>;
    tools?: ToolRegistry | ((village: Village) => ToolRegistry);
    askTimeoutSecs?: number;
  } = {},
): Promise<Orchestra> {
  const root = await makeTempRoot();
  const paths = new VillagePaths(join(root, 'ws'), join(root, 'home'));
  const log = new MemoryDiagLog();
  const bus = new EventBus();
  const events: CoreEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const secrets = new FileSecretStore(paths.secretsFile);
  const { village } = await openVillage({ paths, log, events: bus, secrets }, () => options.language ?? 'en');
  await village.update((w) => ({
    ...w,
    tokenBudget: options.tokenBudget === undefined ? null : options.tokenBudget,
    askTimeoutSecs: options.askTimeoutSecs ?? null,
  }));
  const models = new Map<string, LlmBackend>();
  const sink = new MemoryTurnSink('test-session');
  const orch = new Orchestrator({
    village,
    paths,
    log,
    events: bus,
    secrets,
    tools: typeof options.tools === 'function' ? options.tools(village) : options.tools,
    turnSink: sink,
    config: options.config,
    backendFor: async (template) => {
      const backend = models.get(template.model);
      if (!backend) throw new Error(`no scripted model for ${template.model}`);
      return backend;
    },
  });
  const orchestra: Orchestra = {
    root,
    village,
    orch,
    log,
    events,
    sink,
    models,
    async agent(id, spec = {}, backend) {
      const template = await village.upsertTemplate(
        templateInput.parse({ name: `T-${id}`, baseUrl: 'echo:', model: id, credential: 'not_required' }),
      );
      await village.createAgent({
        id: id as AgentId,
        name: id.toUpperCase(),
        modelTemplateId: template.id as ModelTemplateId,
        ...spec,
      });
      const model = new ScriptedModel(id);
      models.set(id, backend ?? model);
      return model;
    },
    async connect(from, ...to) {
      await village.setConnections(from as AgentId, to as AgentId[]);
    },
    async start(...ids) {
      for (const id of ids) await orch.startAgent(id as AgentId);
    },
    async idle() {
      for (let i = 0; i < 2000; i += 1) {
        await new Promise((r) => setTimeout(r, 2));
        const busy = village.state.agents.some((a) => orch.runtimeIfKnown(a.id)?.busy);
        if (!busy) return;
      }
      throw new Error('the village did not settle');
    },
    lines(prefix) {
      return log.lines.filter((l) => l.startsWith(prefix));
    },
    async close() {
      await orch.close();
      await removeRoot(root);
    },
  };
  return orchestra;
}
