// The servant settings form: seeding from a spec, validation, and what to send (pure, no DOM).
import { sameSources } from './rag-sources.ts';
import type { AgentSpec, ConfigFileKind, ModelTemplate, Role } from './types.ts';

// The core's tool sets (src/tools/tool-names.ts). Copied, not imported, so no server code enters the
// bundle; agent-form.test.ts checks the copies against the core's lists.
/** The set `enabledTools = null` presents; `run` is bundled but never in it (ledger part 2 §5.7). */
export const DEFAULT_ENABLED_TOOLS = ['remember', 'grep', 'fd', 'diff', 'sd', 'yq', 'file'] as const;
export const BUNDLED_TOOL_NAMES = [...DEFAULT_ENABLED_TOOLS, 'run', 'browser'] as const;
/** Hidden from the servant without a work folder, whatever enabledTools says. */
export const WORK_DIR_TOOL_NAMES = ['grep', 'fd', 'diff', 'sd', 'yq', 'file'] as const;

export const DEFAULT_MAX_TOOL_ITERATIONS = 12;
/** maxToolIterations is a u8 of at least 1 on the wire. */
export const MAX_TOOL_ITERATIONS_LIMIT = 255;

/** What the inputs hold: text fields stay text until sent, so a half-typed number is not lost. */
export interface AgentForm {
  name: string;
  modelTemplateId: string;
  roleId: string | null;
  groupId: string | null;
  /** '' = no work folder (null on the wire). */
  workDir: string;
  /** '' = the default of 12 (null on the wire). */
  maxToolIterations: string;
  /** null = the default set; a list = exactly those tools. */
  enabledTools: string[] | null;
  /** Reference folders for rag, as declared (kept even when invalid; the core marks them). */
  ragSources: string[];
  hearsRoomLog: boolean;
  usesBlackboard: boolean;
  allowHandoff: boolean;
  planReview: boolean;
  batchStart: boolean;
}

/** A new servant: the first template preselected when there is one, the spec defaults elsewhere. */
export function newAgentForm(templates: readonly Pick<ModelTemplate, 'id'>[]): AgentForm {
  return {
    name: '',
    modelTemplateId: templates[0]?.id ?? '',
    roleId: null,
    groupId: null,
    workDir: '',
    maxToolIterations: '',
    enabledTools: null,
    ragSources: [],
    hearsRoomLog: true,
    usesBlackboard: true,
    allowHandoff: true,
    planReview: false,
    batchStart: true,
  };
}

/**
 * The form for an existing servant. Every field is copied, batchStart included (ledger part 2 §1.8:
 * a seed that skips it would reset it to true on save). A group id that no longer resolves is shown
 * as "no group" and written as null on the next save (part 2 §5.5).
 */
export function seedForm(agent: AgentSpec, groups: readonly { id: string }[]): AgentForm {
  return {
    name: agent.name,
    modelTemplateId: agent.modelTemplateId,
    roleId: agent.roleId,
    groupId: agent.groupId !== null && groups.some((g) => g.id === agent.groupId) ? agent.groupId : null,
    workDir: agent.workDir ?? '',
    maxToolIterations: agent.maxToolIterations === null ? '' : String(agent.maxToolIterations),
    enabledTools: agent.enabledTools === null ? null : [...agent.enabledTools],
    ragSources: [...agent.ragSources],
    hearsRoomLog: agent.hearsRoomLog,
    usesBlackboard: agent.usesBlackboard,
    allowHandoff: agent.allowHandoff,
    planReview: agent.planReview,
    batchStart: agent.batchStart,
  };
}

export function copyForm(form: AgentForm): AgentForm {
  return {
    ...form,
    enabledTools: form.enabledTools === null ? null : [...form.enabledTools],
    ragSources: [...form.ragSources],
  };
}

export function formsEqual(a: AgentForm, b: AgentForm): boolean {
  const keys = Object.keys(a) as (keyof AgentForm)[];
  return keys.every((key) =>
    key === 'enabledTools'
      ? sameTools(a.enabledTools, b.enabledTools)
      : key === 'ragSources'
        ? sameSources(a.ragSources, b.ragSources)
        : a[key] === b[key],
  );
}

function sameTools(a: string[] | null, b: string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((name) => b.includes(name));
}

/** Absolute on POSIX (`/x`) or Windows (`C:\x`, `C:/x`, `\\server\share`); the core has the last word. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** '' → null (the default); a whole number 1–255 → itself; anything else → undefined (invalid). */
export function parseMaxToolIterations(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= MAX_TOOL_ITERATIONS_LIMIT ? n : undefined;
}

/** i18n key suffixes under `agentSettings.invalid.*`. */
export type FormProblem =
  'nameEmpty' | 'nameTaken' | 'templateRequired' | 'workDirRelative' | 'iterationsRange';
export type FormErrors = Partial<
  Record<'name' | 'modelTemplateId' | 'workDir' | 'maxToolIterations', FormProblem>
>;

export interface FormContext {
  agents: readonly Pick<AgentSpec, 'id' | 'name'>[];
  /** The servant being edited; null when creating. */
  self: Pick<AgentSpec, 'id' | 'name'> | null;
}

/**
 * What the person must fix before anything is sent. Names are unique after trimming, checked only
 * when the name changes (the core does the same: duplicates from an older village stay editable).
 */
export function validateForm(form: AgentForm, context: FormContext): FormErrors {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'nameEmpty';
  else if (
    name !== context.self?.name.trim() &&
    context.agents.some((a) => a.id !== context.self?.id && a.name.trim() === name)
  ) {
    errors.name = 'nameTaken';
  }
  if (form.modelTemplateId === '') errors.modelTemplateId = 'templateRequired';
  const workDir = form.workDir.trim();
  if (workDir !== '' && !isAbsolutePath(workDir)) errors.workDir = 'workDirRelative';
  if (parseMaxToolIterations(form.maxToolIterations) === undefined)
    errors.maxToolIterations = 'iterationsRange';
  return errors;
}

export function hasErrors(errors: FormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * `create_agent {spec}`: only name, template and role. Everything else is left out on purpose so the
 * core copies the role's defaults (tools, tool limit, Construct.md) once, at creation, and the spec
 * defaults fill the rest. No id: the core issues the smallest free `agent_N`.
 */
export function createSpec(form: AgentForm): { name: string; modelTemplateId: string; roleId?: string } {
  const spec: { name: string; modelTemplateId: string; roleId?: string } = {
    name: form.name.trim(),
    modelTemplateId: form.modelTemplateId,
  };
  if (form.roleId !== null) spec.roleId = form.roleId;
  return spec;
}

export type AgentUpdate = { id: string } & Partial<
  Pick<
    AgentSpec,
    | 'name'
    | 'modelTemplateId'
    | 'roleId'
    | 'groupId'
    | 'workDir'
    | 'maxToolIterations'
    | 'enabledTools'
    | 'ragSources'
    | 'hearsRoomLog'
    | 'usesBlackboard'
    | 'allowHandoff'
    | 'planReview'
    | 'batchStart'
  >
>;

/**
 * `update_agent {spec}` (partial): only the fields that differ from the stored servant, so a
 * toggle made elsewhere meanwhile (the card's batch switch) is not overwritten. The id never changes.
 * Call only with a form that passed validateForm.
 */
export function updateSpec(form: AgentForm, agent: AgentSpec): AgentUpdate {
  const wire = {
    name: form.name.trim(),
    modelTemplateId: form.modelTemplateId,
    roleId: form.roleId,
    groupId: form.groupId,
    workDir: form.workDir.trim() === '' ? null : form.workDir.trim(),
    maxToolIterations: parseMaxToolIterations(form.maxToolIterations) ?? null,
    enabledTools: form.enabledTools === null ? null : orderTools(form.enabledTools),
    // Kept in the person's order, the order the field shows.
    ragSources: [...form.ragSources],
    hearsRoomLog: form.hearsRoomLog,
    usesBlackboard: form.usesBlackboard,
    allowHandoff: form.allowHandoff,
    planReview: form.planReview,
    batchStart: form.batchStart,
  };
  const update: AgentUpdate = { id: agent.id };
  for (const [key, value] of Object.entries(wire) as [keyof typeof wire, unknown][]) {
    const stored = agent[key];
    const same =
      key === 'enabledTools'
        ? sameTools(value as string[] | null, stored as string[] | null)
        : key === 'ragSources'
          ? sameSources(value as string[], stored as string[])
          : value === stored;
    if (!same) (update as Record<string, unknown>)[key] = value;
  }
  return update;
}

/** Which template a role would bring, if it names one that exists. */
export function roleTemplate(
  role: Pick<Role, 'defaults'> | null | undefined,
  templates: readonly Pick<ModelTemplate, 'id'>[],
): string | null {
  const id = role?.defaults.modelTemplateId ?? null;
  return id !== null && templates.some((t) => t.id === id) ? id : null;
}

// ---- enabledTools ----

/** The tools the checkboxes show as on: null shows the default set (its effect, not a stored list). */
export function effectiveTools(enabledTools: readonly string[] | null): string[] {
  return enabledTools === null ? [...DEFAULT_ENABLED_TOOLS] : [...enabledTools];
}

/** Touching a checkbox turns null into an explicit list (part 2 §5.7); bundled order, unknowns kept last. */
export function withTool(enabledTools: readonly string[] | null, name: string, on: boolean): string[] {
  const current = new Set(effectiveTools(enabledTools));
  if (on) current.add(name);
  else current.delete(name);
  return orderTools([...current]);
}

function orderTools(names: readonly string[]): string[] {
  const bundled: readonly string[] = BUNDLED_TOOL_NAMES;
  const known = bundled.filter((name) => names.includes(name));
  const unknown = names.filter((name) => !bundled.includes(name));
  return [...known, ...unknown];
}

/** Bundled tools the default set leaves out (run, browser): the settings hint names them from here. */
export function toolsOffByDefault(): string[] {
  const defaults: readonly string[] = DEFAULT_ENABLED_TOOLS;
  return BUNDLED_TOOL_NAMES.filter((name) => !defaults.includes(name));
}

/** The settings hint's `{n}` and `{off}`: the default set's size and the left-out tools as a list. */
export function defaultToolsHintParams(locale: string): { n: number; off: string } {
  return {
    n: DEFAULT_ENABLED_TOOLS.length,
    off: new Intl.ListFormat(locale, { type: 'conjunction' }).format(toolsOffByDefault()),
  };
}

export function needsWorkDir(tool: string): boolean {
  return (WORK_DIR_TOOL_NAMES as readonly string[]).includes(tool);
}

// ---- per-servant files ----

export const PERSONA_FILE_KINDS = [
  'skill',
  'construct',
  'memory',
] as const satisfies readonly ConfigFileKind[];
export const JSON_FILE_KINDS = ['mcp', 'run'] as const satisfies readonly ConfigFileKind[];
export type JsonFileKind = (typeof JSON_FILE_KINDS)[number];

export const CONFIG_FILE_NAMES: Record<ConfigFileKind, string> = {
  skill: 'SKILL.md',
  construct: 'Construct.md',
  memory: 'Memory.md',
  mcp: 'mcp.json',
  run: 'run.json',
};

export const RUN_TIMEOUT_DEFAULT_SECS = 60;
export const RUN_TIMEOUT_MAX_SECS = 3600;

/**
 * The empty shells the template buttons insert: the outer shape only, no examples (ledger part 5
 * §1.3 — an example left in would become a permission). run.json is the core's default policy
 * (src/world/run-json.ts defaultPolicy) without `pending`, which the servant owns.
 */
export function emptyShell(kind: JsonFileKind): string {
  const shell =
    kind === 'mcp'
      ? { mcpServers: {} }
      : { version: 1, allow: [], deny: [], timeoutSecs: RUN_TIMEOUT_DEFAULT_SECS };
  return `${JSON.stringify(shell, null, 2)}\n`;
}

/** An i18n key under `agentSettings.problem.*` with its parameters. */
export interface FileProblem {
  key: 'notJsonAt' | 'notObject' | 'mcpServers' | 'stringList' | 'timeout';
  params: Record<string, string | number>;
}

/**
 * Where JSON fails to parse, as line and column only: engines' messages differ, some carry no
 * position, and some quote the text — these files may hold tokens (MCP headers).
 */
export function jsonSyntaxProblem(text: string): FileProblem | null {
  const offset = jsonErrorOffset(text);
  if (offset === null) return null;
  const before = text.slice(0, offset);
  return notJsonAt(before.split('\n').length, offset - before.lastIndexOf('\n'));
}

/** The offset of the first JSON syntax error (RFC 8259), or null when the text is one valid value. */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const fail = (at = i): never => {
    throw at;
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (const c of word) {
      if (text[i] !== c) fail();
      i++;
    }
  };
  const digits = () => {
    const from = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    if (i === from) fail();
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail();
      const c = text[i]!;
      if (c === '"') return void i++;
      if (c < ' ') fail();
      if (c === '\\') {
        i++;
        const e = text[i];
        if (e === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail(i + k);
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail();
      } else i++;
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    fail();
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return null;
  } catch (offset) {
    if (typeof offset !== 'number') throw offset;
    return Math.min(offset, text.length);
  }
}

function notJsonAt(line: number, column: number): FileProblem {
  return { key: 'notJsonAt', params: { line, column } };
}

/**
 * The checks the page can make before sending mcp.json / run.json; the core validates fully and
 * lists every problem when it refuses. Empty text is valid: saving it removes the file.
 */
export function jsonFileProblem(kind: JsonFileKind, text: string): FileProblem | null {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') return null;
  const syntax = jsonSyntaxProblem(body);
  if (syntax) return syntax;
  const root: unknown = JSON.parse(body);
  if (!isPlainObject(root)) return { key: 'notObject', params: {} };
  if (kind === 'mcp') {
    if (Object.hasOwn(root, 'mcpServers') && !isPlainObject(root.mcpServers)) {
      return { key: 'mcpServers', params: {} };
    }
    return null;
  }
  for (const key of ['allow', 'deny']) {
    const list = root[key];
    if (list !== undefined && !(Array.isArray(list) && list.every((item) => typeof item === 'string'))) {
      return { key: 'stringList', params: { field: key } };
    }
  }
  const timeout = root.timeoutSecs;
  if (
    timeout !== undefined &&
    !(
      typeof timeout === 'number' &&
      Number.isInteger(timeout) &&
      timeout >= 1 &&
      timeout <= RUN_TIMEOUT_MAX_SECS
    )
  ) {
    return { key: 'timeout', params: { max: RUN_TIMEOUT_MAX_SECS } };
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
