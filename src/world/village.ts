/**
 * The village: the in-memory WorldState (the owner) and its projection world.json. Every change
 * runs the pure mutation, writes world.json, and only then replaces the state, one change at a time,
 * so a failed validation or write changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { AgentSpec } from '../domain/agent.ts';
import { CoreError } from '../domain/errors.ts';
import type { CoreEvent, EventBus } from '../domain/events.ts';
import type { AgentGroupId, AgentId, ModelTemplateId, RoleId } from '../domain/ids.ts';
import type { AgentSpecInput, GroupInput, RoleInput, TemplateInput } from '../domain/schemas.ts';
import type { ModelTemplate } from '../domain/template.ts';
import type { AgentGroup, Role } from '../domain/village.ts';
import type { DiagLog } from '../diag/log.ts';
import { bindSecret, secretForUrl } from '../secrets/bound-secret.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import * as agents from './agents.ts';
import * as catalog from './catalog.ts';
import type { VillagePaths } from './paths.ts';
import { requireAgent, requireTemplate } from './validate.ts';
import { writeWorldFile } from './world-file.ts';
import { ensureWorkspaceDir, removeWorkspaceEntry, writeWorkspaceFileAtomic } from './workspace-write.ts';
import type { WorldState } from './world-state.ts';

export interface VillageDeps {
  paths: VillagePaths;
  log: DiagLog;
  events: EventBus;
  secrets: SecretStore;
}

type Change<T> = (world: WorldState) => { world: WorldState; result: T };

export class Village {
  private current: WorldState;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly deps: VillageDeps,
    initial: WorldState,
  ) {
    this.current = initial;
  }

  get state(): WorldState {
    return this.current;
  }

  /** Runs changes strictly one after another. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Apply a pure change to the latest state, persist, then publish it. */
  change<T>(apply: Change<T>, events: CoreEvent[] = []): Promise<T> {
    return this.serial(async () => {
      const { world, result } = apply(this.current);
      await writeWorldFile(this.deps.paths.worldJson, world, this.deps.paths.workspace);
      this.current = world;
      this.publish(events);
      return result;
    });
  }

  private publish(events: CoreEvent[]): void {
    for (const event of [...events, { type: 'worldChanged' } as const]) this.deps.events.emit(event);
  }

  private set(apply: (world: WorldState) => WorldState, events: CoreEvent[] = []): Promise<void> {
    return this.change((w) => ({ world: apply(w), result: undefined }), events);
  }

  requireAgent(id: string): AgentSpec {
    return requireAgent(this.current, id);
  }

  async createAgent(input: AgentSpecInput): Promise<AgentSpec> {
    return this.serial(async () => {
      const created = agents.createAgent(this.current, input);
      await writeWorldFile(this.deps.paths.worldJson, created.world, this.deps.paths.workspace);
      this.current = created.world;
      for (const warning of created.warnings) this.deps.log.warn(warning);
      // Ids are reused: whatever a deleted agent of the same id left behind is not inherited.
      const dir = this.deps.paths.agentDir(created.spec.id);
      try {
        const { workspace } = this.deps.paths;
        removeWorkspaceEntry(workspace, dir, true);
        ensureWorkspaceDir(workspace, dir);
        if (created.construct !== null) {
          const path = this.deps.paths.configFile(created.spec.id, 'construct');
          await writeWorkspaceFileAtomic(workspace, path, created.construct);
        }
      } catch (error) {
        this.deps.log.warn(
          `agent ${created.spec.id}: folder not prepared (${(error as NodeJS.ErrnoException).code})`,
        );
      }
      this.publish([{ type: 'topologyChanged' }]);
      return created.spec;
    });
  }

  /**
   * A file operation on an agent's folder, in the change queue: it cannot race the agent's deletion
   * (which would leave a folder behind for the next agent of that id).
   */
  withAgentFiles<T>(id: string, task: () => Promise<T>): Promise<T> {
    return this.serial(async () => {
      requireAgent(this.current, id);
      return task();
    });
  }

  async updateAgent(input: Partial<AgentSpecInput> & { id: AgentId }): Promise<AgentSpec> {
    await this.set((w) => agents.updateAgent(w, input), [{ type: 'topologyChanged' }]);
    return this.requireAgent(input.id);
  }

  /** Removes the agent from world.json first, then its folder (icon and files included). */
  async deleteAgent(id: AgentId): Promise<void> {
    await this.set((w) => agents.deleteAgent(w, id), [{ type: 'topologyChanged' }]);
    try {
      removeWorkspaceEntry(this.deps.paths.workspace, this.deps.paths.agentDir(id), true);
    } catch (error) {
      this.deps.log.warn(`agent ${id}: folder not removed (${(error as NodeJS.ErrnoException).code})`);
    }
  }

  setConnections(id: AgentId, targets: AgentId[]): Promise<void> {
    return this.set((w) => agents.setConnections(w, id, targets), [{ type: 'topologyChanged' }]);
  }

  commitAgentDrop(order: AgentId[], regroup: agents.Regroup | null): Promise<void> {
    return this.set((w) => agents.commitAgentDrop(w, order, regroup));
  }

  async upsertTemplate(input: TemplateInput): Promise<ModelTemplate> {
    // Template ids are issued here; an id from a client must name an existing template.
    if (input.id !== undefined && !this.current.templates.some((t) => t.id === input.id)) {
      throw new CoreError('MODEL_TEMPLATE_NOT_FOUND', `no model template with id ${input.id}`);
    }
    const id = input.id ?? (randomUUID() as ModelTemplateId);
    const stored = await this.deps.secrets.get(id);
    const hasSecret = secretForUrl(stored, input.baseUrl.trim()).kind === 'ok';
    return this.change((w) => {
      const r = catalog.upsertTemplate(w, { ...input, id }, () => hasSecret);
      return { world: r.world, result: r.template };
    });
  }

  async removeTemplate(id: ModelTemplateId): Promise<void> {
    await this.set((w) => catalog.removeTemplate(w, id));
    try {
      await this.deps.secrets.delete(id);
    } catch {
      this.deps.log.warn(
        `template ${id}: its secret could not be removed from the ${this.deps.secrets.kind} store`,
      );
    }
  }

  /** The secret goes to the secret store only; the template records `keyring` as its source. */
  async setCredential(id: ModelTemplateId, secret: string): Promise<void> {
    if (secret.trim().length === 0) throw new CoreError('INVALID_ARGUMENT', 'the secret must not be empty');
    const template = requireTemplate(this.current, id);
    await this.serial(() => this.deps.secrets.set(id, bindSecret(secret.trim(), template.baseUrl)));
    await this.set((w) => catalog.setTemplateCredential(w, id, 'keyring'));
  }

  /** Back to `unset` (not `not_required`). */
  async clearCredential(id: ModelTemplateId): Promise<void> {
    catalog.setTemplateCredential(this.current, id, 'unset');
    await this.serial(() => this.deps.secrets.delete(id));
    await this.set((w) => catalog.setTemplateCredential(w, id, 'unset'));
  }

  upsertRole(input: RoleInput): Promise<Role> {
    return this.change((w) => {
      const r = catalog.upsertRole(w, input);
      return { world: r.world, result: r.role };
    });
  }

  removeRole(id: RoleId): Promise<void> {
    return this.set((w) => catalog.removeRole(w, id));
  }

  upsertGroup(input: GroupInput): Promise<AgentGroup> {
    return this.change((w) => {
      const r = catalog.upsertGroup(w, input);
      return { world: r.world, result: r.group };
    });
  }

  removeGroup(id: AgentGroupId): Promise<void> {
    return this.set((w) => catalog.removeGroup(w, id));
  }

  /** Settings changes: pure setters from settings.ts. */
  update(apply: (world: WorldState) => WorldState): Promise<void> {
    return this.set(apply);
  }
}
