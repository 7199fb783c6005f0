import type { ToolSpec } from '../../llm/canonical.ts';
import { isCoreError } from '../../domain/errors.ts';
import type { Language } from '../../domain/enums.ts';
import type { AgentTool, ToolContext, ToolSpecContext } from '../../orchestrator/tool.ts';
import { BROWSER_DESCRIPTIONS } from './descriptions.ts';

/** The browser routes as the tool calls them (in process: the same handlers as HTTP). */
export type BrowserDispatch = (route: string, body: unknown, signal: AbortSignal) => Promise<unknown>;

const ACTIONS = ['tabs', 'open', 'navigate', 'snapshot', 'act'] as const;
type Action = (typeof ACTIONS)[number];

/** A snapshot longer than this is cut (refs past the cut still work; the model is told). */
export const SNAPSHOT_MAX_CHARS = 30_000;
const RESULT_MAX_CHARS = 8_000;

function browserSpec(ctx: ToolSpecContext): ToolSpec {
  const d = BROWSER_DESCRIPTIONS[ctx.language];
  return {
    name: 'browser',
    description: d.description,
    parameters: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: [...ACTIONS], description: d.action },
        targetId: { type: 'string', description: d.targetId },
        url: { type: 'string', description: d.url },
        selector: { type: 'string', description: d.selector },
        request: { type: 'object', description: d.request },
      },
      required: ['action'],
    },
  };
}

/**
 * The bundled `browser` tool (opt-in through enabledTools). It starts Chromium on first use and
 * passes the turn's signal down, so an interrupt ends a running evaluate like a client disconnect.
 */
export function browserTool(dispatch: BrowserDispatch): AgentTool {
  return {
    name: 'browser',
    wantsReason: true,
    specFor: browserSpec,
    execute: async (args, ctx) => {
      try {
        return await run(dispatch, args, ctx);
      } catch (error) {
        return failureText(error, ctx.language);
      }
    },
  };
}

async function run(
  dispatch: BrowserDispatch,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<string> {
  const action = args.action;
  if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) {
    return ctx.language === 'ja'
      ? `action は ${ACTIONS.join(' / ')} のどれかです。`
      : `action must be one of ${ACTIONS.join(' / ')}.`;
  }
  const call = (route: string, body: unknown) => dispatch(route, body, ctx.signal);
  await call('start', {});
  const given = typeof args.targetId === 'string' && args.targetId !== '' ? args.targetId : null;
  switch (action as Action) {
    case 'tabs':
      return json(await call('tabs', {}));
    case 'open':
      return json(await call('tabs/open', args.url === undefined ? {} : { url: args.url }));
    case 'navigate': {
      const targetId =
        given ?? (await defaultTab(call)) ?? ((await call('tabs/open', {})) as { targetId: string }).targetId;
      return json(await call('navigate', { targetId, url: args.url }));
    }
    case 'snapshot': {
      const targetId = given ?? (await requireDefaultTab(call, ctx.language));
      const body = args.selector === undefined ? { targetId } : { targetId, selector: args.selector };
      const snap = (await call('snapshot', body)) as { targetId: string; url: string; snapshot: string };
      return snapshotText(snap, ctx.language);
    }
    case 'act': {
      const request = args.request;
      if (typeof request !== 'object' || request === null || Array.isArray(request)) {
        return ctx.language === 'ja'
          ? 'act には request: {kind, ...} が要ります（例: {"kind": "click", "ref": "e3"}）。'
          : 'act needs request: {kind, ...} (for example {"kind": "click", "ref": "e3"}).';
      }
      const targetId = given ?? (await requireDefaultTab(call, ctx.language));
      return json(await call('act', { ...request, targetId }));
    }
  }
}

type Call = (route: string, body: unknown) => Promise<unknown>;

async function defaultTab(call: Call): Promise<string | null> {
  const { tabs } = (await call('tabs', {})) as { tabs: Array<{ targetId: string; focused: boolean }> };
  return (tabs.find((tab) => tab.focused) ?? tabs[0])?.targetId ?? null;
}

async function requireDefaultTab(call: Call, language: Language): Promise<string> {
  const targetId = await defaultTab(call);
  if (targetId) return targetId;
  throw new Error(
    language === 'ja'
      ? 'タブがありません。先に navigate で開いてください。'
      : 'There is no tab: navigate first.',
  );
}

function snapshotText(snap: { targetId: string; url: string; snapshot: string }, language: Language): string {
  const head = `targetId: ${snap.targetId}\nurl: ${snap.url}\n`;
  if (snap.snapshot.length <= SNAPSHOT_MAX_CHARS) return `${head}${snap.snapshot}`;
  const note =
    language === 'ja'
      ? `\n…（${SNAPSHOT_MAX_CHARS} 文字で切りました。selector で範囲を絞れます）`
      : `\n… (cut at ${SNAPSHOT_MAX_CHARS} characters; a selector narrows the snapshot)`;
  return `${head}${snap.snapshot.slice(0, SNAPSHOT_MAX_CHARS)}${note}`;
}

function json(value: unknown): string {
  const text = JSON.stringify(value, null, 1) ?? 'null';
  return text.length <= RESULT_MAX_CHARS ? text : `${text.slice(0, RESULT_MAX_CHARS)}…`;
}

/** Failures come back as text (never thrown), with the stable code when there is one. */
function failureText(error: unknown, language: Language): string {
  const label = language === 'ja' ? 'エラー' : 'error';
  if (isCoreError(error)) {
    const detail = error.detail ? ` (${error.detail.split('\n')[0]!.slice(0, 300)})` : '';
    return `${label} ${error.code}: ${error.message}${detail}`;
  }
  return `${label}: ${error instanceof Error ? error.message : String(error)}`;
}
