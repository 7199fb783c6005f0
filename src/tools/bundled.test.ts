import { describe, expect, it } from 'vitest';
import { EventBus } from '../domain/events.ts';
import type { Village } from '../world/village.ts';
import { bundledTools } from './bundled.ts';
import {
  BUNDLED_TOOL_NAMES,
  DEFAULT_ENABLED_TOOLS,
  isBundledToolPresented,
  SELF_GATED_TOOL_NAMES,
  WORK_DIR_TOOL_NAMES,
} from './tool-names.ts';

describe('the bundled tool set', () => {
  it('is BUNDLED_TOOL_NAMES in that order, then the self-gated tools, every tool asking for a reason', () => {
    const tools = bundledTools({} as Village, new EventBus());
    expect(tools.map((t) => t.name)).toEqual([...BUNDLED_TOOL_NAMES, ...SELF_GATED_TOOL_NAMES]);
    // rag and the blackboard are offered by their own gates (ledger part 2 §5.7, part 5 D13): in none
    // of the enabledTools lists.
    for (const list of [BUNDLED_TOOL_NAMES, DEFAULT_ENABLED_TOOLS, WORK_DIR_TOOL_NAMES]) {
      expect(list as readonly string[]).not.toContain('rag');
      expect(list as readonly string[]).not.toContain('blackboard');
    }
    expect(tools.every((t) => t.wantsReason)).toBe(true);
    expect(BUNDLED_TOOL_NAMES).toHaveLength(9);
    expect(DEFAULT_ENABLED_TOOLS).not.toContain('browser');
    expect(DEFAULT_ENABLED_TOOLS).not.toContain('run');
    expect(WORK_DIR_TOOL_NAMES).not.toContain('run');
  });

  it('offers the defaults for null, exactly the list otherwise, and hides the six without a work folder', () => {
    const offered = (enabled: string[] | null, workDir: boolean) =>
      BUNDLED_TOOL_NAMES.filter((name) => isBundledToolPresented(name, enabled, workDir));
    expect(offered(null, true)).toEqual(['remember', 'grep', 'fd', 'diff', 'sd', 'yq', 'file']);
    expect(offered(null, false)).toEqual(['remember']);
    expect(offered(['run', 'grep'], true)).toEqual(['grep', 'run']);
    expect(offered(['run', 'grep'], false)).toEqual(['run']);
    expect(offered([], true)).toEqual([]);
  });

  it('hands the blackboard to every turn whatever enabledTools says: its own gate decides', () => {
    for (const enabled of [null, [], ['grep']]) {
      expect(isBundledToolPresented('blackboard', enabled, true)).toBe(true);
      expect(isBundledToolPresented('blackboard', enabled, false)).toBe(true);
    }
  });
});
