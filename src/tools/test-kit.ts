/** Shared by the tool tests: a temporary work folder inside a temporary village, and a ToolContext. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MemoryDiagLog } from '../diag/log.ts';
import type { AgentId } from '../domain/ids.ts';
import type { ToolContext } from '../orchestrator/tool.ts';
import { VillagePaths } from '../world/paths.ts';

export interface ToolSandbox {
  /** The temporary root: `workspace/`, `home/`, `work/` (the work folder) and `outside/` live here. */
  root: string;
  workDir: string;
  outside: string;
  log: MemoryDiagLog;
  ctx: (overrides?: Partial<ToolContext>) => ToolContext;
  /** Write a file under the work folder (folders created). */
  put: (rel: string, content: string | Uint8Array) => string;
  cleanup: () => void;
}

export function toolSandbox(): ToolSandbox {
  const root = mkdtempSync(join(tmpdir(), 'fuseforks-tools-'));
  const workDir = join(root, 'work');
  const outside = join(root, 'outside');
  for (const dir of [workDir, outside, join(root, 'workspace'), join(root, 'home')]) mkdirSync(dir);
  const log = new MemoryDiagLog();
  const paths = new VillagePaths(join(root, 'workspace'), join(root, 'home'));
  return {
    root,
    workDir,
    outside,
    log,
    ctx: (overrides = {}) => ({
      agentId: 'alice' as AgentId,
      workDir,
      usesBlackboard: true,
      language: 'ja',
      agentNames: new Map([['alice', 'Alice']]),
      paths,
      log,
      signal: new AbortController().signal,
      ...overrides,
    }),
    put: (rel, content) => {
      const abs = join(workDir, rel);
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
      return abs;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
