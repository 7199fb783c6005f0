import { z } from 'zod';
import { MAX_BROWSER_TIMEOUT_MS } from './budget.ts';

/** Request and answer shapes of the browser routes: one definition for HTTP, in-process calls and the tool. */

const targetId = z.string().min(1).max(128);
const ref = z.string().regex(/^e[1-9][0-9]{0,5}$/, 'a ref looks like e1, e2, … (from a snapshot)');
const timeoutMs = z.number().int().min(1).max(MAX_BROWSER_TIMEOUT_MS).optional();
/**
 * Pages to open: http(s), data: and about:blank. Never javascript: (it would run a script in the
 * current page past the evaluateEnabled gate) nor file: or browser-internal pages (local files and
 * settings are not the browser tool's to read).
 */
export const NAVIGABLE_PROTOCOLS = ['http:', 'https:', 'data:'] as const;
const url = z
  .string()
  .min(1)
  .max(8_192)
  .refine((value) => URL.canParse(value), 'not an absolute URL')
  .refine((value) => {
    const parsed = new URL(value);
    return (NAVIGABLE_PROTOCOLS as readonly string[]).includes(parsed.protocol) || value === 'about:blank';
  }, 'only http:, https:, data: and about:blank URLs can be opened');
const script = z.string().min(1).max(100_000);

export const EMPTY_ARGS = z.object({}).strict();
export const TAB_OPEN_ARGS = z.object({ url: url.optional(), timeoutMs }).strict();
export const TAB_ARGS = z.object({ targetId }).strict();
export const NAVIGATE_ARGS = z.object({ targetId, url, timeoutMs }).strict();
export const SNAPSHOT_ARGS = z
  .object({ targetId, selector: z.string().min(1).max(1_000).optional(), timeoutMs })
  .strict();
export const SCREENSHOT_ARGS = z.object({ targetId, fullPage: z.boolean().optional(), timeoutMs }).strict();
export const SETTINGS_ARGS = z.object({ evaluateEnabled: z.boolean().optional() }).strict();

const base = { targetId, timeoutMs };
export const ACT_ARGS = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('click'),
      ...base,
      ref,
      button: z.enum(['left', 'right', 'middle']).optional(),
      doubleClick: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('type'),
      ...base,
      ref,
      text: z.string().max(20_000),
      submit: z.boolean().optional(),
    })
    .strict(),
  z
    .object({ kind: z.literal('press'), ...base, key: z.string().min(1).max(64), ref: ref.optional() })
    .strict(),
  z.object({ kind: z.literal('hover'), ...base, ref }).strict(),
  z
    .object({
      kind: z.literal('select'),
      ...base,
      ref,
      values: z.array(z.string().max(1_000)).min(1).max(100),
    })
    .strict(),
  z
    .object({
      kind: z.literal('fill'),
      ...base,
      fields: z
        .array(z.object({ ref, value: z.union([z.string().max(20_000), z.boolean()]) }).strict())
        .min(1)
        .max(50),
    })
    .strict(),
  z
    .object({
      kind: z.literal('wait'),
      ...base,
      timeMs: z.number().int().min(0).max(MAX_BROWSER_TIMEOUT_MS).optional(),
      text: z.string().min(1).max(1_000).optional(),
      textGone: z.string().min(1).max(1_000).optional(),
      selector: z.string().min(1).max(1_000).optional(),
      url: z.string().min(1).max(8_192).optional(),
      fn: script.optional(),
    })
    .strict()
    .refine(
      (wait) =>
        [wait.timeMs, wait.text, wait.textGone, wait.selector, wait.url, wait.fn].some(
          (v) => v !== undefined,
        ),
      'wait needs at least one of timeMs, text, textGone, selector, url, fn',
    ),
  z
    .object({
      kind: z.literal('evaluate'),
      ...base,
      fn: script,
      ref: ref.optional(),
      backendDOMNodeId: z.number().int().positive().optional(),
    })
    .strict()
    .refine(
      (e) => !(e.ref !== undefined && e.backendDOMNodeId !== undefined),
      'give ref or backendDOMNodeId, not both',
    ),
  z
    .object({
      kind: z.literal('resize'),
      ...base,
      width: z.number().int().min(100).max(8_000),
      height: z.number().int().min(100).max(8_000),
    })
    .strict(),
  z.object({ kind: z.literal('close'), ...base }).strict(),
]);

export type ActRequest = z.infer<typeof ACT_ARGS>;
export type ActKind = ActRequest['kind'];
export const ACT_KINDS = [
  'click',
  'type',
  'press',
  'hover',
  'select',
  'fill',
  'wait',
  'evaluate',
  'resize',
  'close',
] as const satisfies readonly ActKind[];

/** `act` answers this for every kind. */
export interface ActResponse {
  ok: true;
  targetId: string;
  url?: string;
  result?: unknown;
}

export interface TabInfo {
  targetId: string;
  url: string;
  title: string;
  focused: boolean;
}

export interface BrowserStatus {
  running: boolean;
  pid: number | null;
  executable: string;
  evaluateEnabled: boolean;
  tabs: number;
  playwrightConnected: boolean;
}

export interface SnapshotResponse {
  targetId: string;
  url: string;
  snapshot: string;
  refs: Record<string, { role: string; name: string; nth?: number; backendDOMNodeId?: number }>;
  /** How many refs carry a backendDOMNodeId (CDP element evaluate). */
  mapped: number;
}

export interface ScreenshotResponse {
  targetId: string;
  url: string;
  mimeType: 'image/png';
  base64: string;
}
