/** One McpManager over a temp workspace per test, with the helpers the MCP client tests share. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { MemoryDiagLog } from '../../src/diag/log.ts';
import type { Language } from '../../src/domain/enums.ts';
import type { AgentId } from '../../src/domain/ids.ts';
import { McpManager, type McpManagerOptions } from '../../src/mcp/client/manager.ts';
import type { McpServerStatus } from '../../src/mcp/client/server-set.ts';
import type { AgentTool, ToolContext } from '../../src/orchestrator/tool.ts';
import { VillagePaths } from '../../src/world/paths.ts';
import { untilSettled } from './servers.ts';

export const ALICE = 'alice' as AgentId;

type Options = Omit<McpManagerOptions, 'paths' | 'log'>;

export interface ManagerKit {
  root: string;
  paths: VillagePaths;
  log: MemoryDiagLog;
  manager: McpManager;
  /** How many times the manager reported a change. */
  changes: number;
  /** A new manager with other options (the old one is closed). */
  remake(options?: Options): Promise<McpManager>;
  writeShared(servers: Record<string, unknown>): void;
  writeAgent(agentId: string, servers: Record<string, unknown>): void;
  /** Opens the shared servers and waits until none is still connecting. */
  openShared(): Promise<void>;
  server(name: string): McpServerStatus;
  tool(name: string): AgentTool;
  ctx(options?: { signal?: AbortSignal; contextLength?: number; language?: Language }): ToolContext;
}

/**
 * Registers the per-test setup; the returned object is filled in before each test. Connect timeout
 * and retry waits are short unless `defaults` says otherwise (no test waits for the real ones).
 */
export function useManagerKit(defaults: Options = {}): ManagerKit {
  const kit = {} as ManagerKit;
  const make = (options: Options) =>
    new McpManager({
      timeoutMs: 20_000,
      retry: { initialMs: 50, maxMs: 400 },
      ...options,
      paths: kit.paths,
      log: kit.log,
      onChange: () => (kit.changes += 1),
    });
  beforeEach(() => {
    kit.root = mkdtempSync(join(tmpdir(), 'fuseforks-mcp-'));
    kit.paths = new VillagePaths(join(kit.root, 'workspace'), join(kit.root, 'home'));
    mkdirSync(kit.paths.workspace, { recursive: true });
    kit.log = new MemoryDiagLog();
    kit.changes = 0;
    kit.manager = make(defaults);
  });
  afterEach(async () => {
    await kit.manager.close();
    rmSync(kit.root, { recursive: true, force: true });
  });
  Object.assign(kit, {
    async remake(options: Options = {}) {
      await kit.manager.close();
      kit.manager = make({ ...defaults, ...options });
      return kit.manager;
    },
    writeShared(servers: Record<string, unknown>) {
      writeFileSync(kit.paths.sharedMcp, JSON.stringify({ mcpServers: servers }));
    },
    writeAgent(agentId: string, servers: Record<string, unknown>) {
      mkdirSync(kit.paths.agentDir(agentId), { recursive: true });
      writeFileSync(kit.paths.configFile(agentId, 'mcp'), JSON.stringify({ mcpServers: servers }));
    },
    async openShared() {
      await kit.manager.openShared();
      await untilSettled(kit.manager);
    },
    server(name: string) {
      const found = kit.manager.status().shared?.servers.find((s) => s.name === name);
      if (!found) throw new Error(`no status for ${name}`);
      return found;
    },
    tool(name: string) {
      const found = kit.manager.sharedTools().find((t) => t.name === name);
      if (!found)
        throw new Error(
          `no tool ${name} in ${kit.manager
            .sharedTools()
            .map((t) => t.name)
            .join(', ')}`,
        );
      return found;
    },
    ctx(options: { signal?: AbortSignal; contextLength?: number; language?: Language } = {}) {
      return {
        agentId: ALICE,
        workDir: null,
        usesBlackboard: false,
        language: options.language ?? 'en',
        agentNames: new Map(),
        paths: kit.paths,
        log: kit.log,
        signal: options.signal ?? new AbortController().signal,
        ...(options.contextLength === undefined ? {} : { contextLength: options.contextLength }),
      };
    },
  });
  return kit;
}
